/// The decoded `news.json`.
public struct NewsFeed: Hashable, Sendable {
    public var items: [NewsItem]

    public init(items: [NewsItem] = []) {
        self.items = items
    }
}
