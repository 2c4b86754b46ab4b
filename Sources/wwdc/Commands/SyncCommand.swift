import PlainText
import ConferenceKit
import Foundation
import Operations
import TerminalUI

/// `wwdc sync`: runs the startup graph against a source and saves it in one transaction.
enum SyncCommand {
    static let spec = CommandSpec(
        path: "sync",
        abstract: "Bring the local store up to date from a conference server.",
        discussion: """
        Downloads the config, checks the version, then the schedule, news and videos (and, when logged \
        in, your favorites and feedback), and saves everything in one transaction: a failed or \
        interrupted sync leaves the store as it was. Unchanged feeds are not downloaded again.
        With no source, syncs from the last source again; the first time, the sample conference bundled \
        with wwdc.
        """,
        options: [
            .init(long: "source", value: "url|path|apple", help: "An http(s) URL, a folder of feed files, or 'apple' for Apple's public feeds (default: $WWDC_SOURCE, else the last source, else the bundled sample)."),
            .init(long: "language", value: "code", help: "The language of the feeds: en, zho, jpn, kor, ... (default: $WWDC_LANGUAGE, else the last sync's, else $LANG's, else en)."),
            .init(long: "db", value: "path", help: "The database file (default: $WWDC_DB, else $XDG_DATA_HOME/wwdc/wwdc.sqlite)."),
            .init(long: "json", help: "Print a machine-readable summary on stdout."),
            .init(long: "trace", value: "file", help: "Write the run's timeline to <file> (Chrome trace-event JSON)."),
            .init(long: "verbose", help: "Show every operation, not only the steps, and each item a feed held that could not be used."),
            .init(long: "no-wait", help: "Fail at once if another sync is running on this store, instead of waiting."),
        ],
        examples: [
            ("wwdc sync", "Sync again from the last source (at first: the bundled sample conference)."),
            ("wwdc sync --source https://example.com/wwdc/", "Sync from a server."),
            ("wwdc sync --source ./feeds --json", "Sync a folder and print a JSON summary."),
            ("wwdc sync --source apple --language jpn", "Apple's public feeds, in Japanese."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        // The command line is checked before anything is created.
        let language = try (arguments.value("language") ?? context.environment["WWDC_LANGUAGE"]).map { text in
            guard let code = FeedLanguage.normalized(text), code.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") }) else {
                throw UsageError("Invalid value '\(text)' for '--language': expected a language code such as en, jpn, zho, kor",
                                 spec: spec)
            }
            return code
        }
        let named = try explicitSource(arguments, context)
        // A small page cache: the sync holds the downloaded feed in memory already, and the save
        // step's writes are sequential (measured: peak memory 3.6x the feed instead of 4.2x).
        let store = try context.openStore(explicitPath: arguments.value("db"), configuration: Database.Configuration(pageCacheKiB: 8_192))
        let source = try named ?? defaultSource(store)
        let lock = SyncLock(databasePath: store.path)
        try lock.lock(wait: !arguments.flag("no-wait")) {
            context.message("Waiting for another wwdc sync on this store to finish…")
        }
        defer { lock.unlock() }

        let progress = SyncProgressDisplay(owner: context.terminal, verbose: arguments.flag("verbose"))
        let timeout = context.environment["WWDC_TIMEOUT"].flatMap(Double.init) ?? 30
        let settings = SyncSettings(source: source, timeout: timeout,
                                    credentialStore: CredentialStore(environment: context.environment),
                                    alerts: context.terminal, language: language,
                                    localeLanguage: FeedLanguage.fromLocale(context.environment), now: { context.now })
        let sync = try SyncOperation(settings: settings, store: store, reporter: progress)

        let queue = AdvancedOperationQueue()
        queue.name = "wwdc.sync"
        let trace = arguments.value("trace").map { _ in OperationTrace() }
        if let trace { queue.addObserver(TraceObserver(trace: trace)) }
        if arguments.flag("verbose") { queue.addObserver(progress.operationObserver) }
        SignalGate.shared.install { _ in sync.cancel(with: SyncError.interrupted) }

        queue.addOperation(sync)
        queue.waitUntilAllOperationsAreFinished()
        progress.stop()

        if let trace, let path = arguments.value("trace") {
            do {
                try trace.chromeTraceJSON().write(to: URL(fileURLWithPath: path))
            } catch {
                context.message("Warning: could not write the trace to \(path): \(error.localizedDescription)")
            }
        }
        guard let summary = sync.summary else { throw RuntimeError("the sync ended without a summary") }
        if arguments.flag("verbose") {
            for issue in summary.skipped { context.message("Skipped " + issue.line) }
            for issue in summary.ignored { context.message("Ignored " + issue.line) }
        }
        if arguments.flag("json") {
            context.output(try JSONOutput.encode(summary) + "\n")
        }
        switch summary.status {
        case .succeeded:
            context.message(summary.line)
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

    /// The source named by `--source`, else `WWDC_SOURCE`; nil when neither is given.
    static func explicitSource(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ConferenceSource? {
        guard let text = arguments.value("source") ?? context.environment["WWDC_SOURCE"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return nil
        }
        do {
            return try ConferenceSource(argument: text, environment: context.environment)
        } catch let error as BackendError {
            throw UsageError("Invalid value '\(text)' for '--source': \(error.description)", spec: spec,
                             hint: error.recoverySuggestion)
        }
    }

    /// With no source named: the source of the last sync, else the bundled sample.
    static func defaultSource(_ store: ConferenceStore) throws -> ConferenceSource {
        if let last = try store.lastSource() { return last }
        guard let sample = SampleConference.locate() else {
            throw RuntimeError("no source given and the bundled sample conference is missing",
                               hint: "Pass --source <url|path> or set WWDC_SOURCE; reinstall wwdc to restore the sample.")
        }
        return .folder(sample)
    }
}
