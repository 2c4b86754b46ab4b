import CommandLineKit
import PlainText
import ConferenceData
import ConferenceMedia
import ConferenceModel
import PersonalSync
import Foundation
import Operations
import TerminalUI

/// `wwdc watch <id>`: plays a session's video in a player, one at a time.
enum WatchCommand {
    static let printURL = Option.flag("print-url", help: "Print the URL (the file's path when downloaded) instead of opening a player.")
    static let at = SharedOptions.at.help("Start playing at this moment: seconds (754), M:SS (12:34) or H:MM:SS.")
    static let fromStart = Option.flag("from-start", help: "Start at the beginning, not where you stopped last time.")
    static let bookmark = Option.integer("bookmark", value: "number",
                                         help: "Start at this bookmark of the session (numbered as 'wwdc bookmark list' shows them).",
                                         in: 1...1_000_000)

    static let spec = CommandSpec(
        path: "watch",
        abstract: "Play a session's video (the live stream while it is on the air).",
        discussion: """
        Opens the best stream in the player named by $WWDC_PLAYER (a program and its options, split into \
        words as a shell would, but run without one; the URL comes last), else in the first of mpv, vlc \
        and ffplay found on PATH; with none, prints the URL. Only https addresses are played (plain http only from this machine; \
        another host's plain http address is played over https), as for downloads. The live stream plays while it is on the air, \
        else the downloaded video, else the recorded one; an address refused, or a plain http one the player fails to play over https, \
        gives way to the next. \
        Only one 'wwdc watch' plays at a time: another is refused while the first player runs. With \
        --at, playback starts at that moment: mpv gets --start=SECONDS, vlc --start-time=SECONDS, \
        ffplay -ss SECONDS (the player is known by its program's name); another player starts at the \
        beginning, and the time to skip to is printed. 'wwdc search' and 'wwdc transcript' show the \
        times of what is said. A link to a moment of the video (developer.apple.com/videos/play/wwdc2019/209/?time=754, \
        as 'wwdc share' prints and Apple's site copies) plays from that moment; --at, --bookmark or --from-start chooses otherwise. \
        A video downloaded with 'wwdc download' plays from disk, offline too. \
        mpv and vlc get the video's subtitles (--sub-file=) in --subtitle-language, else the synced language, else English: the \
        downloaded .vtt beside a downloaded video, else Apple's, from the stream's rendition in that language (joined into a \
        private file) or the feed's file; --no-subtitles, or subtitles = off in the config file, gives none.

        wwdc remembers where you stopped. With mpv it follows the playback over mpv's JSON IPC (a socket \
        in a new folder only you can enter, under $XDG_RUNTIME_DIR, else $TMPDIR, else /tmp) and saves \
        the position every few seconds and when the player ends, however it ends (q, the end of the \
        video, Ctrl-C, the player killed); with another player, only that you started the video. The \
        next 'wwdc watch' of the session resumes there ("Resuming at 12:34"); --at, --bookmark and \
        --from-start choose otherwise. Within the last 5 % of the video (or its last 30 seconds) it \
        counts as watched, and the next playback starts over; the player's end of file elsewhere (a \
        dropped stream, mpv's --end) keeps the position. 'wwdc continue' lists what you are in \
        the middle of.

        --speed 1.5 plays half again as fast: mpv gets --speed=1.5, vlc --rate=1.5; ffplay cannot be \
        told a speed, and wwdc says so. Without --speed, the config file's speed ($WWDC_SPEED) is used, \
        but for a live stream. A speed you choose in mpv as it plays ([ and ], Backspace for normal) is \
        kept as the config file's speed for the next 'wwdc watch'. --quality chooses the stream's \
        variant: hd the one of the most lines, sd the one closest to \(MediaQuality.standardDefinitionLines) lines; mpv gets the stream \
        with --hls-bitrate=<that variant's bandwidth>, another player that variant's own playlist, \
        and a video downloaded in the other quality is not played. Without --quality, the player chooses.
        """,
        options: [at, fromStart, bookmark, speed, quality, subtitleLanguage, noSubtitles, printURL, SharedOptions.db],
        arguments: [SharedArguments.session],
        examples: [
            ("wwdc watch 101", "Play the keynote of the current event."),
            ("WWDC_PLAYER='mpv --fs' wwdc watch wwdc2026-202", "Full screen in mpv."),
            ("wwdc watch 102 --at 12:34", "From 12 minutes 34 seconds in."),
            ("wwdc watch 'https://developer.apple.com/videos/play/wwdc2026/102/?time=754'", "From the moment a link names."),
            ("wwdc watch 102 --from-start", "From the beginning, not where you stopped."),
            ("wwdc watch 102 --bookmark 2", "From the session's second bookmark."),
            ("wwdc watch 102 --speed 1.5 --quality sd", "Half again as fast, in SD."),
            ("wwdc watch 101 --print-url | pbcopy", "Copy the URL instead."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let choices = [arguments[at] != nil ? "--at" : nil, arguments[fromStart] ? "--from-start" : nil,
                       arguments[bookmark] != nil ? "--bookmark" : nil].compactMap { $0 }
        if choices.count > 1 {
            throw UsageError("\(choices[0]) and \(choices[1]) cannot be combined: give one", spec: spec)
        }
        let playback = try playbackChoice(arguments)
        let input = arguments[SharedArguments.session]
        let now = context.now.timeIntervalSince1970
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let (detail, linkTime) = try BrowseSupport.detail(input, in: store, context)
        let downloadedFile = try store.read { db in
            try db.downloadRecords(sessionID: detail.sessionID).first { $0.isComplete && playback.wants($0.item.quality) }?.item.path
        }
        var sources = try self.sources(detail, downloadedFile: downloadedFile, at: now)
        let subtitles = try subtitleLanguages(arguments, context, store: store)
        // A link's moment (`?time=754`) is where it starts, unless the person chose otherwise.
        let start = StartChoice(at: arguments[at] ?? (choices.isEmpty ? linkTime : nil), bookmark: arguments[bookmark],
                                fromStart: arguments[fromStart])
        while true {
            let source = sources.removeFirst()
            do {
                return try play(source, detail, from: start, playback, printURL: arguments[printURL], db: arguments[SharedOptions.db],
                                subtitles: (subtitles, asked: arguments[subtitleLanguage] != nil),
                                runner: OperationRunner(arguments, context: context), context, store: store)
            } catch WatchError.playerFailed(let player, let status) where source.upgraded && !sources.isEmpty {
                // The feed's plain http address, asked for over https, may not be served so.
                context.message("'\(BrowseSupport.cell(player))' could not play \(source.target) (status \(status)): "
                                + (sources[0].downloaded != nil ? "playing the downloaded video instead." : "playing \(sources[0].target) instead."))
            }
        }
    }

    /// Where the person asked playback to start: `--at`, `--bookmark`, `--from-start` (at most one given).
    private struct StartChoice {
        var at: Int?
        var bookmark: Int?
        var fromStart: Bool
    }

    /// What one source plays, or prints (`printURL`): the URL, the file, where it starts, how
    /// (`playback`), with which subtitles; its progress kept in the store at `db` (nil: the default
    /// one), played under `runner`.
    private static func play(_ source: Source, _ detail: SessionDetail, from choice: StartChoice, _ playback: PlaybackChoice, printURL: Bool,
                             db: String?, subtitles: (languages: [SubtitleLanguage]?, asked: Bool),
                             runner: OperationRunner, _ context: CommandContext, store: ConferenceStore) throws -> ExitCode {
        let (url, live, downloaded) = (source.target, source.live, source.downloaded)
        let quality = source.stream ? playback.quality : nil
        let (start, resuming) = try startingPoint(detail.sessionID, live: live, at: choice.at, bookmark: choice.bookmark,
                                                   fromStart: choice.fromStart, store)
        // Where to skip to by hand when no player is told: on stderr, so stdout stays the URL alone.
        let time = start.map { VideoTime.text(Double($0)) }
        if printURL {
            context.output(try printedURL(url, quality: quality, runner: runner, context) + "\n")
            if let time { context.message("Start at \(time).") }
            return .success
        }
        guard let found = try findPlayer(context) else {
            context.message("No player found: set WWDC_PLAYER, or install mpv, vlc or ffplay. The video's URL:")
            context.output(url + "\n")
            if let time { context.message("Start at \(time).") }
            return .success
        }
        let (player, subtitleFolder) = live ? (found, nil)
            : subtitled(found, languages: subtitles.languages, downloaded: downloaded, detail: detail, asked: subtitles.asked,
                        db: db, runner: runner, context)
        defer { if let subtitleFolder { try? FileManager.default.removeItem(atPath: subtitleFolder) } }
        let lockPath = try StoreLocation.dataFolder(Configuration.folders(context.environment)) + "/watch.lock"
        let lock = CrossProcessLock(path: lockPath) { failure in
            switch failure {
            case .busy(let holder): WatchError.alreadyWatching(pid: holder)
            case .unavailable(let reason): FileAccessError.cannotLock(path: lockPath, reason: reason)
            }
        }
        try StoreLocation.prepareFolder(for: lock.path)
        // A live stream has no position to come back to.
        let progressStore = live ? nil : try context.openExistingStore(explicitPath: db)
        let speed = try playback.speedInForce(live: live, context)
        let watch = try WatchOperation(sessionID: detail.sessionID, target: url, isLocalFile: downloaded != nil, player: player, start: start,
                                       speed: speed, streamQuality: quality, environment: context.environment, store: progressStore,
                                       backends: try PersonalDataSupport.backends(context),
                                       controlFolderBases: Configuration.runtimeFolders(context.environment), clock: { context.now })
        lock.guard(watch)
        let from = (time.map { " from " + $0 } ?? "") + (downloaded != nil ? " (downloaded)" : "")
        watch.play.whenStarting {
            if resuming, let time { context.message("Resuming at \(time) (--from-start to start over).") }
            context.message("Playing \(detail.sessionID) “\(BrowseSupport.cell(detail.title))”\(from) in \(BrowseSupport.cell(player.name))…")
            if !player.canStartAtTime, let time {
                context.message("\(BrowseSupport.cell(player.name)) cannot be told where to start: start at \(time) by hand.")
            }
            playbackMessages(watch, speed: speed, context)
            // Before the player writes anything of its own.
            context.terminal.drain()
        }
        // Ctrl-C reaches the player too on a terminal (same process group); either way wwdc tells it
        // to quit, and waits for it to end and for where it stopped to be saved, instead of dying first.
        var runner = runner
        runner.interruption = nil
        runner.whenInterrupted = { _ in watch.stopPlayer() }
        let errors = runner.run(watch)
        if let progress = watch.progress { context.message(stoppedText(progress, sessionID: detail.sessionID)) }
        rememberSpeed(watch.speedChosenInPlayer, context)
        if let error = OperationError.rootCause(in: errors) { throw error }
        // Stopped before any player ran (while the stream's variant was chosen): nothing to say of it.
        if watch.play.wasInterrupted && !watch.play.wasStarted { throw Interrupted() }
        return watch.play.wasInterrupted ? .interrupted : .success
    }

    /// One thing to play: an address as the player gets it (`upgraded` when the feed gave it in
    /// plain http), or a downloaded file.
    private struct Source {
        var target: String
        var live = false
        /// An HLS stream (the live one, or the feed's `hls`), of which a variant may be chosen.
        var stream = false
        var downloaded: String?
        var upgraded = false
    }

    /// What to play, best first: the live stream while it is on the air, the downloaded file
    /// (offline too), the recorded video. An address a player may not be given, even over https
    /// (``WebAddress/media(_:)-(String)``), is left out; the error names the first one refused only
    /// when nothing is left.
    private static func sources(_ detail: SessionDetail, downloadedFile: String?, at now: Double) throws -> [Source] {
        var refused: String?
        func stream(_ address: String, live: Bool) -> Source? {
            guard let url = try? PlayerOperation.playableURL(address) else {
                if refused == nil { refused = address }
                return nil
            }
            return Source(target: url, live: live, stream: live || address == detail.media?.hls,
                          upgraded: address.lowercased().hasPrefix("http:") && url.hasPrefix("https:"))
        }
        let sources = [detail.liveStreamURL(at: now).flatMap { stream($0, live: true) },
                       downloadedFile.map { Source(target: $0, downloaded: $0) }]
            + detail.recordedVideoURLs.map { stream($0, live: false) }
        let usable = sources.compactMap { $0 }
        if usable.isEmpty, let refused { throw WatchError.unsafeURL(WebAddress.redacted(refused)) }
        guard !usable.isEmpty else { throw WatchError.noVideo(detail.sessionID) }
        return usable
    }

    /// Where playback starts: `at` (`--at`), a bookmark (`--bookmark`), the beginning
    /// (`--from-start`, a live stream), else where the last playback stopped (then `resuming` is true).
    private static func startingPoint(_ sessionID: String, live: Bool, at: Int?, bookmark: Int?, fromStart: Bool,
                                      _ store: ConferenceStore) throws -> (start: Int?, resuming: Bool) {
        if let start = at { return (start, false) }
        if let number = bookmark {
            let bookmarks = try store.read { db in try db.bookmarkList(sessionID: sessionID) }
            guard bookmarks.indices.contains(number - 1) else {
                throw PersonalDataError.noSuchBookmark(session: sessionID, number: number, count: bookmarks.count)
            }
            return (VideoTime.wholeSeconds(bookmarks[number - 1].time), false)
        }
        guard !fromStart, !live, let progress = try store.read({ db in try db.watchProgress(sessionID: sessionID) }),
              !progress.watched, let position = progress.position, position >= 1 else { return (nil, false) }
        return (VideoTime.wholeSeconds(position), true)
    }

    /// What the playback left: where it stopped, or that the video is watched.
    private static func stoppedText(_ progress: WatchProgress, sessionID: String) -> String {
        if progress.watched { return "Watched \(sessionID) to the end: the next 'wwdc watch' starts over." }
        guard let position = progress.position else { return "Played \(sessionID); the player did not say where it stopped." }
        let of = progress.duration.map { " of " + VideoTime.text($0) } ?? ""
        return "Stopped at \(VideoTime.text(position))\(of): '" + ShellWord.command("wwdc", "watch", sessionID) + "' resumes there."
    }

    /// The player `WWDC_PLAYER` (or the config file's player) names, else the first known one
    /// installed; an error about the named one says where it was named.
    private static func findPlayer(_ context: CommandContext) throws -> PlayerCommand? {
        let command = try context.setting(Configuration.player)
        do {
            return try PlayerCommand.find(command: command, path: Configuration.searchPath(context.environment))
        } catch WatchError.playerNotFound(let command) {
            guard case let .file(path, line)? = context.origin(of: Configuration.player) else { throw WatchError.playerNotFound(command) }
            throw RuntimeError("\(path), line \(line): the player '\(command)' was not found",
                               hint: "Install it, or change it with 'wwdc config set player <command>' (mpv, vlc, ffplay).")
        }
    }
}
