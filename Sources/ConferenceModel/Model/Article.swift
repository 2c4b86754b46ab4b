/// The body of an `Article` item, from the `articles` feed, found by the item's `articleID`.
public struct Article: Hashable, Sendable {
    public var id: String
    public var title: String?
    /// As the feed wrote it (plain text or HTML).
    public var body: String?
    public var webPermalink: String?

    public init(id: String, title: String? = nil, body: String? = nil, webPermalink: String? = nil) {
        self.id = id
        self.title = title
        self.body = body
        self.webPermalink = webPermalink
    }
}
