/// A chapter of a session's video.
public struct Chapter: Hashable, Sendable {
    public var title: String
    /// Seconds into the video.
    public var start: Double
    public var end: Double?
    public var summary: String?

    public init(title: String, start: Double, end: Double? = nil, summary: String? = nil) {
        self.title = title
        self.start = start
        self.end = end
        self.summary = summary
    }
}
