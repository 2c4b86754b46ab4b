import Foundation

/// What a `contents.json` holds, counted while checking it.
public struct ContentsSummary: Sendable, Equatable {
    public var events = 0
    public var sessions = 0
    public var scheduled = 0
    public var withMedia = 0

    init() {}

    init(_ feed: ContentsFeed) {
        events = feed.events.count
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
    /// keeping the decoded sessions: the sync stages the JSON itself and the store decodes it again
    /// while it writes, which is faster and takes far less memory than holding the decoded feed.
    public static func checkContents(_ data: Data, feed: String = "contents.json") throws -> ContentsSummary {
        let decoder = ContentsStreamDecoder(data: data)
        decoder.start()
        defer { decoder.cancelAndWait() }
        var summary = ContentsSummary()
        var hasLists = false
        while let piece = decoder.next() {
            switch piece {
            case let .lists(lists):
                summary.events = lists.events.count
                hasLists = true
            case let .sessions(sessions):
                summary.add(sessions)
            case .unsupported:
                return ContentsSummary(try contents(from: data, feed: feed))
            }
        }
        guard hasLists else { return ContentsSummary(try contents(from: data, feed: feed)) }
        return summary
    }
}
