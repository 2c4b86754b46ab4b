/// The video and documents of a session.
public struct Media: Hashable, Sendable {
    public var hls: String?
    public var tvOSHLS: String?
    public var downloadHD: String?
    public var downloadSD: String?
    public var slides: String?
    public var subtitles: String?
    /// Seconds.
    public var duration: Double?

    public init(hls: String? = nil, tvOSHLS: String? = nil, downloadHD: String? = nil, downloadSD: String? = nil,
                slides: String? = nil, subtitles: String? = nil, duration: Double? = nil) {
        self.hls = hls
        self.tvOSHLS = tvOSHLS
        self.downloadHD = downloadHD
        self.downloadSD = downloadSD
        self.slides = slides
        self.subtitles = subtitles
        self.duration = duration
    }
}
