/// A program's command line: its name, its top level and its commands, and what the words typed
/// ask of them. `Command` is what the program runs for a command (a function, say).
///
/// The words name the longest command path they begin with (`favorite add` before `favorite`),
/// then that command's options and arguments; a group given no subcommand runs its default one
/// when it has one. The top level's options but `--version` may come before the command too, as
/// `git -C` does (`wwdc --db FILE schedule`): they go to the command, which must take them.
/// `help [<command>]`, `-h` and `--help` ask for help, `help --man` for the manual page, and
/// `--version` for the version when the top level declares it.
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
        let (leading, given, words) = try leadingOptions(words)
        guard let first = words.first else {
            if let option = leading.first { throw UsageError("'--\(option)' goes with a command: give one after it", spec: root) }
            return .help(root)
        }
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
        let rest = Array(words.dropFirst(depth))
        let chosen = try subcommand(of: command, given: rest)
        for option in leading where chosen.spec.option(named: option) == nil {
            throw UsageError("'\(program(chosen.spec))' does not take '--\(option)'", spec: chosen.spec)
        }
        do {
            return .run(chosen.command, try ArgumentParser.parse(given + rest, as: chosen.spec))
        } catch let help as HelpRequested {
            return .help(help.spec)
        } catch var error as UsageError {
            // The words named the group: its usage line, as for its other errors.
            if chosen.spec.path != command.spec.path { error.spec = command.spec }
            throw error
        } catch {
            preconditionFailure("the parser throws usage errors and help requests only: \(error)")
        }
    }

    /// Whether `words` name no command: none at all, or only options of the top level (`--db FILE`),
    /// which a program may hand to the command it runs when none is named.
    public func namesNoCommand(_ words: [String]) -> Bool {
        guard let (_, _, rest) = try? leadingOptions(words) else { return false }
        return rest.isEmpty
    }

    /// The options the words begin with that the top level declares (but `--version`): their
    /// names, the words that give them (with their values), and the words after them.
    func leadingOptions(_ words: [String]) throws(UsageError) -> (names: [String], words: [String], rest: [String]) {
        var names: [String] = []
        var options: [String] = []
        var index = 0
        while index < words.count, words[index].hasPrefix("--"), words[index] != "--" {
            let word = words[index]
            let name = String(word.dropFirst(2).prefix { $0 != "=" })
            guard name != "version", name != "help", let option = root.option(named: name) else { break }
            names.append(name)
            options.append(word)
            index += 1
            if !option.isFlag, !word.contains("=") {
                guard index < words.count else { throw UsageError("Missing value for '\(option.usageSynopsis)'", spec: root) }
                options.append(words[index])
                index += 1
            }
        }
        return (names, options, Array(words.dropFirst(index)))
    }

    /// What runs for a command given `rest`: a group given no subcommand (nothing, or options)
    /// runs its default one; a word that names none of its subcommands is an error, with the
    /// nearest one.
    func subcommand(of command: (spec: CommandSpec, command: Command), given rest: [String]) throws(UsageError) -> (spec: CommandSpec, command: Command) {
        let group = command.spec
        guard !group.subcommands.isEmpty, group.arguments.isEmpty else { return command }
        if let word = rest.first, !word.hasPrefix("-") {
            let names = group.subcommands.flatMap { sub in
                sub.paths.compactMap { $0.split(separator: " ").last.map(String.init) }
            }
            let best = names.min { ArgumentParser.editDistance($0, word) < ArgumentParser.editDistance($1, word) }
            let suggestion = best.flatMap { ArgumentParser.editDistance($0, word) <= 2 || $0.hasPrefix(word) ? ". Did you mean '\($0)'?" : nil }
            throw UsageError("Unknown subcommand '\(word)' of '\(program(group))'" + (suggestion ?? ""), spec: group,
                             hint: "Its subcommands: " + group.subcommands.compactMap { $0.path.split(separator: " ").last }.joined(separator: ", ") + ".")
        }
        guard let name = group.defaultSubcommand, !rest.contains("-h"), !rest.contains("--help"),
              let sub = commands.first(where: { $0.spec.path == group.path + " " + name }) else { return command }
        return sub
    }

    /// `wwdc favorite`: the command as typed.
    private func program(_ spec: CommandSpec) -> String {
        spec.path.isEmpty ? name : name + " " + spec.path
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
