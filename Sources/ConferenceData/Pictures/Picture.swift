import Foundation

/// A picture the feeds name: a session's (its event's `imagesPath`, its `staticContentId`) or a
/// photo of a news item's gallery, at the address the rules of docs/feed-format.md give.
public struct Picture: Sendable, Hashable {
    /// What it shows: the session's id, or the photo's id.
    public var id: String
    /// What it belongs to: the session's id, or the news item's.
    public var owner: String
    public var url: URL
    /// The size the feed announces, in pixels (the file's own is read once it is fetched).
    public var width: Int?
    public var height: Int?

    public init(id: String, owner: String, url: URL, width: Int? = nil, height: Int? = nil) {
        self.id = id
        self.owner = owner
        self.url = url
        self.width = width
        self.height = height
    }
}
