import CommandLineKit
import PlainText
import ConferenceBackend
import ConferenceData
import ConferenceMedia
import ConferenceModel
import ConferenceSync
import Foundation
import Operations
import ConferenceTerminal
import SQLiteDatabase
import TerminalUI

/// `wwdc sync`: runs the startup graph against a source and saves it in one transaction.
enum SyncCommand {
    static let source = Option.text("source", value: "url|path|apple", help: "An http(s) URL, a folder of feed files, or 'apple' for Apple's public feeds (default: $WWDC_SOURCE, else the config file's source, else the last source, else the bundled sample).")
    static let language = Option.text("language", value: "code", help: "The language of the feeds: en, zho, jpn, kor, ... (default: $WWDC_LANGUAGE, else the config file's language, else the last sync's, else $LANG's, else en).")
    static let json = SharedOptions.json.help("Print a machine-readable summary on stdout (field names under JSON OUTPUT in 'man wwdc').")
    static let verbose = Option.flag("verbose", help: "Show every operation, not only the steps, and each item a feed held that could not be used.")
    static let noWait = Option.flag("no-wait", help: "Fail at once if another sync is running on this store, instead of waiting.")
    static let jobs = Option.integer("jobs", value: "n", help: "How many transcripts to fetch at once, 1 to 32 (default 8).", in: 1...32)
    static let syncFolder = Option.text("sync-folder", value: "dir", help: "A folder Syncthing, Dropbox, Nextcloud or git copies between your machines, to exchange your favorites, progress, bookmarks, notes and ratings through (default: $WWDC_SYNC_FOLDER, else the config file's sync-folder).")
    static let rebuild = Option.flag("rebuild", help: "Make a fresh store from the feeds (for a damaged one): the old file is set aside, your favorites, feedback and changes not yet uploaded are carried over where they can be read.")

