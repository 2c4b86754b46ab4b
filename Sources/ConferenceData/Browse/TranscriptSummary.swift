/// That a session has a transcript, and how long it is: what `wwdc session` shows of it.
public struct TranscriptSummary: Hashable, Sendable {
    /// The feed's language code (`eng`, `jpn`).
    public var language: String
    /// Where its last line starts, in seconds into the video.
    public var duration: Double
    public var lineCount: Int

    public init(language: String, duration: Double, lineCount: Int) {
        self.language = language
        self.duration = duration
        self.lineCount = lineCount
    }
}
