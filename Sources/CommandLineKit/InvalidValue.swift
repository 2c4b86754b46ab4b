/// Why a value given to a program cannot be used ("expected a whole number from 1 to 16"): what a
/// positional argument's or a setting's parse throws, and the program words with where the value
/// came from (the argument's name, the environment variable, the config file's line).
public struct InvalidValue: Error, Sendable, Equatable {
    /// What a usable value looks like, or what is wrong with this one.
    public var reason: String
    /// The whole error line, when "Invalid value 'x' for '<name>': reason" would not say it best
    /// ("Unknown key 'x'. Did you mean 'jobs'?").
    public var message: String?
    public var hint: String?

    public init(_ reason: String, hint: String? = nil) {
        self.reason = reason
        self.hint = hint
    }

    public init(message: String, hint: String? = nil) {
        self.reason = message
        self.message = message
        self.hint = hint
    }
}
