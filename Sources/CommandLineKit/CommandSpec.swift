/// A command's interface: what `--help` prints, what the parser accepts and what shell completion offers.
public struct CommandSpec: Sendable {
    /// What shell completion offers for an option's value or an argument.
    public enum Completion: Sendable, Equatable {
        case nothing
        case files
        case words([String])
        /// What the program itself prints when Tab is pressed (ids read from a store, say).
        case candidates(Candidates)
    }

    /// Candidates the program prints itself when Tab is pressed: the scripts run the program the
    /// person typed as `<program> <arguments> -- <prefix>`, and take each line it prints as one
    /// candidate, as data (quoted when inserted, never evaluated).
    public struct Candidates: Sendable, Equatable {
        /// How the scripts' tables name them: a word or two (`sessions`, `list topics`), other
        /// than `files`, `any` and `words …`.
        public var kind: String
        /// The program's arguments that print them.
        public var arguments: [String]
        /// For the shells that show a description beside each candidate (zsh, fish): the flag that
        /// makes each line `candidate<TAB>description`, and what one candidate is called. Nil for
        /// bare lines.
        public var description: Description?

        public struct Description: Sendable, Equatable {
            public var flag: String
            /// What one candidate is called (`session`).
            public var noun: String

            public init(flag: String, noun: String) {
                self.flag = flag
                self.noun = noun
            }
        }

        public init(kind: String, arguments: [String], description: Description? = nil) {
            self.kind = kind
            self.arguments = arguments
            self.description = description
        }
    }

    public struct Option: Sendable {
        public var long: String
        public var short: Character?
        /// The value's placeholder (`path`); nil for a flag.
        public var value: String?
        public var help: String
        /// Values the option accepts, for completion and messages; empty means any.
        public var choices: [String]
        public var repeatable: Bool
        /// What completion offers for the value; nil to infer it (the choices, or files for a `path` or `file`).
        public var completion: Completion?
        /// Turns the values given (none, one, or several for a repeatable option) into the typed
        /// value ``ParsedArguments`` hands out; a bad value is a usage error.
        var read: @Sendable (_ given: [String], _ spec: CommandSpec) throws(UsageError) -> any Sendable

        init(long: String, short: Character?, value: String?, help: String, choices: [String] = [], repeatable: Bool = false,
             completion: Completion? = nil, read: @escaping @Sendable (_ given: [String], _ spec: CommandSpec) throws(UsageError) -> any Sendable) {
            self.long = long
            self.short = short
            self.value = value
            self.help = help
            self.choices = choices
            self.repeatable = repeatable
            self.completion = completion
            self.read = read
        }

        public var isFlag: Bool { value == nil }

        /// What completion offers for the value.
        public var valueCompletion: Completion {
            if let completion { return completion }
            if !choices.isEmpty { return .words(choices) }
            guard let value else { return .nothing }
            return value.contains("path") || value.contains("file") ? .files : .nothing
        }

        /// `--source <url|path>` or `-h, --help`.
        public var synopsis: String {
            let name = short.map { "-\($0), --\(long)" } ?? "--\(long)"
            return value.map { "\(name) <\($0)>" } ?? name
        }

        public var usageSynopsis: String {
            value.map { "--\(long) <\($0)>" } ?? "--\(long)"
        }
    }

    public struct Argument: DeclaredArgument {
        public var name: String
        public var help: String
        public var optional: Bool
        public var variadic: Bool
        /// What completion offers for the argument.
        public var completion: Completion
        /// Turns the words it was given (one, none when optional, several when variadic) into the
        /// typed value ``ParsedArguments`` hands out; a bad word is a usage error.
        var read: @Sendable (_ given: [String], _ spec: CommandSpec) throws(UsageError) -> any Sendable

        /// An argument read as text: a `String`, a `String?` when optional, a `[String]` when
        /// variadic (typed declarations, ``CommandLineKit/Argument``, read it so).
        public init(name: String, help: String, optional: Bool = false, variadic: Bool = false, completion: Completion = .nothing) {
            self.init(name: name, help: help, optional: optional, variadic: variadic, completion: completion) { given, _ in
                if variadic { return given }
                if optional { return given.first }
                return given.first ?? ""
            }
        }

