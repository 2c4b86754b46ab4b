/// How errors read to the person a program serves: a line, and what to do when something helps.
///
/// The conference's errors carry the facts (cases and their values) and plain words that name no
/// program's commands (``plain``). A program whose ways out have names (wwdc's commands, flags and
/// variables) words them itself, and gives its wording to what the conference writes for the person:
/// a sync's step details and summary.
public struct ErrorWording: Sendable {
    /// The error, on one line.
    public var message: @Sendable (any Error) -> String
    /// What to do about it, on one line; nil when nothing helps.
    public var hint: @Sendable (any Error) -> String?

    public init(message: @escaping @Sendable (any Error) -> String, hint: @escaping @Sendable (any Error) -> String?) {
        self.message = message
        self.hint = hint
    }

    /// The errors' own words (``ErrorText``).
    public static let plain = ErrorWording(message: ErrorText.message, hint: ErrorText.hint)
}
