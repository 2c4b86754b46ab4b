/// The command line itself is wrong: printed as `Error: …` with the usage line, exit status 64.
struct UsageError: Error, Sendable {
    var message: String
    /// The command whose usage is shown.
    var spec: CommandSpec?
    var hint: String?

    init(_ message: String, spec: CommandSpec?, hint: String? = nil) {
        self.message = message
        self.spec = spec
        self.hint = hint
    }
}

/// `--help` was asked for (not an error: exit status 0).
struct HelpRequested: Error, Sendable {
    var spec: CommandSpec
}
