import ConferenceModel
import Foundation

/// How a feed step reads its feed: the decoder, what of the body it keeps, what stands in for a feed
/// unchanged since the last sync.
struct FeedReading<Feed: Sendable>: Sendable {
    /// Decodes a body: the feed and what reading it skipped and ignored.
    var decode: @Sendable (Data) throws -> (Feed, [FeedIssue])
    /// Whether the body itself goes on to the save step (the config, saved as it came; contents,
    /// decoded again while it is written, which takes less memory than holding the decoded feed).
    var keepsBody = false
    /// What is read when the server says the feed has not changed; nil: nothing.
    var unchanged: (@Sendable () throws -> (Feed, [FeedIssue]))?
}

extension FeedReading where Feed: DecodedFeed {
    /// A feed read whole by `decode`, with the issues it found.
    static func decoded(_ decode: @escaping @Sendable (Data) throws -> Feed) -> FeedReading {
        FeedReading(decode: { data in
            let feed = try decode(data)
            return (feed, feed.issues)
        })
    }
}
