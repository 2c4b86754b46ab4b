/// What the completion scripts know, derived from the command table so every command (present and
/// future) completes: command paths, subcommands, options and what their values and arguments take.
public struct CompletionModel: Sendable {
    struct Entry {
        var name: String
        var help: String
    }

    /// The program's name, as the person types it.
    public let program: String
    /// The top level, for its options.
    let root: CommandSpec
    /// Visible commands, by path ("favorite add").
    let commands: [CommandSpec]

    public init(program: String, root: CommandSpec, commands: [CommandSpec]) {
        self.program = program
        self.root = root
        self.commands = commands.filter { !$0.hidden }
    }

    /// The program's name as part of a shell function's name: letters, digits and `_`.
    var identifier: String {
        String(program.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
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
        let options: [CommandSpec.Option]
        if path.isEmpty {
            options = [CommandSpec.help] + root.options
        } else {
            guard let spec = commands.first(where: { $0.paths.contains(path) }) else { return [] }
            options = spec.allOptions
        }
        return options.map { ($0.long, $0.short, $0.help, $0.isFlag ? nil : $0.valueCompletion) }
    }

    /// What the positional arguments of `path` take.
    func argument(of path: String) -> CommandSpec.Completion {
        commands.first { $0.paths.contains(path) }?.arguments.first?.completion ?? .nothing
    }

    /// The program's own candidates the table uses, each once, in the order they first appear.
    var candidates: [CommandSpec.Candidates] {
        var found: [CommandSpec.Candidates] = []
        for path in [""] + allPaths {
            for completion in options(of: path).compactMap(\.value) + [argument(of: path)] {
                if case let .candidates(candidates) = completion, !found.contains(candidates) { found.append(candidates) }
            }
        }
        return found
    }

    /// `files`, `words a b c`, a ``CommandSpec/Candidates/kind`` or `any` (a value with nothing to
    /// offer): the scripts' vocabulary.
    static func kind(_ completion: CommandSpec.Completion) -> String {
        switch completion {
        case .nothing: "any"
        case .files: "files"
        case .candidates(let candidates): candidates.kind
        case .words(let words): (["words"] + words).joined(separator: " ")
        }
    }
}
