/// A session's transcript as it is read: paragraphs, each with the second its first line starts at
/// and its lines joined into one text (cleaned like every text leaving the store).
public struct SessionTranscript: Hashable, Sendable {
    /// One paragraph of speech.
    public struct Paragraph: Hashable, Sendable {
        /// Seconds into the video where its first line starts.
        public var start: Double
        /// Its lines, joined by a space.
        public var text: String

        public init(start: Double, text: String) {
            self.start = start
            self.text = text
        }
    }

    public var sessionID: String
    public var title: String
    /// The feed's language code (`eng`, `jpn`).
    public var language: String
    /// Where its last line starts, in seconds.
    public var duration: Double
    public var paragraphs: [Paragraph]

    public init(sessionID: String, title: String, language: String, duration: Double, paragraphs: [Paragraph]) {
        self.sessionID = sessionID
        self.title = title
        self.language = language
        self.duration = duration
        self.paragraphs = paragraphs
    }

    /// The index of the paragraph being spoken at `second`: the last one starting at or before it
    /// (the first when `second` comes before any); nil when there are no paragraphs.
    public func paragraphIndex(at second: Double) -> Int? {
        guard !paragraphs.isEmpty else { return nil }
        return paragraphs.lastIndex { $0.start <= second } ?? 0
    }

    /// The paragraphs from the one being spoken at `second` on (all of them for nil).
    public func paragraphs(from second: Double?) -> ArraySlice<Paragraph> {
        guard let second, let index = paragraphIndex(at: second) else { return paragraphs[...] }
        return paragraphs[index...]
    }
}

extension SessionTranscript {
    /// A transcript: `transcript --json` and the assistant's `get_transcript`, its paragraphs those
    /// asked for.
    public static let document = DocumentShape<SessionTranscript>([
        .string("id", "the session's id", \.sessionID),
        .string("title", "its title", \.title),
        .string("language", "the feed's language code (eng, jpn)", \.language),
        .number("duration", "where its last line starts, in seconds", \.duration),
        .list("paragraphs", "what is said, paragraph by paragraph", paragraphDocument) { $0.paragraphs },
    ])

    static let paragraphDocument = DocumentShape<Paragraph>([
        .number("start", "where it starts, in seconds into the video", \.start),
        .string("text", "its lines, joined", \.text),
    ])
}
