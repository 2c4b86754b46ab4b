import Foundation

/// A request for one feed.
public struct FeedRequest: Sendable {
    /// The feed's file name, for messages (`contents.json`).
    public var feed: String
    public var url: URL
    /// The ETag from the last sync: the server answers 304 when nothing changed.
    public var etag: String?
    /// The Last-Modified date from the last fetch, sent as If-Modified-Since (for a server that
    /// gives no ETag).
    public var lastModified: String?
    public var timeout: TimeInterval
    /// The most bytes the body may have once decoded: a larger one is refused, unread.
    public var limit: Int64
    /// What the request accepts (its `Accept` header).
    public var accept: String

    public init(feed: String, url: URL, etag: String?, lastModified: String? = nil, timeout: TimeInterval,
                limit: Int64 = FeedRequest.defaultLimit, accept: String = "application/json") {
        self.feed = feed
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.timeout = timeout
        self.limit = limit
        self.accept = accept
    }

    /// The most a feed may hold once decoded, unless told otherwise: 64 MB, thirty times the largest of Apple's.
    public static let defaultLimit: Int64 = 64_000_000
}

/// What came back for a feed.
public enum FeedResponse: Sendable, Equatable {
    /// A body, with the ETag (and the Last-Modified date) to send next time.
    case modified(Data, etag: String?, lastModified: String? = nil)
    /// Unchanged since the ETag sent (HTTP 304): nothing to parse.
    case notModified(etag: String?)
}

/// Fetches feeds. Calls `completion` exactly once; cancelling the returned fetch stops it.
public protocol FeedTransport: Sendable {
    func fetch(_ request: FeedRequest, completion: @escaping @Sendable (Result<FeedResponse, BackendError>) -> Void) -> FeedFetch
}

/// A fetch in flight, cancellable.
public final class FeedFetch: Sendable {
    private let onCancel: @Sendable () -> Void

    public init(onCancel: @escaping @Sendable () -> Void = {}) {
        self.onCancel = onCancel
    }

    public func cancel() { onCancel() }
}
