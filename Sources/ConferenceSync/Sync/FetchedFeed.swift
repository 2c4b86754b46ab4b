import ConferenceModel
import Foundation

/// What a feed step hands on: the feed as read, with the ETag to remember, its size and what reading
/// it skipped.
struct FetchedFeed<Feed: Sendable>: Sendable {
    let kind: FeedKind
    /// The ETag to remember; nil when the server gave none.
    let etag: String?
    /// The feed as read; nil when it has not changed since the last sync (the config excepted: its
    /// saved copy is read then).
    let feed: Feed?
    /// The body as it came, for the steps that save it whole (``FeedReading/keepsBody``); nil otherwise,
    /// and when it has not changed.
    let body: Data?
    /// The body's size; nil when it has not changed since the last sync.
    let bytes: Int?
    /// Items skipped and fields ignored.
    let issues: [FeedIssue]

}

/// What every feed step's output says of its fetch, whatever the feed: for the save step's ETags and
/// the sync's summary.
protocol FeedFetchRecord: Sendable {
    var kind: FeedKind { get }
    var etag: String? { get }
    var bytes: Int? { get }
    var issues: [FeedIssue] { get }
}

extension FeedFetchRecord {
    /// Whether the server said it has not changed since the last sync (HTTP 304).
    var isUnchanged: Bool { bytes == nil }
}

extension FetchedFeed: FeedFetchRecord {}
