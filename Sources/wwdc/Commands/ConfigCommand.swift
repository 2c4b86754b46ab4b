import Foundation

/// `wwdc config list|get|set`: the config file's settings.
enum ConfigCommand {
    static let keysHelp = Configuration.keys.map { "\($0.name) (\($0.variable)): \($0.help)" }.joined(separator: "\n")

    static let group = CommandSpec(
        path: "config",
        abstract: "Show or change the settings of the config file.",
        discussion: """
        The file is $XDG_CONFIG_HOME/wwdc/config (else ~/.config/wwdc/config): 'key = value' lines, \
        '#' comments and blank lines. A flag wins over the environment variable, which wins over the \
        file, which wins over the default. The keys:
        \(keysHelp)
        """,
        examples: [("wwdc config set player 'mpv --fs'", "Play videos full screen."),
                   ("wwdc config list", "Every key, its value and where the value comes from.")],
        subcommands: [list, get, set])

    static let list = CommandSpec(
        path: "config list",
        abstract: "List every key with its value and where it comes from (environment, file or default).",
        examples: [("wwdc config list", "")])

    static let get = CommandSpec(
        path: "config get",
        abstract: "Print the value a key has now (the environment's, else the file's); nothing when unset.",
        arguments: [.init(name: "key", help: "A key: " + Configuration.keys.map(\.name).joined(separator: ", ") + ".",
                          completion: .words(Configuration.keys.map(\.name)))],
        examples: [("wwdc config get download-dir", "")])

    static let set = CommandSpec(
        path: "config set",
        abstract: "Set a key in the config file (written atomically; comments and other lines kept).",
        arguments: [.init(name: "key", help: "A key: " + Configuration.keys.map(\.name).joined(separator: ", ") + ".",
                          completion: .words(Configuration.keys.map(\.name))),
                    .init(name: "value", help: "Its value (quote spaces for the shell).")],
        examples: [("wwdc config set jobs 4", ""), ("wwdc config set download-dir ~/Movies/WWDC", "")])

    static func runGroup(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        throw UsageError("Missing subcommand", spec: group, hint: "Use 'wwdc config list', 'get' or 'set'.")
    }

    static func runList(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let file = try Configuration(environment: context.originalEnvironment)
        var lines: [String] = []
        for key in Configuration.keys {
            if let value = context.originalEnvironment[key.variable] {
                lines.append("\(key.name) = \(value)  (environment: \(key.variable))")
            } else if let value = file.value(key.name) {
                lines.append("\(key.name) = \(value)  (\(file.url.path))")
            } else {
                lines.append("\(key.name)  (not set: the default)")
            }
        }
        context.output(lines.joined(separator: "\n") + "\n")
        return .success
    }

    static func runGet(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let key = try known(arguments.positionals[0], spec: get)
        let file = try Configuration(environment: context.originalEnvironment)
        if let value = context.originalEnvironment[key.variable] ?? file.value(key.name) { context.output(value + "\n") }
        return .success
    }

    static func runSet(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let key = try known(arguments.positionals[0], spec: set)
        let value = arguments.positionals[1]
        guard !value.contains("\n") else { throw UsageError("A value is one line", spec: set) }
        var file = try Configuration(environment: context.originalEnvironment)
        file.set(key.name, to: value)
        try file.save()
        if context.originalEnvironment[key.variable] != nil {
            context.message("Note: \(key.variable) is set in the environment, and wins over the file.")
        }
        return .success
    }

    static func known(_ name: String, spec: CommandSpec) throws(UsageError) -> Configuration.Key {
        guard let key = Configuration.keys.first(where: { $0.name == name }) else {
            throw UsageError("Unknown key '\(name)'. " + Configuration.suggestion(for: name), spec: spec)
        }
        return key
    }
}
