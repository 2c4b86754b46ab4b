/// A failure while running a command: one `Error:` line on stderr, a hint, exit status 1.
struct RuntimeError: Error, Sendable {
    var message: String
    var hint: String?

    init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
}
