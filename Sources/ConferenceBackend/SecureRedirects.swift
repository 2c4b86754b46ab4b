import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Follows a redirect only to an address wwdc would have asked for itself (https, or http on this
/// machine): a server cannot send an account request or a password on to plain http elsewhere
/// (feed requests follow the same rule in ``HTTPTransport``). A refused redirect ends the request
/// with the redirect's own answer (an HTTP 3xx error).
public final class SecureRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    public func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(Self.allows(request) ? request : nil)
    }

    /// Whether a redirect to `request` may be followed: https, or http on this machine.
    static func allows(_ request: URLRequest) -> Bool {
        guard let url = request.url else { return false }
        return (try? ConferenceSource.requireSecure(url)) != nil
    }
}
