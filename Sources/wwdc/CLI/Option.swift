/// An option as a command declares it: its name and help (what the parser accepts, `--help` shows
/// and completion offers) and the type its value is read as.
///
/// A command lists its options in its ``CommandSpec`` and reads them back through the same
/// declarations (`arguments[Sync.noWait]`), never by name: a misspelt option does not compile. Values
/// are checked when the command line is parsed, so reading one never fails.
struct Option<Value: Sendable>: DeclaredOption {
    private(set) var declaration: CommandSpec.Option

    var long: String { declaration.long }

    /// The same option with other help text (`--json` says which fields a command prints).
    func help(_ text: String) -> Option {
        var copy = self
        copy.declaration.help = text
        return copy
    }

    fileprivate init(_ declaration: CommandSpec.Option) {
        self.declaration = declaration
    }
}

/// Any option declaration, whatever its value's type: what a ``CommandSpec`` lists.
protocol DeclaredOption: Sendable {
    var declaration: CommandSpec.Option { get }
}

extension Option where Value == Bool {
    /// A flag: true when given.
    static func flag(_ long: String, short: Character? = nil, help: String) -> Option {
        Option(CommandSpec.Option(long: long, short: short, value: nil, help: help) { given, _ in !given.isEmpty })
    }
}

extension Option where Value == String? {
    /// A text value (the last one given), or nil.
    static func text(_ long: String, short: Character? = nil, value: String, help: String, choices: [String] = [],
                     completion: CommandSpec.Completion? = nil) -> Option {
        Option(CommandSpec.Option(long: long, short: short, value: value, help: help, choices: choices, completion: completion) { given, _ in
            given.last
        })
    }
}

extension Option where Value == [String] {
    /// A text value that may be given several times: every value, in order.
    static func texts(_ long: String, short: Character? = nil, value: String, help: String,
                      completion: CommandSpec.Completion? = nil) -> Option {
        Option(CommandSpec.Option(long: long, short: short, value: value, help: help, repeatable: true, completion: completion) { given, _ in
            given
        })
    }
}

extension Option where Value == Int? {
    /// A whole number in `range`, or nil; anything else is a usage error naming the option and the range.
    static func integer(_ long: String, short: Character? = nil, value: String, help: String, in range: ClosedRange<Int>) -> Option {
        Option(CommandSpec.Option(long: long, short: short, value: value, help: help) { given, spec throws(UsageError) in
            guard let text = given.last else { return Int?.none }
            guard let number = Int(text), range.contains(number) else {
                throw UsageError("Invalid value '\(text)' for '--\(long)': expected a whole number from \(range.lowerBound) to \(range.upperBound)",
                                 spec: spec)
            }
            return number
        })
    }
}
