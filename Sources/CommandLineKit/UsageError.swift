/// The command line itself is wrong: printed as `Error: …` with the usage line, exit status 64.
public struct UsageError: Error, Sendable {
    public var message: String
    /// The command whose usage is shown.
    public var spec: CommandSpec?
    public var hint: String?

    public init(_ message: String, spec: CommandSpec?, hint: String? = nil) {
        self.message = message
        self.spec = spec
        self.hint = hint
    }
}

/// `--help` was asked for (not an error: exit status 0).
public struct HelpRequested: Error, Sendable {
    public var spec: CommandSpec

    public init(spec: CommandSpec) {
        self.spec = spec
    }
}
