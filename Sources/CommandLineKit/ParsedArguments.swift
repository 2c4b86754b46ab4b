/// What the parser read from the command line: each declared option's typed value, and the
/// positional arguments.
public struct ParsedArguments: Sendable {
    public let spec: CommandSpec
    /// By option name: what ``CommandSpec/Option/read`` made of the values given.
    private let values: [String: any Sendable]
    public private(set) var positionals: [String]

    /// Reads every option `spec` declares from `given` (its values by option name): a bad value is a
    /// usage error here, before the command runs.
    init(spec: CommandSpec, given: [String: [String]], positionals: [String]) throws(UsageError) {
        var values: [String: any Sendable] = [:]
        for option in spec.options {
            values[option.long] = try option.read(given[option.long] ?? [], spec)
        }
        self.spec = spec
        self.values = values
        self.positionals = positionals
    }

    /// The value of an option the command declared.
    public subscript<Value>(_ option: Option<Value>) -> Value {
        guard let value = values[option.long] as? Value else {
            preconditionFailure("'--\(option.long)' is not an option of the command '\(spec.path)': add it to the command's options")
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
