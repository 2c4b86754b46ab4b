import CommandLineKit
import PlainText
import ConferenceKit
import Foundation
import Operations
import TerminalUI

/// `wwdc watch <id>`: plays a session's video in a player, one at a time.
enum WatchCommand {
    static let printURL = Option.flag("print-url", help: "Print the URL (the file's path when downloaded) instead of opening a player.")
    static let at = SharedOptions.at.help("Start playing at this moment: seconds (754), M:SS (12:34) or H:MM:SS.")

    static let spec = CommandSpec(
        path: "watch",
        abstract: "Play a session's video (the live stream while it is on the air).",
        discussion: """
        Opens the best stream in the player named by $WWDC_PLAYER (a program and its options, split into \
        words as a shell would, but run without one; the URL comes last), else in the first of mpv, vlc \
        and ffplay found on PATH; with none, prints the URL. Only https addresses are played (plain http only from this machine), as for downloads. \
        Only one 'wwdc watch' plays at a time: another is refused while the first player runs. With \
        --at, playback starts at that moment: mpv gets --start=SECONDS, vlc --start-time=SECONDS, \
        ffplay -ss SECONDS (the player is known by its program's name); another player starts at the \
        beginning, and the time to skip to is printed. 'wwdc search' and 'wwdc transcript' show the \
        times of what is said. A video downloaded with 'wwdc download' plays from disk, offline too.
        """,
        options: [at, printURL, SharedOptions.db],
        arguments: [.init(name: "session", help: "A session id (wwdc2026-101), a number in the current event (101) or a developer.apple.com link.",
                          completion: .sessionIDs)],
        examples: [
            ("wwdc watch 101", "Play the keynote of the current event."),
            ("WWDC_PLAYER='mpv --fs' wwdc watch wwdc2026-202", "Full screen in mpv."),
            ("wwdc watch 102 --at 12:34", "From 12 minutes 34 seconds in."),
            ("wwdc watch 101 --print-url | pbcopy", "Copy the URL instead."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let input = arguments.positionals[0]
        let now = context.now.timeIntervalSince1970
        let store = try BrowseSupport.openStore(arguments, context)
        let detail = try store.read { db -> SessionDetail? in try db.sessionDetail(id: SessionResolver.resolve(input, in: db)) }
        guard let detail else { throw BrowseError.unknownSession(input, suggestions: []) }
        // A downloaded video plays from disk (offline too), unless the session is on the air.
        let downloaded = detail.isLive(at: now) ? nil : try store.read { db in
            try db.downloadRecords(sessionID: detail.sessionID).first(where: \.isComplete)?.item.path
        }
        let url: String
        if let downloaded {
            url = downloaded
        } else {
            guard let rawURL = detail.bestStreamURL(at: now) else { throw WatchError.noVideo(detail.sessionID) }
            url = try PlayerOperation.playableURL(rawURL)
        }
        let start = arguments[at]
        // Where to skip to by hand when no player is told: on stderr, so stdout stays the URL alone.
        let time = start.map { VideoTime.text(Double($0)) }
        if arguments[printURL] {
            context.output(url + "\n")
            if let time { context.message("Start at \(time).") }
            return .success
        }
        guard let player = try findPlayer(context) else {
            context.message("No player found: set WWDC_PLAYER, or install mpv, vlc or ffplay. The video's URL:")
            context.output(url + "\n")
            if let time { context.message("Start at \(time).") }
            return .success
        }
        let lockPath = try StoreLocation.dataFolder(Configuration.folders(context.environment)) + "/watch.lock"
        let lock = CrossProcessLock(path: lockPath) { failure in
            switch failure {
            case .busy(let holder): WatchError.alreadyWatching(pid: holder)
            case .unavailable(let reason): FileAccessError.cannotLock(path: lockPath, reason: reason)
            }
        }
        try StoreLocation.prepareFolder(for: lock.path)
        let play = downloaded != nil
            ? PlayerOperation(file: url, player: player, start: start, environment: context.environment)
            : PlayerOperation(url: url, player: player, start: start, environment: context.environment)
        lock.guard(play)
        let from = (time.map { " from " + $0 } ?? "") + (downloaded != nil ? " (downloaded)" : "")
        play.addObserver(BlockObserver(start: { _ in
            context.message("Playing \(detail.sessionID) “\(BrowseSupport.cell(detail.title))”\(from) in \(BrowseSupport.cell(player.name))…")
            if !player.canStartAtTime, let time {
                context.message("\(BrowseSupport.cell(player.name)) cannot be told where to start: start at \(time) by hand.")
            }
            // Before the player writes anything of its own.
            context.terminal.drain()
        }))
        // Ctrl-C reaches the player too (same process group): wait for it to end instead of dying first.
        var runner = OperationRunner(arguments, context: context)
        runner.interruption = nil
        if let error = OperationError.rootCause(in: runner.run(play)) { throw error }
        return play.wasInterrupted ? .interrupted : .success
    }

    /// The player `WWDC_PLAYER` (or the config file's player) names, else the first known one
    /// installed; an error about the named one says where it was named.
    private static func findPlayer(_ context: CommandContext) throws -> PlayerCommand? {
        _ = try context.setting(Configuration.player)
        do {
            return try PlayerCommand.find(command: context.environment[Configuration.player.variable],
                                          path: Configuration.searchPath(context.environment))
        } catch WatchError.playerNotFound(let command) {
            guard case let .file(path, line)? = context.origin(of: Configuration.player) else { throw WatchError.playerNotFound(command) }
            throw RuntimeError("\(path), line \(line): the player '\(command)' was not found",
                               hint: "Install it, or change it with 'wwdc config set player <command>' (mpv, vlc, ffplay).")
        }
    }
}
