/// The commands a view names in its documents, in its own words (the conference's targets name
/// none): each gives nil where the view names no such command.
public struct DocumentCommands: Sendable {
    /// The command that shows a session.
    public var show: @Sendable (_ sessionID: String) -> String?
    /// The command that plays a session's video, from a moment (seconds) when given.
    public var play: @Sendable (_ sessionID: String, _ at: Double?) -> String?
    /// The command that prints a session's transcript.
    public var transcript: @Sendable (_ sessionID: String) -> String?
    /// The command that prints a session's code snippet (its number, from 1).
    public var code: @Sendable (_ sessionID: String, _ number: Int) -> String?
    /// The command that edits a session's note.
    public var note: @Sendable (_ sessionID: String) -> String?

    public init(show: @escaping @Sendable (String) -> String? = { _ in nil },
                play: @escaping @Sendable (String, Double?) -> String? = { _, _ in nil },
                transcript: @escaping @Sendable (String) -> String? = { _ in nil },
                code: @escaping @Sendable (String, Int) -> String? = { _, _ in nil },
                note: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.show = show
        self.play = play
        self.transcript = transcript
        self.code = code
        self.note = note
    }
}
