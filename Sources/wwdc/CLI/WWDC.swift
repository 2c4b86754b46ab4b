import CommandLineKit
import PlainText
import ConferenceSync
import Foundation
import TerminalUI

/// The command line: finds the command, parses its arguments, runs it, maps errors to exit codes.
enum WWDC {
    typealias Runner = @Sendable (ParsedArguments, CommandContext) throws -> ExitCode

    /// Every command, in the order `--help` lists them.
    static let commands: [(spec: CommandSpec, run: Runner)] = [
        (SyncCommand.spec, SyncCommand.run),
        (BrowseCommand.spec, BrowseCommand.run),
        (ScheduleCommand.spec, ScheduleCommand.run),
        (SessionCommand.spec, SessionCommand.run),
        (SearchCommand.spec, SearchCommand.run),
        (NewsCommand.spec, NewsCommand.run),
        (PhotosCommand.spec, PhotosCommand.run),
        (VideosCommand.spec, VideosCommand.run),
        (TopicsCommand.spec, TopicsCommand.run),
        (ArticlesCommand.spec, ArticlesCommand.run),
        (CodeCommand.spec, CodeCommand.run),
        (TranscriptCommand.spec, TranscriptCommand.run),
        (WatchCommand.spec, WatchCommand.run),
        (ShareCommand.spec, ShareCommand.run),
        (WatchedCommand.spec, WatchedCommand.run),
        (ContinueCommand.spec, ContinueCommand.run),
        (BookmarkCommand.group, BookmarkCommand.runGroup),
        (BookmarkCommand.add, BookmarkCommand.runAdd),
        (BookmarkCommand.list, BookmarkCommand.runList),
        (BookmarkCommand.remove, BookmarkCommand.runRemove),
        (NoteCommand.spec, NoteCommand.run),
        (DownloadCommand.spec, DownloadCommand.run),
        (DownloadsCommand.spec, DownloadsCommand.run),
        (DownloadsCommand.remove, DownloadsCommand.runRemove),
        (ExportCommand.spec, ExportCommand.run),
        (WhatsNewCommand.spec, WhatsNewCommand.run),
        (RemindCommand.spec, RemindCommand.run),
        (NotifyCommand.group, NotifyCommand.runGroup),
        (NotifyCommand.install, NotifyCommand.runInstall),
        (NotifyCommand.uninstall, NotifyCommand.runUninstall),
        (FavoriteCommand.group, FavoriteCommand.runGroup),
        (FavoriteCommand.add, FavoriteCommand.runAdd),
        (FavoriteCommand.remove, FavoriteCommand.runRemove),
        (FavoriteCommand.list, FavoriteCommand.runList),
        (LoginCommand.spec, LoginCommand.run),
        (LogoutCommand.spec, LogoutCommand.run),
        (WhoamiCommand.spec, WhoamiCommand.run),
        (PassCommand.spec, PassCommand.run),
        (FeedbackCommand.spec, FeedbackCommand.run),
        (ConfigCommand.group, ConfigCommand.runGroup),
        (ConfigCommand.list, ConfigCommand.runList),
        (ConfigCommand.get, ConfigCommand.runGet),
        (ConfigCommand.set, ConfigCommand.runSet),
        (MCPCommand.spec, MCPCommand.run),
        (CompletionCommand.spec, CompletionCommand.run),
        (CompleteIDsCommand.spec, CompleteIDsCommand.run),
        (CommandsCommand.spec, CommandsCommand.run),
    ]

    /// `wwdc --version` (read before any command, so never through ``ParsedArguments``).
    static let version = Option.flag("version", help: "Show the version.")

    static let rootSpec = CommandSpec(
        path: "",
        abstract: "A conference companion for the terminal: Apple's WWDC app, ported.",
        discussion: """
        Run 'wwdc sync' first; then browse the schedule, sessions, news and videos. --db and \
        --no-pager may come before the command too, as git's -C does: 'wwdc --db FILE schedule'.
        """,
        options: [version, SharedOptions.db, SharedOptions.noPager],
        examples: [
            ("wwdc sync", "Download the sample conference into the local store."),
            ("wwdc schedule --day tomorrow --track 'App Frameworks'", "What is on tomorrow in one track."),
            ("wwdc session 101", "One session, with its video links."),
            ("wwdc favorite add 101", "Favorite it (logs in when needed)."),
        ],
        subcommands: commands.map(\.spec).filter { !$0.path.contains(" ") && !$0.hidden })

    static let program = CommandLineProgram(name: "wwdc", root: rootSpec, commands: commands.map { (spec: $0.spec, command: $0.run) })

    static let help = HelpFormatter(program: program.name,
                                    footnote: "See 'man wwdc' for the manual: every command, the config file, JSON output.")

    static func main(_ words: [String]) -> ExitCode {
        // A reader that goes away must reach `CommandContext.output` as EPIPE, which ends the program
        // quietly, not kill it with SIGPIPE mid-way (players get the default back when started).
        signal(SIGPIPE, SIG_IGN)
        // The version needs nothing else: no config file, no environment, no terminal.
        if words == ["--version"] {
            let line = Array("wwdc \(WWDCVersion.string)\n".utf8)
            return line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) } == line.count ? .success : .failure
        }
        // The config file fills in the environment once, here: a flag, else the environment, else
        // the file, else the default, for every setting.
        let processEnvironment = ProcessInfo.processInfo.environment
        let context: CommandContext
        do {
            let file = try Configuration.file(environment: processEnvironment)
            context = CommandContext(environment: file.filling(processEnvironment, for: Configuration.keys), originalEnvironment: processEnvironment,
                                     configuration: file)
        } catch {
            let plain = CommandContext(environment: processEnvironment)
            defer { plain.terminal.drain() }
            return ErrorPresenter.present(error, context: plain)
        }
        defer { context.terminal.drain() }
        do {
            return try dispatch(words, context).accountingFor(signal: OperationRunner.interruptingSignal)
        } catch {
            // Every error line goes through one presenter (and its sanitiser): they quote what was
            // typed, and errors may quote a server.
            return ErrorPresenter.present(error, context: context).accountingFor(signal: OperationRunner.interruptingSignal)
        }
    }

    static func dispatch(_ words: [String], _ context: CommandContext) throws -> ExitCode {
        try context.checkClock()
        // `wwdc` alone on a terminal opens the browser; elsewhere it prints the help.
        let words = BrowseCommand.words(forBare: words, program: program, context) ?? words
        switch try program.request(words) {
        case let .help(spec):
            context.output(help.help(for: spec, width: context.outputWidth ?? HelpFormatter.defaultWidth))
        case .manual:
            context.output(ManualPage.wwdc(root: rootSpec, commands: commands.map(\.spec), version: WWDCVersion.string).roff)
        case .version:
            context.output("wwdc \(WWDCVersion.string)\n")
        case let .run(run, arguments):
            return try run(arguments, context)
        }
        return .success
    }
}
