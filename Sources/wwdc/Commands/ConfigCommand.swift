import CommandLineKit
import ConferenceBackend
import ConferenceModel
import Foundation

/// `wwdc config list|get|set`: the config file's settings.
enum ConfigCommand {
    static let keysHelp = Configuration.keys.map { "\($0.name) (\($0.variable)): \($0.help)" }.joined(separator: "\n")

    static let group = CommandSpec(
        path: "config",
        abstract: "Show or change the settings of the config file.",
        discussion: """
        The file is $XDG_CONFIG_HOME/wwdc/config (else ~/.config/wwdc/config): 'key = value' lines, \
        '#' comments and blank lines; a '#' after a blank ends a value and starts a comment (quote \
        the value to keep one: player = "mpv --title='#1'"). A flag wins over the environment \
        variable, which wins over the file, which wins over the last sync (source, language) and \
        the default. With no subcommand, lists them ('wwdc config' is 'wwdc config list'). The keys:
        \(keysHelp)
        """,
        examples: [("wwdc config set player 'mpv --fs'", "Play videos full screen."),
                   ("wwdc config", "Every key, its value and where the value comes from.")],
        subcommands: [list, get, set], defaultSubcommand: "list")

    static let list = CommandSpec(
        path: "config list",
        abstract: "List every key with the value in force and where it comes from.",
        discussion: """
        One line a key: 'key = value  (where from)', where from being the environment variable, the \
        config file and its line, the last sync (the source and the language) or the default. A \
        value that cannot be used says why. A command's flag (--jobs, --source, ...) wins over all of \
        them for that command.
        """,
        examples: [("wwdc config list", "")])

    static let get = CommandSpec(
        path: "config get",
        abstract: "Print the value a key has now (the environment's, else the file's, else the last sync's or the default).",
        discussion: "The value goes to stdout, where it comes from to stderr. A value that cannot be used is an error naming where it comes from.",
        arguments: [.init(name: "key", help: "A key: " + Configuration.keys.map(\.name).joined(separator: ", ") + ".",
                          completion: .words(Configuration.keys.map(\.name)))],
        examples: [("wwdc config get download-dir", "")])

    static let set = CommandSpec(
        path: "config set",
        abstract: "Set a key in the config file (checked first; written atomically; comments and other lines kept).",
        discussion: """
        The value is checked as commands read it: a number of jobs from 1 to 16, a source that is a \
        URL wwdc may fetch or a folder that exists, a command line with its quotes closed. A \
        relative folder (source, download-dir) is written as an absolute path.
        """,
        arguments: [.init(name: "key", help: "A key: " + Configuration.keys.map(\.name).joined(separator: ", ") + ".",
                          completion: .words(Configuration.keys.map(\.name))),
                    .init(name: "value", help: "Its value (quote spaces for the shell).")],
        examples: [("wwdc config set jobs 4", ""), ("wwdc config set download-dir ~/Movies/WWDC", "")])

    static func runGroup(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        throw UsageError("Missing subcommand", spec: group, hint: "Use 'wwdc config list', 'get' or 'set'.")
    }

    static func runList(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        var lines: [String] = []
        for key in Configuration.keys {
            let (value, origin) = context.settingInForce(key)
            var from = origin.description
            if isFromUser(origin), !value.trimmingCharacters(in: .whitespaces).isEmpty, let problem = key.problem(value, context.environment) {
                from += "; not usable: " + problem
            }
            lines.append(value.isEmpty ? "\(key.name)  (\(from))" : "\(key.name) = \(value)  (\(from))")
        }
        if let folder = try? SyncFolderSupport.settings(flag: nil, context) {
            lines.append("This machine's id in the sync folder \(folder.path): \(folder.machine)")
        }
        context.output(lines.joined(separator: "\n") + "\n")
        return .success
    }

    static func runGet(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let key = try known(arguments.positionals[0], spec: get)
        let (value, origin) = context.settingInForce(key)
        if isFromUser(origin), !value.trimmingCharacters(in: .whitespaces).isEmpty, let problem = key.problem(value, context.environment) {
            throw context.settingError(key, value: value, problem: problem)
        }
        if !value.isEmpty { context.output(value + "\n") }
        context.message("(\(origin.description))")
        return .success
    }

    static func runSet(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let key = try known(arguments.positionals[0], spec: set)
        var value = arguments.positionals[1]
        guard !value.contains("\n") else { throw UsageError("A value is one line", spec: set) }
        if let problem = key.problem(value, context.environment) {
            throw UsageError("Invalid value '\(WebAddress.redacted(value).prefix(60))' for '\(key.name)': \(problem)", spec: set)
        }
        value = absolutePath(value, for: key)
        var file = try Configuration.file(environment: context.originalEnvironment)
        guard file.set(key.name, to: value) else {
            throw UsageError("'\(value.prefix(60))' cannot be written in the config file: it mixes quotes and '#'", spec: set)
        }
        try file.save()
        if context.originalEnvironment[key.variable] != nil {
            context.message("Note: \(key.variable) is set in the environment, and wins over the file.")
        }
        return .success
    }

    /// Whether the value came from the user (the environment or the file), not from wwdc.
    private static func isFromUser(_ origin: SettingOrigin) -> Bool {
        switch origin {
        case .environment, .file: true
        case .lastSync, .byDefault: false
        }
    }

    /// A relative folder (a source that is not a URL, a download folder) as an absolute path, so the
    /// file means the same wherever wwdc runs.
    private static func absolutePath(_ value: String, for key: Configuration.Key) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard [Configuration.source.name, Configuration.downloadFolder.name, Configuration.syncFolder.name].contains(key.name),
              !trimmed.hasPrefix("/"), !trimmed.hasPrefix("~"), !trimmed.contains("://"),
              key.name != Configuration.source.name || ConferenceSource.named(trimmed) == nil else { return value }
        return ((FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(trimmed) as NSString).standardizingPath
    }

    static func known(_ name: String, spec: CommandSpec) throws(UsageError) -> Configuration.Key {
        guard let key = Configuration.keys.first(where: { $0.name == name }) else {
            throw UsageError("Unknown key '\(name)'. " + Configuration.suggestion(for: name), spec: spec)
        }
        return key
    }
}
