/// An option as a command declares it: its name and help (what the parser accepts, `--help` shows
/// and completion offers) and the type its value is read as.
///
/// A command lists its options in its ``CommandSpec`` and reads them back through the same
/// declarations (`arguments[Sync.noWait]`), never by name: a misspelt option does not compile. Values
/// are checked when the command line is parsed, so reading one never fails.
public struct Option<Value: Sendable>: DeclaredOption {
    public private(set) var declaration: CommandSpec.Option

    public var long: String { declaration.long }

    /// The same option with other help text (`--json` says which fields a command prints).
    public func help(_ text: String) -> Option {
        var copy = self
        copy.declaration.help = text
        return copy
    }

    fileprivate init(_ declaration: CommandSpec.Option) {
        self.declaration = declaration
    }
}

/// Any option declaration, whatever its value's type: what a ``CommandSpec`` lists.
public protocol DeclaredOption: Sendable {
    var declaration: CommandSpec.Option { get }
}

extension Option where Value == Bool {
    /// A flag: true when given.
    public static func flag(_ long: String, short: Character? = nil, help: String) -> Option {
        Option(CommandSpec.Option(long: long, short: short, value: nil, help: help) { given, _ in !given.isEmpty })
    }
}

extension Option where Value == String? {
    /// A text value (the last one given), or nil.
    public static func text(_ long: String, short: Character? = nil, value: String, help: String, choices: [String] = [],
                     completion: CommandSpec.Completion? = nil) -> Option {
        Option(CommandSpec.Option(long: long, short: short, value: value, help: help, choices: choices, completion: completion) { given, _ in
            given.last
        })
    }
}

extension Option where Value == [String] {
    /// A text value that may be given several times: every value, in order.
    public static func texts(_ long: String, short: Character? = nil, value: String, help: String,
                      completion: CommandSpec.Completion? = nil) -> Option {
        Option(CommandSpec.Option(long: long, short: short, value: value, help: help, repeatable: true, completion: completion) { given, _ in
            given
        })
    }
}

extension Option where Value == Int? {
    /// A whole number in `range`, or nil; anything else is a usage error naming the option and the range.
    public static func integer(_ long: String, short: Character? = nil, value: String, help: String, in range: ClosedRange<Int>) -> Option {
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

extension Option where Value == Int? {
    /// A moment, as seconds from the start (of a video, say), or nil: `SS` (any number of seconds),
    /// `M:SS` or `H:MM:SS`; anything else is a usage error naming the option and the forms.
    public static func time(_ long: String, value: String, help: String) -> Option {
        Option(CommandSpec.Option(long: long, short: nil, value: value, help: help) { given, spec throws(UsageError) in
            guard let text = given.last else { return Int?.none }
            guard let seconds = Self.seconds(in: text) else {
                throw UsageError("Invalid value '\(text)' for '--\(long)': expected seconds (754), minutes and seconds (12:34) or hours, minutes and seconds (1:02:03)",
                                 spec: spec)
            }
            return seconds
        })
    }

    /// `754`, `12:34` or `1:02:03` as seconds; nil for anything else (a field after the first
    /// above 59, signs, fractions, more than three fields).
    public static func seconds(in text: String) -> Int? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count),
              fields.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let numbers = fields.compactMap { Int($0) }
        guard numbers.count == fields.count, numbers.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        return numbers.reduce(0) { $0 * 60 + $1 }
    }
}

extension Option where Value == Int? {
    /// A length of time, as seconds, or nil: a number with its unit, `s`, `m`, `h` or `d`
    /// (`90s`, `15m`, `1h`, `1h30m`), within `range`; anything else is a usage error naming the option.
    public static func duration(_ long: String, value: String, help: String, in range: ClosedRange<Int>) -> Option {
        Option(CommandSpec.Option(long: long, short: nil, value: value, help: help) { given, spec throws(UsageError) in
            guard let text = given.last else { return Int?.none }
            guard let seconds = Self.duration(in: text), range.contains(seconds) else {
                throw UsageError("Invalid value '\(text)' for '--\(long)': expected a length of time from \(durationText(range.lowerBound)) to \(durationText(range.upperBound)), such as 10m, 1h or 1h30m",
                                 spec: spec)
            }
            return seconds
        })
    }

    /// `15m`, `1h30m`, `90s`, `2d` as seconds; nil for anything else (no unit, a unit twice or out of
    /// order, signs, fractions).
    public static func duration(in text: String) -> Int? {
        let units: [(Character, Int)] = [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)]
        var seconds = 0
        var digits = ""
        var nextUnit = 0
        for character in text {
            if character.isASCII, character.isNumber {
                guard digits.count < 6 else { return nil }
                digits.append(character)
                continue
            }
            guard let index = units.firstIndex(where: { $0.0 == character }), index >= nextUnit, let number = Int(digits) else { return nil }
            seconds += number * units[index].1
            digits = ""
            nextUnit = index + 1
        }
        return digits.isEmpty && nextUnit > 0 ? seconds : nil
    }

    /// `15m`, `1h`, `1h30m`: a length of time as ``duration(in:)`` reads it.
    public static func durationText(_ seconds: Int) -> String {
        var rest = seconds
        var text = ""
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        return text.isEmpty ? "0s" : text
    }
}

extension Option {
    /// One of a fixed list of values, repeatable: the ones given (any case), in order, each once;
    /// anything else is a usage error naming the choices. Help and completion list them.
    public static func choices<Choice>(_ long: String, value: String, help: String, as type: Choice.Type) -> Option
        where Value == [Choice], Choice: RawRepresentable & CaseIterable & Hashable & Sendable, Choice.RawValue == String {
        Option(CommandSpec.Option(long: long, short: nil, value: value, help: help, choices: Choice.allCases.map(\.rawValue),
                                  repeatable: true) { given, spec throws(UsageError) in
            var chosen: [Choice] = []
            for text in given {
                let choice = try Self.choice(text, of: Choice.self, for: long, spec: spec)
                if !chosen.contains(choice) { chosen.append(choice) }
            }
            return chosen
        })
    }

    /// One of a fixed list of values, or nil; anything else is a usage error naming the choices.
    /// Help and completion list them.
    public static func choice<Choice>(_ long: String, value: String, help: String, as type: Choice.Type) -> Option
        where Value == Choice?, Choice: RawRepresentable & CaseIterable & Sendable, Choice.RawValue == String {
        Option(CommandSpec.Option(long: long, short: nil, value: value, help: help, choices: Choice.allCases.map(\.rawValue)) { given, spec throws(UsageError) in
            guard let text = given.last else { return Choice?.none }
            return try Self.choice(text, of: Choice.self, for: long, spec: spec)
        })
    }

    private static func choice<Choice>(_ text: String, of type: Choice.Type, for long: String, spec: CommandSpec) throws(UsageError) -> Choice
        where Choice: RawRepresentable & CaseIterable, Choice.RawValue == String {
        guard let choice = Choice.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
            let names = Choice.allCases.map(\.rawValue)
            throw UsageError("Invalid value '\(text)' for '--\(long)': expected one of \(names.joined(separator: ", "))", spec: spec)
        }
        return choice
    }
}
