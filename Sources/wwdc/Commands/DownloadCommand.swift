import CommandLineKit
import ConferenceData
import ConferenceMedia
import ConferenceModel
import ConferenceTerminal
import Foundation
import Operations
import PlainText

/// `wwdc download`: sessions' videos to disk, several at once, resumable, for watching offline.
enum DownloadCommand {
    static let quality = Option.choices("quality", value: "hd|sd", help: "The video file: hd (the default) or sd; repeat for both.",
                                        as: MediaQuality.self)
    static let subtitles = Option.flag("subtitles", help: "Also write subtitles beside the video (<name>.vtt): Apple's, from the stream in the synced language, else English, else made from the transcript.")
    static let subtitleLanguage = Option.texts("subtitle-language", value: "lang",
                                               help: "Write subtitles in this language as <name>.<lang>.vtt (en, ja, jpn, fra, ...); repeat for several. Implies --subtitles.")
    static let favorites = SharedOptions.favorites.help("Download every favorite's video.")
    static let resume = Option.flag("resume", help: "Go on with every download that did not finish (partial or failed, or its subtitles not written).")
    static let jobs = Option.integer("jobs", short: "j", value: "n", help: "How many files to download at once, 1 to 16 (default: $WWDC_JOBS, else the config file's jobs, else 3).", in: 1...16)
    static let dir = Option.text("dir", value: "path",
                                 help: "The folder for the files (default: $WWDC_DOWNLOAD_DIR, else the config file's download-dir, else $XDG_DATA_HOME/wwdc/downloads).")
    static let json = SharedOptions.json.help("Print a JSON summary: the downloads as 'wwdc downloads --json' lists them.")

    static let sessions = Argument.texts("session", help: "Session ids (wwdc2026-101), numbers in the current event (101) or developer.apple.com links.",
                                         optional: true, completion: .sessionIDs)

