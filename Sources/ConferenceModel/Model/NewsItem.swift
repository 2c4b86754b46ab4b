/// An item of `news.json`, or an article of the event `news` of `contents.json`.
public struct NewsItem: Hashable, Sendable {
    /// A photo of a gallery item, by identifier (Apple builds the image URL from it).
    public struct Photo: Hashable, Sendable {
        public var id: String
        /// Width divided by height.
        public var ratio: Double?

        public init(id: String, ratio: Double? = nil) {
            self.id = id
            self.ratio = ratio
        }
    }

    public var id: String
    public var title: String
    public var body: String?
    public var timestamp: FeedDate?
    /// Apple's visibility predicate, e.g. `user.accessLevel == 6`.
    public var visibility: String?
    public var type: String?
    public var photos: [Photo]
    /// Its page on the web (news published as contents items).
    public var url: String?

    public init(id: String, title: String, body: String? = nil, timestamp: FeedDate? = nil, visibility: String? = nil,
                type: String? = nil, photos: [Photo] = [], url: String? = nil) {
        self.id = id
        self.title = title
        self.body = body
        self.timestamp = timestamp
        self.visibility = visibility
        self.type = type
        self.photos = photos
        self.url = url
    }
}
