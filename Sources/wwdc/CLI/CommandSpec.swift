/// A command's interface: what `--help` prints, what the parser accepts and what shell completion offers.
struct CommandSpec: Sendable {
    /// What shell completion offers for an option's value or an argument.
    enum Completion: Sendable, Equatable {
        case nothing
        case files
        case sessionIDs
        case eventIDs
        /// A list read from the store when Tab is pressed (``StoredList``).
        case stored(StoredList)
        case words([String])
    }

    /// The lists `wwdc __complete-ids --list` prints.
    enum StoredList: String, Sendable, CaseIterable {
        /// The ids of your favorites (numbers for the current event's).
        case favorites
        case tracks
        case topics
        case types
        case platforms
        /// The current event's days, as weekdays and dates.
        case days
    }

    struct Option: Sendable {
        var long: String
        var short: Character?
        /// The value's placeholder (`path`); nil for a flag.
        var value: String?
        var help: String
        /// Values the option accepts, for completion and messages; empty means any.
        var choices: [String] = []
        var repeatable = false
        /// What completion offers for the value; nil to infer it (the choices, or files for a `path` or `file`).
        var completion: Completion?
        /// Turns the values given (none, one, or several for a repeatable option) into the typed
        /// value ``ParsedArguments`` hands out; a bad value is a usage error.
        var read: @Sendable (_ given: [String], _ spec: CommandSpec) throws(UsageError) -> any Sendable

        var isFlag: Bool { value == nil }

        /// What completion offers for the value.
        var valueCompletion: Completion {
            if let completion { return completion }
            if !choices.isEmpty { return .words(choices) }
            guard let value else { return .nothing }
            return value.contains("path") || value.contains("file") ? .files : .nothing
        }

        /// `--source <url|path>` or `-h, --help`.
        var synopsis: String {
            let name = short.map { "-\($0), --\(long)" } ?? "--\(long)"
            return value.map { "\(name) <\($0)>" } ?? name
        }

        var usageSynopsis: String {
            value.map { "--\(long) <\($0)>" } ?? "--\(long)"
        }
    }

    struct Argument: Sendable {
        var name: String
        var help: String
        var optional = false
        var variadic = false
        /// What completion offers; `.nothing` infers it from the name (`session` takes session ids).
        var completion: Completion = .nothing

        /// What completion offers for the argument.
        var valueCompletion: Completion {
            if completion != .nothing { return completion }
            return name == "session" ? .sessionIDs : .nothing
        }

        var usageSynopsis: String {
            let base = variadic ? "<\(name)> ..." : "<\(name)>"
            return optional ? "[\(base)]" : base
        }
    }

    /// The words after `wwdc` (`sync`, `favorite add`).
    var path: String
    var abstract: String
    var discussion: String?
    var options: [Option]
    var arguments: [Argument]
    var examples: [(command: String, note: String)]
    var subcommands: [CommandSpec]
    /// Left out of help listings and completion (`__complete-ids`, for the completion scripts).
    var hidden: Bool
    /// Other names for the last word of the path (`rm` for `favorite remove`): accepted wherever
    /// the name is, listed in help.
    var aliases: [String]

    init(path: String, abstract: String, discussion: String? = nil, options: [any DeclaredOption] = [],
         arguments: [Argument] = [], examples: [(command: String, note: String)] = [], subcommands: [CommandSpec] = [],
         hidden: Bool = false, aliases: [String] = []) {
        self.path = path
        self.abstract = abstract
        self.discussion = discussion
        self.options = options.map(\.declaration)
        self.arguments = arguments
        self.examples = examples
        self.subcommands = subcommands
        self.hidden = hidden
        self.aliases = aliases
    }

    /// The path, then the path with each alias in place of its last word.
    var paths: [String] {
        var words = path.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return [path] }
        return [path] + aliases.map { alias in
            words[words.count - 1] = alias
            return words.joined(separator: " ")
        }
    }

    static let help = Option(long: "help", short: "h", value: nil, help: "Show help information.") { given, _ in !given.isEmpty }

    var allOptions: [Option] { options + [Self.help] }

    /// `wwdc sync [--source <url|path|apple>] ...`, or, when that would not fit a line of 80,
    /// `wwdc sync [<options>]` as swift-argument-parser does.
    var usage: String {
        if !subcommands.isEmpty {
            return path.isEmpty ? "wwdc <subcommand>" : "wwdc \(path) <subcommand>"
        }
        let full = (["wwdc", path] + options.map { "[\($0.usageSynopsis)]" } + arguments.map(\.usageSynopsis)).joined(separator: " ")
        guard "Usage: ".count + full.count > 80, !options.isEmpty else { return full }
        return (["wwdc", path, "[<options>]"] + arguments.map(\.usageSynopsis)).joined(separator: " ")
    }

    func option(named long: String) -> Option? {
        allOptions.first { $0.long == long }
    }

    func option(short: Character) -> Option? {
        allOptions.first { $0.short == short }
    }
}
