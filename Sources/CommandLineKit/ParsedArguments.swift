/// What the parser read from the command line: each declared option's and argument's typed value,
/// and the positional words as typed.
public struct ParsedArguments: Sendable {
    public let spec: CommandSpec
    /// By option name: what ``CommandSpec/Option/read`` made of the values given.
    private let values: [String: any Sendable]
    /// By argument name: what ``CommandSpec/Argument/read`` made of its words.
    private let argumentValues: [String: any Sendable]
    /// The positional words, as typed (commands read them through their declared arguments).
    public private(set) var positionals: [String]

    /// Reads every option `spec` declares from `given` (its values by option name), and every
    /// argument from `positionals` in the order declared (a variadic one, last, takes the rest): a
    /// bad value is a usage error here, before the command runs.
    init(spec: CommandSpec, given: [String: [String]], positionals: [String]) throws(UsageError) {
        var values: [String: any Sendable] = [:]
        for option in spec.options {
            values[option.long] = try option.read(given[option.long] ?? [], spec)
        }
        var argumentValues: [String: any Sendable] = [:]
        var rest = positionals[...]
        for argument in spec.arguments {
            let words = argument.variadic ? Array(rest) : Array(rest.prefix(1))
            rest = rest.dropFirst(words.count)
            argumentValues[argument.name] = try argument.read(words, spec)
        }
        self.spec = spec
        self.values = values
        self.argumentValues = argumentValues
        self.positionals = positionals
    }

    /// The value of an option the command declared.
    public subscript<Value>(_ option: Option<Value>) -> Value {
        guard let value = values[option.long] as? Value else {
            preconditionFailure("'--\(option.long)' is not an option of the command '\(spec.path)': add it to the command's options")
        }
        return value
    }

    /// The value of an argument the command declared.
    public subscript<Value>(_ argument: Argument<Value>) -> Value {
        guard let value = argumentValues[argument.name] as? Value else {
            preconditionFailure("'<\(argument.name)>' is not an argument of the command '\(spec.path)' read as \(Value.self): declare it there")
        }
        return value
    }

    /// Whether the command declares `option` (for code shared by commands that differ there).
    public func declares<Value>(_ option: Option<Value>) -> Bool {
        values[option.long] != nil
    }

    /// The positional argument at `index`.
    public func argument(_ index: Int) -> String? {
        index < positionals.count ? positionals[index] : nil
    }
}
