/// A command's interface: what `--help` prints, what the parser accepts and what shell completion offers.
struct CommandSpec: Sendable {
    /// What shell completion offers for an option's value or an argument.
    enum Completion: Sendable, Equatable {
        case nothing
        case files
        case sessionIDs
        case eventIDs
        case words([String])
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
    var options: [Option] = []
    var arguments: [Argument] = []
    var examples: [(command: String, note: String)] = []
    var subcommands: [CommandSpec] = []
    /// Left out of help listings and completion (`__complete-ids`, for the completion scripts).
    var hidden = false

    static let help = Option(long: "help", short: "h", value: nil, help: "Show help information.")

    var allOptions: [Option] { options + [Self.help] }

    var usage: String {
        if !subcommands.isEmpty {
            return path.isEmpty ? "wwdc <subcommand>" : "wwdc \(path) <subcommand>"
        }
        let parts = options.map { "[\($0.usageSynopsis)]" } + arguments.map(\.usageSynopsis)
        return (["wwdc", path] + parts).joined(separator: " ")
    }

    func option(named long: String) -> Option? {
        allOptions.first { $0.long == long }
    }

    func option(short: Character) -> Option? {
        allOptions.first { $0.short == short }
    }
}
