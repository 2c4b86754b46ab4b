/// What the completion scripts know, derived from the command table so every command (present and
/// future) completes: command paths, subcommands, options and what their values and arguments take.
struct CompletionModel {
    struct Entry {
        var name: String
        var help: String
    }

    /// Visible commands, by path ("favorite add").
    let commands: [CommandSpec]

    init(commands: [CommandSpec]) {
        self.commands = commands.filter { !$0.hidden }
    }

    /// Every visible command path (aliases too), plus `help`.
    var paths: [String] { commands.flatMap(\.paths) + ["help"] }

    /// The words that may follow `path` as a subcommand ("" is the top level).
    func subcommands(of path: String) -> [Entry] {
        if path.isEmpty {
            return commands.filter { !$0.path.contains(" ") }.map { Entry(name: $0.path, help: $0.abstract) }
                + [Entry(name: "help", help: "Show help for a command.")]
        }
        let depth = path.split(separator: " ").count
        return commands.filter { command in
            let parts = command.path.split(separator: " ")
            return parts.count == depth + 1 && parts.dropLast().joined(separator: " ") == path
        }.map { Entry(name: String($0.path.split(separator: " ").last ?? ""), help: $0.abstract) }
    }

    /// Every command path and alias path, for the scripts' tables.
    var allPaths: [String] { commands.flatMap(\.paths) }

    /// The paths that have subcommands ("" included).
    var groupPaths: [String] {
        ([""] + commands.map(\.path)).filter { !subcommands(of: $0).isEmpty }
    }

    /// The options of `path` ("" for the top level): long name, short name, help, what the value takes.
    func options(of path: String) -> [(long: String, short: Character?, help: String, value: CommandSpec.Completion?)] {
        if path.isEmpty {
            return [("help", "h", "Show help information.", nil), ("version", nil, "Show the version.", nil)]
        }
        guard let spec = commands.first(where: { $0.paths.contains(path) }) else { return [] }
        return spec.allOptions.map { ($0.long, $0.short, $0.help, $0.isFlag ? nil : $0.valueCompletion) }
    }

    /// What the positional arguments of `path` take.
    func argument(of path: String) -> CommandSpec.Completion {
        commands.first { $0.paths.contains(path) }?.arguments.first?.valueCompletion ?? .nothing
    }

    /// `files`, `sessions`, `events`, `list <name>` (a ``CommandSpec/StoredList``), `words a b c`
    /// or `any` (a value with nothing to offer): the scripts' vocabulary.
    static func kind(_ completion: CommandSpec.Completion) -> String {
        switch completion {
        case .nothing: "any"
        case .files: "files"
        case .sessionIDs: "sessions"
        case .eventIDs: "events"
        case .stored(let list): "list " + list.rawValue
        case .words(let words): (["words"] + words).joined(separator: " ")
        }
    }
}
