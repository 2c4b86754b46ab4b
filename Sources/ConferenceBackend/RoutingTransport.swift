import Foundation

/// Sends file URLs to the folder transport and http(s) URLs to the HTTP transport: a folder's config
/// may name feeds on a server.
public struct RoutingTransport: FeedTransport {
    private let http = HTTPTransport()
    private let folder = FolderTransport()

    public init() {}

    public func fetch(_ request: FeedRequest, completion: @escaping @Sendable (Result<FeedResponse, BackendError>) -> Void) -> FeedFetch {
        request.url.isFileURL ? folder.fetch(request, completion: completion) : http.fetch(request, completion: completion)
    }
}
