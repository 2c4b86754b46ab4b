import Foundation

/// One content item's transcript: its lines in order, each with the second it starts at.
public struct Transcript: Sendable, Equatable {
    /// One timed segment of speech.
    public struct Line: Sendable, Equatable {
        /// Seconds from the start of the video.
        public var start: Double
        /// The words, without the paragraph break that may follow them.
        public var text: String
        /// The paragraph it belongs to, counted from 0: a feed's text ending in a blank line ends one.
        public var paragraph: Int

        public init(start: Double, text: String, paragraph: Int) {
            self.start = start
            self.text = text
            self.paragraph = paragraph
        }
    }

    /// The content item's id (`wwdc2020-10041`).
    public var sessionID: String
    /// The feed's language code (`eng`, `jpn`).
    public var language: String
    public var lines: [Line]

    public init(sessionID: String, language: String, lines: [Line]) {
        self.sessionID = sessionID
        self.language = language
        self.lines = lines
    }

    /// Where the last line starts, in seconds; 0 for an empty transcript.
    public var duration: Double { lines.last?.start ?? 0 }
}
