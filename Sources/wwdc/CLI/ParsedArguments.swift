/// What the parser read from the command line.
struct ParsedArguments: Sendable {
    let spec: CommandSpec
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ long: String) -> String? { values[long]?.last }
    func values(_ long: String) -> [String] { values[long] ?? [] }
    func flag(_ long: String) -> Bool { flags.contains(long) }

    /// The value of `long` as an integer in `range`, or a usage error naming the flag and the range.
    func integer(_ long: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(long) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("Invalid value '\(text)' for '--\(long)': expected a whole number from \(range.lowerBound) to \(range.upperBound)", spec: spec)
        }
        return number
    }

    /// The positional argument at `index`.
    func argument(_ index: Int) -> String? {
        index < positionals.count ? positionals[index] : nil
    }
}
