import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches feeds over http(s) with URLSession: conditional requests, no cache, a time limit per request,
/// and a truncated body caught by its Content-Length.
///
/// A download task, not a data task: the body goes to a file and is read back at its exact size,
/// instead of growing in memory by doubling (a 27 MB feed would briefly take 64 MB).
public struct HTTPTransport: FeedTransport {
    private let session: URLSession

    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        // The transcripts step bounds its own concurrency; Foundation's default of six per host must not.
        configuration.httpMaximumConnectionsPerHost = 64
        session = URLSession(configuration: configuration, delegate: SecureRedirects(), delegateQueue: nil)
    }

    public func fetch(_ request: FeedRequest, completion: @escaping @Sendable (Result<FeedResponse, BackendError>) -> Void) -> FeedFetch {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        if let etag = request.etag { urlRequest.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        let task = session.downloadTask(with: urlRequest) { file, response, error in
            // The file is deleted when this handler returns: read it now.
            let data = file.flatMap { try? Data(contentsOf: $0) }
            completion(Self.outcome(of: request, data: data, response: response, error: error))
        }
        task.resume()
        return FeedFetch { task.cancel() }
    }

    static func outcome(of request: FeedRequest, data: Data?, response: URLResponse?, error: (any Error)?) -> Result<FeedResponse, BackendError> {
        if let error { return .failure(classify(error, request: request)) }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.transport(feed: request.feed, detail: "no HTTP response"))
        }
        let etag = http.value(forHTTPHeaderField: "ETag")
        switch http.statusCode {
        case 304:
            return .success(.notModified(etag: etag ?? request.etag))
        case 200..<300:
            let body = data ?? Data()
            if http.expectedContentLength >= 0, Int64(body.count) < http.expectedContentLength {
                return .failure(.connectionLost(feed: request.feed,
                                                detail: "received \(body.count) of \(http.expectedContentLength) bytes"))
            }
            return .success(.modified(body, etag: etag))
        default:
            return .failure(.httpStatus(feed: request.feed, status: http.statusCode, url: request.url,
                                        retryAfter: http.value(forHTTPHeaderField: "Retry-After").flatMap(Self.seconds(retryAfter:))))
        }
    }

    /// A Retry-After header's seconds: a number, or an HTTP date from now; nil when it is neither.
    static func seconds(retryAfter value: String) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(text), seconds.isFinite, seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text).map { max(0, $0.timeIntervalSinceNow) }
    }

    static func classify(_ error: any Error, request: FeedRequest) -> BackendError {
        guard let urlError = error as? URLError else {
            return .transport(feed: request.feed, detail: String(describing: error))
        }
        switch urlError.code {
        case .timedOut:
            return .timedOut(feed: request.feed, seconds: request.timeout)
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
            return .unreachable(source: request.url.host ?? request.url.absoluteString, reason: urlError.localizedDescription)
        case .cancelled:
            return .transport(feed: request.feed, detail: "cancelled")
        default:
            // A dropped connection or a body cut short: libcurl reports these under several codes.
            return .connectionLost(feed: request.feed, detail: Self.shortDescription(urlError))
        }
    }

    private static func shortDescription(_ error: URLError) -> String {
        switch error.code {
        case .networkConnectionLost: "the server closed the connection"
        case .badServerResponse: "bad server response"
        case .zeroByteResource: "empty response"
        case .cannotParseResponse: "unreadable response"
        case .cancelled: "cancelled"
        default: error.localizedDescription
        }
    }
}