    static let spec = CommandSpec(
        path: "download",
        abstract: "Download sessions' videos for watching offline.",
        discussion: """
        Downloads run at most --jobs at a time and are retried when the connection drops, stalls or \
        the server is busy. A download that stops (Ctrl-C, a crash, a lost connection) keeps what it \
        fetched in a .part file: 'wwdc download --resume', or asking for the same video again, goes on \
        from there if the file on the server is still the same, and starts over if it changed. A file \
        is complete only once its length matches the server's; only then does it get its name, \
        <id>_<title>_<quality>.mp4. Two wwdc processes never write one file: the second \
        waits for the first. 'wwdc watch' plays a downloaded video from disk; 'wwdc downloads' lists \
        them.
        """,
        options: [quality, subtitles, subtitleLanguage, favorites, resume, jobs, dir, SharedOptions.quiet, json, SharedOptions.db, SharedOptions.trace],
        arguments: [sessions],
        examples: [
            ("wwdc download 101 102", "The HD videos of sessions 101 and 102 of the current event."),
            ("wwdc download --favorites --quality sd --jobs 2", "Every favorite in SD, two at a time."),
            ("wwdc download --resume", "Finish what an earlier download left."),
            ("wwdc download 101 --subtitles --dir ~/Movies/WWDC", "With subtitles, into another folder."),
            ("wwdc download 101 --subtitle-language ja --subtitle-language en", "With Japanese and English subtitles."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let ids = arguments[sessions]
        guard !ids.isEmpty || arguments[favorites] || arguments[resume] else {
            throw UsageError("Missing sessions to download", spec: spec,
                             hint: "Name sessions (wwdc download 101), or use --favorites or --resume.")
        }
        // Settings are checked before any work.
        let jobs = try arguments[Self.jobs] ?? context.setting(Configuration.jobs)
        let qualities = arguments[quality].isEmpty ? [MediaQuality.hd] : arguments[quality]
        let folder = try Self.folder(arguments[dir], context)
        let languages = try arguments[subtitleLanguage].map { text in
            guard let language = SubtitleLanguage(text) else {
                throw UsageError("Invalid value '\(text)' for '--subtitle-language': expected a language code such as en, ja, jpn, fra", spec: spec)
            }
            return language
        }
        let store = try context.openExistingStore(explicitPath: arguments[SharedOptions.db])
        let (items, skipped) = try store.read { db -> ([DownloadItem], [DownloadError]) in
            var items: [DownloadItem] = []
            var skipped: [DownloadError] = []
            if arguments[resume] {
                items += try db.downloadRecords().filter { $0.state != .done || $0.pendingSubtitles != nil }.map(\.item).reversed()
            }
            var sessions = try ids.map { try BrowseSupport.session($0, in: db, context) }
            if arguments[favorites] { sessions += try db.favorites().map(\.sessionID) }
            for session in sessions {
                for quality in qualities {
                    do {
                        items.append(try db.downloadItem(sessionID: session, quality: quality, folder: folder))
                    } catch let error as DownloadError {
                        // One session without that file does not stop the others; it is said.
                        skipped.append(error)
                    }
                }
            }
            return (items, skipped)
        }
        guard !items.isEmpty else {
            if skipped.count == 1, let only = skipped.first { throw only }
            if !skipped.isEmpty {
                throw RuntimeError("none of these sessions has a video file to download: "
                                   + skipped.map(ErrorWording.commandLine.message).joined(separator: "; "),
                                   hint: skipped.first.flatMap(ErrorWording.commandLine.hint))
            }
            context.message(arguments[resume] ? "Nothing to resume: every download is complete." : "Nothing to download.")
            return .success
        }

        for error in skipped { context.message("Skipped: " + ErrorWording.commandLine.message(error)) }
        var settings = try Self.settings(jobs: jobs, subtitles: arguments[subtitles] || !languages.isEmpty, context)
        settings.subtitleLanguages = languages
        // The synced language's subtitles are the ones a person reads.
        if let synced = try store.read({ try $0.setting("language") }).flatMap(SubtitleLanguage.init) { settings.preferredSubtitleLanguage = synced }
        try DownloadsOperation.requireTransfer()
        let display = DownloadProgressDisplay(owner: context.terminal, count: Set(items).count, quiet: arguments[SharedOptions.quiet] || arguments[json],
                                              wording: .commandLine)
        let downloads = DownloadsOperation(items: items, settings: settings, store: store, reporter: display)
        let runner = OperationRunner(arguments, context: context)
        let errors = runner.run(downloads)
        display.stop(interrupted: downloads.isCancelled)
        if let error = errors.first(where: { !($0 is Interrupted) }), downloads.outcomes.isEmpty { throw error }

        let outcomes = downloads.outcomes
        if arguments[json] {
            let records = try store.read { db in
                try outcomes.compactMap { try db.downloadRecord(sessionID: $0.item.sessionID, quality: $0.item.quality) }
            }
            context.output(try JSONOutput.encode(DownloadRecord.document.json(records, .commandLine())) + "\n")
        }
        return summarize(outcomes, interrupted: downloads.isCancelled, context: context)
    }

    /// The folder the files go to: `dir` (`--dir`), else the download-dir setting, else `downloads`
    /// in the data folder (an empty one counts as none).
    static func folder(_ dir: String?, _ context: CommandContext) throws -> String {
        try DownloadFolder.resolve(explicitPath: dir.flatMap { $0.isEmpty ? nil : $0 } ?? context.setting(Configuration.downloadFolder),
                                   folders: Configuration.folders(context.environment))
    }

    /// How the files download: `jobs` at once, given up when stalled as the environment says, their
    /// locks in wwdc's data folder.
    static func settings(jobs: Int, subtitles: Bool, _ context: CommandContext) throws -> DownloadSettings {
        try DownloadSettings(jobs: jobs, stallTimeout: Configuration.stallTimeout(context.environment), subtitles: subtitles,
                             lockFolder: DownloadFolder.lockFolder(Configuration.folders(context.environment)))
    }

    /// One line saying what happened, and the exit status: 130 interrupted, 1 if a file failed.
    private static func summarize(_ outcomes: [(item: DownloadItem, result: DownloadsOperation.Result)], interrupted: Bool,
                                  context: CommandContext) -> ExitCode {
        var done = 0
        var bytes: Int64 = 0
        var failed: [String] = []
        for (item, result) in outcomes {
            switch result {
            case let .downloaded(fetched, _): done += 1; bytes += fetched
            case .alreadyComplete: done += 1
            case let .failed(error): failed.append("\(item.label) (\(ErrorWording.commandLine.message(error)))")
            case .cancelled: break
            }
        }
        let files = done == 1 ? "1 file" : "\(done) files"
        if interrupted {
            context.message("Interrupted: \(files) complete; partial files are kept. Run 'wwdc download --resume' to go on.")
            return .interrupted
        }
        if failed.isEmpty {
            context.message("Downloaded \(files) (\(ByteCount.text(bytes)) fetched).")
            return .success
        }
        if outcomes.count == 1, case let .failed(error)? = outcomes.first?.result {
            context.message("Error: \(outcomes[0].item.label): \(ErrorWording.commandLine.message(error))")
            context.message("Hint: " + (ErrorWording.commandLine.hint(error) ?? "Run 'wwdc download --resume' to try again."))
            return .failure
        }
        context.message("Error: \(failed.count) of \(Quantity.text(outcomes.count, "download")) failed: " + failed.joined(separator: "; "))
        context.message("Hint: Run 'wwdc download --resume' to try them again; 'wwdc downloads' shows what is kept.")
        return .failure
    }
}
