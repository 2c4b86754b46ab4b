import ConferenceModel
import Foundation

/// One of the account's lists as its step fetched it, page by page, for the save step to merge.
struct FetchedList<Item: Sendable>: Sendable {
    /// The items as the service has them, in page order; nil when no page came.
    var items: [Item]?
    var pages = 0
    /// The store's change counter when the list was fetched: the merge leaves alone the local changes
    /// above it (made meanwhile).
    var watermark: Int64
    /// The items left out (an unusable session id), for the sync's summary.
    var skipped: [FeedIssue] = []
}
