/// Reads a command line against a ``CommandSpec``: long and short options (`--db PATH`, `--db=PATH`,
/// `-h`), flags, positional arguments and `--`. Errors read like swift-argument-parser's.
public enum ArgumentParser {
    public static func parse(_ words: [String], as spec: CommandSpec) throws -> ParsedArguments {
        var given: [String: [String]] = [:]
        var positionals: [String] = []
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            let option: CommandSpec.Option
            var inlineValue: String?
            if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name: Substring
                if let equals = body.firstIndex(of: "=") {
                    name = body[..<equals]
                    inlineValue = String(body[body.index(after: equals)...])
                } else {
                    name = body
                }
                guard let found = spec.option(named: String(name)) else {
                    // As swift-argument-parser: the suggestion on the error line itself.
                    let suggestion = suggestion(for: String(name), in: spec).map { ". " + $0 } ?? ""
                    throw UsageError("Unknown option '--\(name)'" + suggestion, spec: spec)
                }
                option = found
            } else {
                let letters = Array(word.dropFirst())
                guard letters.count == 1, let found = spec.option(short: letters[0]) else {
                    throw UsageError("Unknown option '\(word)'", spec: spec)
                }
                option = found
            }
            if option.long == "help" { throw HelpRequested(spec: spec) }
            if option.isFlag {
                if inlineValue != nil {
                    throw UsageError("The flag '--\(option.long)' does not take a value", spec: spec)
                }
                given[option.long, default: []].append("")
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < words.count, !words[index].hasPrefix("-") || words[index] == "-" || Double(words[index]) != nil {
                value = words[index]
                index += 1
            } else {
                throw UsageError("Missing value for '\(option.usageSynopsis)'", spec: spec)
            }
            if !option.choices.isEmpty, !option.choices.contains(value) {
                throw UsageError("Invalid value '\(value)' for '--\(option.long)': expected one of \(option.choices.joined(separator: ", "))", spec: spec)
            }
            if !option.repeatable, given[option.long] != nil {
                throw UsageError("'--\(option.long)' given more than once", spec: spec)
            }
            given[option.long, default: []].append(value)
        }
        try checkPositionals(positionals, spec: spec)
        return try ParsedArguments(spec: spec, given: given, positionals: positionals)
    }

    private static func checkPositionals(_ positionals: [String], spec: CommandSpec) throws {
        let required = spec.arguments.filter { !$0.optional }
        if positionals.count < required.count {
            throw UsageError("Missing expected argument '<\(required[positionals.count].name)>'", spec: spec)
        }
        let variadic = spec.arguments.last?.variadic == true
        if !variadic, positionals.count > spec.arguments.count {
            throw UsageError("Unexpected argument '\(positionals[spec.arguments.count])'", spec: spec)
        }
    }

    /// "Did you mean '--source'?" for a near miss.
    public static func suggestion(for name: String, in spec: CommandSpec) -> String? {
        nearest(name, among: spec.allOptions.map(\.long)).map { "Did you mean '--\($0)'?" }
    }

    /// The name of `names` nearest `word`, when it is within a third of the word's length (two
    /// edits at least): what a mistyped option or key is taken to mean.
    public static func nearest(_ word: String, among names: [String]) -> String? {
        guard let best = names.min(by: { editDistance($0, word) < editDistance($1, word) }),
              editDistance(best, word) <= max(2, word.count / 3) else { return nil }
        return best
    }

    /// Levenshtein distance, for suggestions.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
