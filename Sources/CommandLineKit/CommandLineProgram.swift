/// A program's command line: its name, its top level and its commands, and what the words typed
/// ask of them. `Command` is what the program runs for a command (a function, say).
///
/// The words name the longest command path they begin with (`favorite add` before `favorite`),
/// then that command's options and arguments. `help [<command>]`, `-h` and `--help` ask for help,
/// `help --man` for the manual page, and `--version` for the version when the top level declares
/// it.
public struct CommandLineProgram<Command: Sendable>: Sendable {
    /// What the words ask for.
    public enum Request {
        case help(CommandSpec)
        case manual
        case version
        case run(Command, ParsedArguments)
    }

    public var name: String
    /// The top level: its options (`--version`) and the commands it lists.
    public var root: CommandSpec
    public var commands: [(spec: CommandSpec, command: Command)]

    public init(name: String, root: CommandSpec, commands: [(spec: CommandSpec, command: Command)]) {
        self.name = name
        self.root = root
        self.commands = commands
    }

    /// What `words` (the words after the program's name) ask for.
    ///
    /// - Throws: a ``UsageError`` for an unknown command or option, or arguments the command does
    ///   not take.
    public func request(_ words: [String]) throws(UsageError) -> Request {
        guard let first = words.first else { return .help(root) }
        switch first {
        case "-h", "--help":
            return .help(root)
        case "--version" where root.option(named: "version") != nil:
            return .version
        case "help":
            if words.dropFirst() == ["--man"] { return .manual }
            let topic = words.dropFirst().joined(separator: " ")
            guard !topic.isEmpty else { return .help(root) }
            guard let command = commands.first(where: { $0.spec.paths.contains(topic) }) else {
                throw UsageError("Unknown command '\(topic)'" + (suggestion(for: topic).map { ". " + $0 } ?? ""), spec: root)
            }
            return .help(command.spec)
        default:
            break
        }
        // The longest command path that prefixes the words ("favorite add" before "favorite").
        let candidates = commands.filter { command in
            command.spec.paths.contains { name in
                let path = name.split(separator: " ").map(String.init)
                return words.count >= path.count && Array(words.prefix(path.count)) == path
            }
        }
        guard let command = candidates.max(by: { $0.spec.path.split(separator: " ").count < $1.spec.path.split(separator: " ").count }) else {
            if first.hasPrefix("-") {
                throw UsageError("Unknown option '\(first)'", spec: root)
            }
            throw UsageError("Unknown command '\(first)'" + (suggestion(for: first).map { ". " + $0 } ?? ""), spec: root)
        }
        let depth = command.spec.path.split(separator: " ").count
        do {
            return .run(command.command, try ArgumentParser.parse(Array(words.dropFirst(depth)), as: command.spec))
        } catch let help as HelpRequested {
            return .help(help.spec)
        } catch let error as UsageError {
            throw error
        } catch {
            preconditionFailure("the parser throws usage errors and help requests only: \(error)")
        }
    }

    /// "Did you mean 'schedule'?" for a near miss of a command's name, or of a top-level option
    /// typed as a command (`version`).
    public func suggestion(for word: String) -> String? {
        if root.options.contains(where: { $0.long == word }) { return "Did you mean '--\(word)'?" }
        let names = commands.map(\.spec.path)
        guard let best = names.min(by: { ArgumentParser.editDistance($0, word) < ArgumentParser.editDistance($1, word) }),
              ArgumentParser.editDistance(best, word) <= 2 || best.hasPrefix(word) else { return nil }
        return "Did you mean '\(best)'?"
    }
}
