/// Code shown in a session's video, at a moment of it.
public struct CodeSnippet: Hashable, Sendable {
    public var title: String
    /// `swift`, `objectivec`, `json`, ... (open set).
    public var language: String?
    /// Seconds into the video.
    public var startTime: Double?
    public var endTime: Double?
    /// The plain code (`unstyledCode`, else `code` with its markup removed).
    public var code: String
    /// The styled code as read, until the decoder has made `code` from it.
    var markup: String?

    public init(title: String = "", language: String? = nil, startTime: Double? = nil, endTime: Double? = nil, code: String = "") {
        self.title = title
        self.language = language
        self.startTime = startTime
        self.endTime = endTime
        self.code = code
    }
}
