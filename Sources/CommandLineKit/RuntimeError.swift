/// A failure while running a command: one `Error:` line on stderr, a hint, exit status 1.
public struct RuntimeError: Error, Sendable {
    public var message: String
    public var hint: String?

    public init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
}
