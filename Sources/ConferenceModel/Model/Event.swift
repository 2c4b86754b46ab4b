/// A conference edition (`wwdc2017`), from the `events` list of `contents.json`.
public struct Event: Hashable, Sendable {
    public var id: String
    public var name: String
    public var startTime: FeedDate?
    public var endTime: FeedDate?
    /// True for the edition the feed considers current.
    public var isCurrent: Bool
    public var webURLKey: String?
    public var imagesPath: String?
    public var hashtag: String?

    public init(id: String, name: String, startTime: FeedDate? = nil, endTime: FeedDate? = nil, isCurrent: Bool = false,
                webURLKey: String? = nil, imagesPath: String? = nil, hashtag: String? = nil) {
        self.id = id
        self.name = name
        self.startTime = startTime
        self.endTime = endTime
        self.isCurrent = isCurrent
        self.webURLKey = webURLKey
        self.imagesPath = imagesPath
        self.hashtag = hashtag
    }
}
