/// A positional argument as a command declares it: its name and help (what the parser accepts,
/// `--help` and the manual show, completion offers) and the type its words are read as.
///
/// A command lists its arguments in its ``CommandSpec``, in order, and reads them back through the
/// same declarations (`arguments[Code.session]`), as it reads its options: never by position. Words
/// are read when the command line is parsed, so a bad one is a usage error before the command runs,
/// and reading a value never fails.
public struct Argument<Value: Sendable>: DeclaredArgument {
    public private(set) var declaration: CommandSpec.Argument

    public var name: String { declaration.name }

    /// The same argument with other help text (a command that says something particular about it).
    public func help(_ text: String) -> Argument {
        var copy = self
        copy.declaration.help = text
        return copy
    }

    private init(_ declaration: CommandSpec.Argument) {
        self.declaration = declaration
    }

    /// An argument that must be given, one word read by `parse`.
    public static func required(_ name: String, help: String, completion: CommandSpec.Completion = .nothing,
                                parse: @escaping @Sendable (String) throws(InvalidValue) -> Value) -> Argument {
        Argument(CommandSpec.Argument(name: name, help: help, optional: false, variadic: false, completion: completion) { given, spec throws(UsageError) in
            try read(given.first ?? "", name: name, spec: spec, parse)
        })
    }

    /// An argument that may be left out, one word read by `parse`; nil when left out.
    public static func optional<Wrapped>(_ name: String, help: String, completion: CommandSpec.Completion = .nothing,
                                         parse: @escaping @Sendable (String) throws(InvalidValue) -> Wrapped) -> Argument
        where Value == Wrapped?, Wrapped: Sendable {
        Argument(CommandSpec.Argument(name: name, help: help, optional: true, variadic: false, completion: completion) { given, spec throws(UsageError) in
            guard let word = given.first else { return Wrapped?.none }
            return try read(word, name: name, spec: spec, parse)
        })
    }

    /// `word` read by `parse`, whose error becomes a usage error naming the argument.
    private static func read<Read>(_ word: String, name: String, spec: CommandSpec,
                                   _ parse: @Sendable (String) throws(InvalidValue) -> Read) throws(UsageError) -> Read {
        do throws(InvalidValue) {
            return try parse(word)
        } catch {
            throw UsageError(error.message ?? "Invalid value '\(word)' for '<\(name)>': \(error.reason)", spec: spec, hint: error.hint)
        }
    }
}

extension Argument where Value == String {
    /// One word, as typed.
    public static func text(_ name: String, help: String, completion: CommandSpec.Completion = .nothing) -> Argument {
        required(name, help: help, completion: completion) { $0 }
    }

    /// One word of `choices` (as typed); anything else is a usage error naming them. Completion offers them.
    public static func choice(_ name: String, help: String, among choices: [String]) -> Argument {
        required(name, help: help, completion: .words(choices)) { word throws(InvalidValue) in
            guard choices.contains(word) else { throw InvalidValue("expected one of \(choices.joined(separator: ", "))") }
            return word
        }
    }
}

extension Argument where Value == String? {
    /// One word that may be left out.
    public static func optionalText(_ name: String, help: String, completion: CommandSpec.Completion = .nothing) -> Argument {
        optional(name, help: help, completion: completion) { $0 }
    }
}

extension Argument where Value == [String] {
    /// The rest of the words, as typed: at least one unless `optional`. It is the last argument.
    public static func texts(_ name: String, help: String, optional: Bool = false, completion: CommandSpec.Completion = .nothing) -> Argument {
        Argument(CommandSpec.Argument(name: name, help: help, optional: optional, variadic: true, completion: completion) { given, _ in given })
    }
}

extension Argument where Value == Int {
    /// A whole number from `minimum` up; anything else is a usage error naming the argument.
    public static func number(_ name: String, help: String, from minimum: Int) -> Argument {
        required(name, help: help) { word throws(InvalidValue) in try wholeNumber(word, from: minimum) }
    }
}

extension Argument where Value == Int? {
    /// A whole number from `minimum` up that may be left out.
    public static func optionalNumber(_ name: String, help: String, from minimum: Int) -> Argument {
        optional(name, help: help) { word throws(InvalidValue) in try wholeNumber(word, from: minimum) }
    }
}

/// `word` as a whole number from `minimum` up.
private func wholeNumber(_ word: String, from minimum: Int) throws(InvalidValue) -> Int {
    guard let number = Int(word), number >= minimum else { throw InvalidValue("expected a whole number from \(minimum)") }
    return number
}

/// Any argument declaration, whatever its value's type: what a ``CommandSpec`` lists.
public protocol DeclaredArgument: Sendable {
    var declaration: CommandSpec.Argument { get }
}