    static let spec = CommandSpec(
        path: "sync",
        abstract: "Bring the local store up to date from a conference server.",
        discussion: """
        Downloads the config, checks the version, then the schedule, news and videos (and, when logged \
        in, your favorites and feedback), and the transcripts that changed, and saves everything in one \
        transaction: a failed or interrupted sync leaves the store as it was. Unchanged feeds are not \
        downloaded again. A transcript that cannot be fetched is reported and fetched by the next sync.
        With no source, syncs from the last source again; the first time, the sample conference bundled \
        with wwdc.
        """,
        options: [source, language, SharedOptions.db, json, SharedOptions.trace, verbose, SharedOptions.quiet.help("Print no progress, only the summary (and what went wrong)."),
                  noWait, jobs, syncFolder, rebuild],
        examples: [
            ("wwdc sync", "Sync again from the last source (at first: the bundled sample conference)."),
            ("wwdc sync --source https://example.com/wwdc/", "Sync from a server."),
            ("wwdc sync --source ./feeds --json", "Sync a folder and print a JSON summary."),
            ("wwdc sync --source apple --language jpn", "Apple's public feeds, in Japanese."),
            ("wwdc sync --rebuild", "A fresh store in place of a damaged one."),
            ("wwdc sync --sync-folder ~/Sync/wwdc", "Also exchange your personal data with your other machines through a shared folder."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        // The command line is checked before anything is created.
        let wantedLanguage: String?
        if let text = arguments[language] {
            do throws(InvalidValue) {
                wantedLanguage = try Configuration.language.parsed(text, environment: context.environment)
            } catch {
                throw UsageError("Invalid value '\(text)' for '--language': \(error.reason)", spec: spec)
            }
        } else {
            // The environment's or the config file's: an error names which (and the file's line).
            wantedLanguage = try context.setting(Configuration.language)
        }
        // A notify setting that cannot be used is said before the sync, not after it.
        _ = try DesktopNotifier.isWanted(context)
        if arguments[verbose], arguments[SharedOptions.quiet] {
            throw UsageError("'--quiet' and '--verbose' cannot be combined", spec: spec)
        }
        let named = try explicitSource(flag: arguments[source], context)
        let timeout = try Configuration.requestTimeout(context.environment)
        let path = try Configuration.storePath(flag: arguments[SharedOptions.db], context.environment)
        try StoreLocation.prepareFolder(for: path)
        let lock = SyncLock(databasePath: path)
        try lock.lock(wait: !arguments[noWait]) {
            context.message("Waiting for another wwdc sync on this store to finish…")
        }
        defer { lock.unlock() }
        if arguments[rebuild] { try startRebuild(path, context) }
        // A small page cache: the sync holds the downloaded feed in memory already, and the save
        // step's writes are sequential (measured: peak memory 3.6x the feed instead of 4.2x).
        let store = try ConferenceStore(path: path, configuration: Database.Configuration(pageCacheKiB: 8_192))
        // A damaged store is found before anything is downloaded, and said so (it would fail later, or
        // worse, seem to work).
        try store.checkIntegrity()
        let source = try named ?? defaultSource(store)

        let progress = SyncProgressDisplay(owner: context.terminal, verbose: arguments[verbose], quiet: arguments[SharedOptions.quiet])
        var settings = try settings(source: source, language: wantedLanguage, timeout: timeout, syncFolder: arguments[syncFolder],
                                    interaction: TerminalInteraction(owner: context.terminal), context)
        if let jobs = arguments[jobs] { settings.jobs = jobs }
        let sync = try SyncOperation(settings: settings, store: store, reporter: progress)

        var runner = OperationRunner(arguments, context: context)
        // Interrupted, the sync says so in its summary (and the save step, a critical section, ends first).
        runner.interruption = SyncError.interrupted
        if arguments[verbose] { runner.observers.append(progress.operationObserver) }
        runner.run(sync)
        progress.stop()
        guard let summary = sync.summary else { throw RuntimeError("the sync ended without a summary") }
        if arguments[verbose] {
            for issue in summary.skipped { context.message("Skipped " + issue.line) }
            for issue in summary.ignored { context.message("Ignored " + issue.line) }
        }
        if arguments[json] {
            context.output(try JSONOutput.encode(SyncSummary.document.json(summary, DocumentContext(view: .commandLine))) + "\n")
        }
        switch summary.status {
        case .succeeded:
            if let counts = summary.syncFolder {
                for line in SyncFolderSupport.lines(counts, step: summary.steps.first { $0.step == .syncFolder }) { context.message(line) }
            }
            context.message(summary.line)
            if let note = summary.pendingNote { context.message("Note: " + note + ".") }
            if let line = summary.whatsNewLine { context.message(line) }
            try DesktopNotifier.send(DesktopNotifier.notifications(for: summary.whatsNew), runner: OperationRunner(arguments, context: context), context: context) { more in
                DesktopNotification(summary: "WWDC · \(more) more new", body: "Run 'wwdc whatsnew' for the whole list.")
            }
            return .success
        case .interrupted:
            context.message(summary.line)
            return .interrupted
        case .failed:
            context.message("Error: " + (summary.error ?? "the sync failed"))
            if let hint = summary.hint { context.message("Hint: " + hint) }
            return .failure
        }
    }

    /// The sync's settings: from `source`, in `language`, with the sync folder `syncFolder` names
    /// (else the config file's), asking through `interaction`.
    static func settings(source: ConferenceSource, language: String?, timeout: TimeInterval, syncFolder: String?,
                         interaction: any Interaction, _ context: CommandContext) throws -> SyncSettings {
        var settings = SyncSettings(source: source, timeout: timeout,
                                    credentialStore: CredentialStore(folders: Configuration.folders(context.environment)),
                                    interaction: interaction, language: language,
                                    localeLanguage: Configuration.localeLanguage(context.environment), now: { context.now })
        settings.feedLimit = try Configuration.feedLimit(context.environment)
        settings.wording = .commandLine
        settings.syncFolder = try SyncFolderSupport.settings(flag: syncFolder, context)
        return settings
    }

    /// The startup graph as an app opening on the store runs it (the browser): `wwdc sync` with no
    /// options, from the source set or last synced, reporting to `reporter`, asking through
    /// `interaction`. It holds the store's sync lock until it finishes; another sync running is
    /// ``SyncError/alreadyRunning(lockFile:)``.
    static func startupOperation(path: String, reporter: any SyncProgressReporting, interaction: any Interaction,
                                 _ context: CommandContext) throws -> SyncOperation {
        let language = try context.setting(Configuration.language)
        let timeout = try Configuration.requestTimeout(context.environment)
        try StoreLocation.prepareFolder(for: path)
        let lock = SyncLock(databasePath: path)
        try lock.lock(wait: false)
        do {
            let store = try ConferenceStore(path: path, configuration: Database.Configuration(pageCacheKiB: 8_192))
            try store.checkIntegrity()
            let source = try explicitSource(flag: nil, context) ?? defaultSource(store)
            let sync = try SyncOperation(settings: settings(source: source, language: language, timeout: timeout, syncFolder: nil,
                                                            interaction: interaction, context),
                                         store: store, reporter: reporter)
            // Handed to the thread the sync finishes on.
            let held = Locked<SyncLock?>(lock)
            sync.addObserver(BlockObserver(finish: { _, _ in held.withLock { $0?.unlock(); $0 = nil } }))
            return sync
        } catch {
            lock.unlock()
            throw error
        }
    }

    /// Sets the store at `path` aside and starts a fresh one with what could be read of it.
    static func startRebuild(_ path: String, _ context: CommandContext) throws {
        let salvage = StoreRebuild.salvage(from: path)
        guard let aside = try StoreRebuild.setAside(path, at: context.now) else {
            context.message("No store at \(path) yet: syncing a new one.")
            return
        }
        let store = try ConferenceStore(path: path)
        try StoreRebuild.restore(salvage, into: store)
        context.message("Set the old store aside as \(aside); rebuilding from the feeds.")
        let kept = salvage.personalChanges.filter { !$0.isTombstone }
        func count(_ kind: PersonalKind) -> Int { kept.filter { $0.kind == kind }.count }
        var parts = [Quantity.text(salvage.favorites.count, "favorite"), "\(salvage.feedback.count) feedback"]
        if !kept.isEmpty {
            parts += ["\(count(.progress)) watch progress", Quantity.text(count(.bookmark), "bookmark"), Quantity.text(count(.note), "note")]
        }
        let carried = "Carried over " + parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
        context.message(salvage.unreadable.isEmpty ? carried + "." : carried + "; could not read " + salvage.unreadable.joined(separator: ", ") + ".")
    }

    /// The source named by `--source`, else `WWDC_SOURCE` (or the config file's source); nil when
    /// none is given.
    static func explicitSource(flag: String?, _ context: CommandContext) throws -> ConferenceSource? {
        if flag?.trimmingCharacters(in: .whitespaces).isEmpty == true {
            throw UsageError("Missing value for '--source <url|path|apple>': it is empty", spec: spec)
        }
        if let text = flag {
            do {
                return try Configuration.source(text, context.environment)
            } catch BackendError.refusedAddress(let address, .credentials) {
                throw UsageError("Invalid value for '--source': \(address) with a user name and password in it", spec: spec,
                                 hint: ErrorWording.advice(.credentials))
            } catch BackendError.refusedAddress(let address, let refusal) {
                throw UsageError("Invalid value '\(address)' for '--source': \(refusal)", spec: spec, hint: ErrorWording.advice(refusal))
            } catch let error as BackendError {
                throw UsageError("Invalid value '\(WebAddress.redacted(text))' for '--source': \(error.description)", spec: spec,
                                 hint: ErrorWording.commandLine.hint(error))
            }
        }
        // The environment's or the config file's: an error names which (and the file's line).
        return try context.setting(Configuration.source)
    }

    /// With no source named: the source of the last sync, else the bundled sample.
    static func defaultSource(_ store: ConferenceStore) throws -> ConferenceSource {
        if let last = try store.lastSource() { return last }
        guard let sample = SampleConference.locate() else {
            throw RuntimeError("no source given and the bundled sample conference is missing",
                               hint: "Sync Apple's feeds with --source apple, a folder of feed files with --source DIR, or a server "
                                   + "with --source URL (or set WWDC_SOURCE); reinstall wwdc to restore the sample.")
        }
        return .folder(sample)
    }
}