        init(name: String, help: String, optional: Bool, variadic: Bool, completion: Completion,
             read: @escaping @Sendable (_ given: [String], _ spec: CommandSpec) throws(UsageError) -> any Sendable) {
            self.name = name
            self.help = help
            self.optional = optional
            self.variadic = variadic
            self.completion = completion
            self.read = read
        }

        public var declaration: Argument { self }

        public var usageSynopsis: String {
            let base = variadic ? "<\(name)> ..." : "<\(name)>"
            return optional ? "[\(base)]" : base
        }
    }

    /// The words after the program's name (`sync`, `favorite add`); empty for the program itself.
    public var path: String
    public var abstract: String
    public var discussion: String?
    public var options: [Option]
    public var arguments: [Argument]
    public var examples: [(command: String, note: String)]
    public var subcommands: [CommandSpec]
    /// Left out of help listings and completion (a command the completion scripts run, say).
    public var hidden: Bool
    /// Other names for the last word of the path (`rm` for `favorite remove`): accepted wherever
    /// the name is, listed in help.
    public var aliases: [String]
    /// The subcommand (the last word of its path) a group runs when none is named, as `git remote`
    /// lists: `favorite` is `favorite list`, and `favorite --json` is `favorite list --json`.
    public var defaultSubcommand: String?

    public init(path: String, abstract: String, discussion: String? = nil, options: [any DeclaredOption] = [],
         arguments: [any DeclaredArgument] = [], examples: [(command: String, note: String)] = [], subcommands: [CommandSpec] = [],
         hidden: Bool = false, aliases: [String] = [], defaultSubcommand: String? = nil) {
        self.path = path
        self.abstract = abstract
        self.discussion = discussion
        self.options = options.map(\.declaration)
        self.arguments = arguments.map(\.declaration)
        self.examples = examples
        self.subcommands = subcommands
        self.hidden = hidden
        self.aliases = aliases
        self.defaultSubcommand = defaultSubcommand
    }

    /// A command whose arguments are declared as text (`.init(name:help:)`), read back as
    /// ``ParsedArguments/positionals``.
    public init(path: String, abstract: String, discussion: String? = nil, options: [any DeclaredOption] = [],
         arguments: [Argument], examples: [(command: String, note: String)] = [], subcommands: [CommandSpec] = [],
         hidden: Bool = false, aliases: [String] = [], defaultSubcommand: String? = nil) {
        self.init(path: path, abstract: abstract, discussion: discussion, options: options, arguments: arguments as [any DeclaredArgument],
                  examples: examples, subcommands: subcommands, hidden: hidden, aliases: aliases, defaultSubcommand: defaultSubcommand)
    }

    /// The path, then the path with each alias in place of its last word.
    public var paths: [String] {
        var words = path.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return [path] }
        return [path] + aliases.map { alias in
            words[words.count - 1] = alias
            return words.joined(separator: " ")
        }
    }

    public static let help = Option(long: "help", short: "h", value: nil, help: "Show help information.") { given, _ in !given.isEmpty }

    public var allOptions: [Option] { options + [Self.help] }

    /// `wwdc sync [--source <url|path|apple>] ...` for `program` `wwdc`, or, when that would not fit
    /// a line of 80, `wwdc sync [<options>]` as swift-argument-parser does.
    public func usage(program: String) -> String {
        if !subcommands.isEmpty {
            let subcommand = defaultSubcommand == nil ? "<subcommand>" : "[<subcommand>]"
            return path.isEmpty ? "\(program) \(subcommand)" : "\(program) \(path) \(subcommand)"
        }
        let full = ([program, path] + options.map { "[\($0.usageSynopsis)]" } + arguments.map(\.usageSynopsis)).joined(separator: " ")
        guard "Usage: ".count + full.count > 80, !options.isEmpty else { return full }
        return ([program, path, "[<options>]"] + arguments.map(\.usageSynopsis)).joined(separator: " ")
    }

    public func option(named long: String) -> Option? {
        allOptions.first { $0.long == long }
    }

    public func option(short: Character) -> Option? {
        allOptions.first { $0.short == short }
    }
}
