/// The video and documents of a session.
public struct Media: Hashable, Sendable {
    /// A link of a kind wwdc does not know (`downloadHLS`, ...), kept as the feed gave it.
    public struct Link: Hashable, Sendable {
        public var kind: String
        public var url: String

        public init(kind: String, url: String) {
            self.kind = kind
            self.url = url
        }
    }

    public var hls: String?
    public var tvOSHLS: String?
    public var downloadHD: String?
    public var downloadSD: String?
    public var slides: String?
    public var subtitles: String?
    /// Seconds.
    public var duration: Double?
    public var chapters: [Chapter]
    /// Links of other kinds, sorted by kind.
    public var otherLinks: [Link]

    public init(hls: String? = nil, tvOSHLS: String? = nil, downloadHD: String? = nil, downloadSD: String? = nil,
                slides: String? = nil, subtitles: String? = nil, duration: Double? = nil, chapters: [Chapter] = [],
                otherLinks: [Link] = []) {
        self.hls = hls
        self.tvOSHLS = tvOSHLS
        self.downloadHD = downloadHD
        self.downloadSD = downloadSD
        self.slides = slides
        self.subtitles = subtitles
        self.duration = duration
        self.chapters = chapters
        self.otherLinks = otherLinks
    }
}
