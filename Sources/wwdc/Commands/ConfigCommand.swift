import CommandLineKit
import ConferenceBackend
import ConferenceModel
import Foundation

/// `wwdc config list|get|set`: the config file's settings.
enum ConfigCommand {
    static let keysHelp = Configuration.keys.map { "\($0.key) (\($0.variable)): \($0.help)" }.joined(separator: "\n")

    /// A key of the config file: an unknown one is a usage error naming the nearest key, else every key.
    static let key = Argument<any DeclaredSetting>.required(
        "key", help: "A key: " + Configuration.keys.map(\.key).joined(separator: ", ") + ".",
        completion: .words(Configuration.keys.map(\.key))) { name throws(InvalidValue) in try Configuration.keys.named(name) }
    static let value = Argument.text("value", help: "Its value (quote spaces for the shell).")

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
        arguments: [key],
        examples: [("wwdc config get download-dir", "")])

    static let set = CommandSpec(
        path: "config set",
        abstract: "Set a key in the config file (checked first; written atomically; comments and other lines kept).",
        discussion: """
        The value is checked as commands read it: a number of jobs from 1 to 16, a source that is a \
        URL wwdc may fetch or a folder that exists, a command line with its quotes closed. A \
        relative folder (source, download-dir) is written as an absolute path.
        """,
        arguments: [key, value],
        examples: [("wwdc config set jobs 4", ""), ("wwdc config set download-dir ~/Movies/WWDC", "")])

    static func runGroup(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        throw UsageError("Missing subcommand", spec: group, hint: "Use 'wwdc config list', 'get' or 'set'.")
    }

    static func runList(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        var lines: [String] = []
        for key in Configuration.keys {
            let (value, origin) = context.settingInForce(key)
            var from = origin.description
            if let problem = problem(of: key, value: value, origin: origin, context) { from += "; not usable: " + problem }
            lines.append(value.isEmpty ? "\(key.key)  (\(from))" : "\(key.key) = \(value)  (\(from))")
        }
        if let folder = try? SyncFolderSupport.settings(flag: nil, context) {
            lines.append("This machine's id in the sync folder \(folder.path): \(folder.machine)")
        }
        context.output(lines.joined(separator: "\n") + "\n")
        return .success
    }

    static func runGet(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let key = arguments[Self.key]
        let (value, origin) = context.settingInForce(key)
        if let problem = problem(of: key, value: value, origin: origin, context) { throw context.settingError(key, value: value, problem: problem) }
        if !value.isEmpty { context.output(value + "\n") }
        context.message("(\(origin.description))")
        return .success
    }

    static func runSet(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let key = arguments[Self.key]
        var value = arguments[Self.value]
        guard !value.contains("\n") else { throw UsageError("A value is one line", spec: set) }
        if let problem = key.problem(value, environment: context.environment) {
            throw UsageError("Invalid value '\(WebAddress.redacted(value).prefix(60))' for '\(key.key)': \(problem)", spec: set)
        }
        value = key.written(value)
        var file = try Configuration.file(environment: context.originalEnvironment)
        guard file.set(key.key, to: value) else {
            throw UsageError("'\(value.prefix(60))' cannot be written in the config file: it mixes quotes and '#'", spec: set)
        }
        try file.save()
        if context.originalEnvironment[key.variable] != nil {
            context.message("Note: \(key.variable) is set in the environment, and wins over the file.")
        }
        return .success
    }

    /// What is wrong with the value in force of `key`, when the person set it (wwdc's own choices
    /// are not checked here: the command says what it does without one).
    private static func problem(of key: any DeclaredSetting, value: String, origin: SettingOrigin, _ context: CommandContext) -> String? {
        guard origin.isFromUser, !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return key.problem(value, environment: context.environment)
    }
}
