import Foundation

/// What a `contents.json` holds, counted while checking it.
public struct ContentsSummary: Sendable, Equatable {
    public var events = 0
    public var sessions = 0
    public var scheduled = 0
    public var withMedia = 0
    /// Items skipped and fields ignored.
    public var issues: [FeedIssue] = []

    init() {}

    init(_ feed: ContentsFeed) {
        events = feed.events.count
        issues = feed.issues
        add(feed.sessions)
    }

    mutating func add(_ sessions: [Session]) {
        self.sessions += sessions.count
        scheduled += sessions.filter { $0.startTime != nil }.count
        withMedia += sessions.filter { $0.media != nil }.count
    }
}

extension FeedDecoder {
    /// Checks a `contents.json` completely, with the errors of ``contents(from:feed:)``, without
    /// keeping the decoded items: the sync stages the JSON itself and the store decodes it again
    /// while it writes, which takes far less memory than holding the decoded feed.
    ///
    /// Its batches are counted and dropped, so they are small: the sync's save decodes the same feed
    /// beside it, and the two together must not hold more than the save alone did.
    public static func checkContents(_ data: Data, feed: String = "contents.json") throws -> ContentsSummary {
        var summary = ContentsSummary()
        let lists = try document(data, feed: feed) { bytes in
            try ContentsReader(feed: feed, batchSize: 50).read(bytes) { summary.add($0) }
        }
        summary.events = lists.events.count
        summary.issues = lists.issues
        return summary
    }
}
