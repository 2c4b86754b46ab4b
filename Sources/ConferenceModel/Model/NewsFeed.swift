/// The decoded `news.json`.
public struct NewsFeed: Hashable, Sendable {
    public var items: [NewsItem]
    /// Items skipped and fields ignored while decoding.
    public var issues: [FeedIssue]

    public init(items: [NewsItem] = [], issues: [FeedIssue] = []) {
        self.items = items
        self.issues = issues
    }
}
