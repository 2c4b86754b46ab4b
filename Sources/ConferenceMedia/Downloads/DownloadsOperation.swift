import ConferenceBackend
import ConferenceData
import ConferenceModel
import Foundation
import Operations

/// Downloads a list of video files, at most ``DownloadSettings/jobs`` at a time, each retried with
/// backoff and written by one process only.
///
/// Each file is a retry of ``MediaDownloadOperation`` attempts guarded by a lock of its own across
/// processes: a second download of a file being downloaded waits for the first (and then
/// finds it complete) instead of writing it too. A file that fails after its retries does not stop
/// the others; it is recorded as failed, with its partial bytes kept for a resume. Cancelling
/// (Ctrl-C) stops every transfer at once and keeps what was fetched.
//
// @unchecked Sendable: mutable state is in a Locked; the rest is immutable.
public final class DownloadsOperation: GroupOperation, @unchecked Sendable {
    /// How one file ended.
    public enum Result: Sendable {
        case downloaded(fetched: Int64, size: Int64)
        case alreadyComplete(size: Int64)
        case failed(any Error)
        case cancelled

        /// Whether the file is complete on disk.
        public var isComplete: Bool {
            switch self {
            case .downloaded, .alreadyComplete: true
            case .failed, .cancelled: false
            }
        }
    }

    public let items: [DownloadItem]
    public let settings: DownloadSettings
    private let store: ConferenceStore
    private let reporter: any DownloadReporting
    private let results = Locked<[DownloadItem: Result]>([:])
    private let files = Locked<[ObjectIdentifier: DownloadItem]>([:])

    public init(items: [DownloadItem], settings: DownloadSettings, store: ConferenceStore, reporter: any DownloadReporting) {
        // One transfer per file: the same video asked for twice (to resume and by id, say), or two
        // sessions a feed gives the same file, is fetched once; the first asked for wins.
        var files = Set<String>()
        var videos = Set<String>()
        self.items = items.filter { item in
            videos.insert(item.sessionID + "\u{0}" + item.quality.rawValue).inserted && files.insert(item.path).inserted
        }
        self.settings = settings
        self.store = store
        self.reporter = reporter
        super.init()
        name = "downloads"
        innerQueue.maxConcurrentOperationCount = max(1, settings.jobs)
    }

    /// Loads libcurl, which downloads use, or says why it cannot be used. libcurl wants its set-up
    /// done before other threads use it: call this early, on the main thread.
    public static func requireTransfer() throws {
        if let reason = CurlTransfer.availability() { throw DownloadError.transferUnavailable(reason: reason) }
    }

    /// How each file ended, once the operation has finished; a file not started is absent.
    public var outcomes: [(item: DownloadItem, result: Result)] {
        let results = results.withLock { $0 }
        return items.compactMap { item in results[item].map { (item, $0) } }
    }

    public override func execute() {
        do {
            try FileManager.default.createDirectory(atPath: settings.lockFolder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try store.write { db in
                for item in items {
                    try db.recordDownloadQueued(item)
                    // Remembered until written, so a resume writes them though the video is complete.
                    if settings.subtitles { try db.recordSubtitlesPending(item, languages: settings.subtitleLanguages) }
                }
            }
        } catch {
            return finish(with: [error])
        }
        for item in items {
            if let folderError = Self.prepareFolder(of: item) {
                results.withLock { $0[item] = .failed(folderError) }
                reporter.finished(item, .failed(folderError))
                continue
            }
            addOperation(fileOperation(for: item))
        }
        super.execute()
    }

    /// The retried download of one file, under its lock.
    private func fileOperation(for item: DownloadItem) -> AdvancedOperation {
        let reporter = reporter
        let policy = settings.retry
        let store = store
        let stallTimeout = settings.stallTimeout
        let retrying = RetryOperation<MediaDownloadOperation>(
            name: "download \(item.label)", policy: policy,
            willRetry: { attempt, delay, errors in reporter.retrying(item, attempt: attempt, delay: delay, errors: errors) }
        ) { _ in
            MediaDownloadOperation(item: item, store: store, stallTimeout: stallTimeout) { bytes, total in
                reporter.progressed(item, bytes: bytes, total: total)
            }
        }
        let lockPath = DownloadLock.path(for: item, lockFolder: settings.lockFolder)
        let lock = CrossProcessLock(path: lockPath, waits: settings.waitForOtherProcesses,
                                    waiting: { pid in reporter.waiting(item, holder: pid) }) { failure in
            switch failure {
            case .busy(let holder): DownloadError.busy(path: item.path, pid: holder)
            case .unavailable(let reason): FileAccessError.cannotLock(path: lockPath, reason: reason)
            }
        }
        lock.guard(retrying)
        retrying.addObserver(BlockObserver(start: { _ in reporter.started(item) }))
        files.withLock { $0[ObjectIdentifier(retrying)] = item }
        return retrying
    }

    public override func operationDidFinish(_ operation: Operation, withErrors errors: [any Error]) {
        guard let item = files.withLock({ $0[ObjectIdentifier(operation)] }) else { return }
        let result: Result
        var languages: [SubtitleLanguage]?
        if let outcome = (operation as? RetryOperation<MediaDownloadOperation>)?.succeeded?.outcome {
            switch outcome {
            case let .downloaded(fetched, size): result = .downloaded(fetched: fetched, size: size)
            case let .alreadyComplete(size): result = .alreadyComplete(size: size)
            }
            // The subtitles still pending, this download's and an earlier one's.
            languages = settings.subtitles ? settings.subtitleLanguages : nil
            if let record = try? store.read({ try $0.downloadRecord(sessionID: item.sessionID, quality: item.quality) }) {
                languages = record.pendingSubtitles
            }
        } else if let error = OperationError.rootCause(in: errors) ?? errors.first, !isCancelled {
            result = .failed(error)
            try? store.write { try $0.recordDownloadFailed(item, reason: ErrorText.message(error)) }
        } else {
            result = .cancelled
        }
        results.withLock { $0[item] = result }
        // The file ends once its subtitles are written too, so that their fetch shows as its progress.
        if result.isComplete, let languages {
            addSubtitles(for: item, languages: languages) { [reporter] in reporter.finished(item, result) }
        } else {
            reporter.finished(item, result)
        }
    }

    /// Writes the video's subtitles in `languages` beside it (``SubtitlesOperation``), their
    /// segments reported as the file's progress, saying where each came from and which language
    /// could not be had; then `done`, however they ended. Those that may be had later (see
    /// ``SubtitlesOperation/unfinished``) stay pending for a resume; so do all when cancelled.
    private func addSubtitles(for item: DownloadItem, languages: [SubtitleLanguage], then done: @escaping @Sendable () -> Void) {
        let reporter = reporter, store = store
        let sources: (hls: String?, file: String?)
        do {
            sources = try store.read { try $0.subtitleSources(sessionID: item.sessionID) }
        } catch {
            reporter.note(item, .subtitlesMissing(languages: [], reasons: [ErrorText.message(error)]))
            return done()
        }
        let subtitles = SubtitlesOperation(sessionID: item.sessionID, hls: sources.hls, feedFile: sources.file,
                                           requests: settings.subtitleRequests(for: item, languages: languages), store: store) {
            language, count, total in
            reporter.subtitlesProgressed(item, language: language.code, done: count, of: total)
        }
        subtitles.addObserver(BlockObserver(finish: { operation, _ in
            defer { done() }
            guard let subtitles = operation as? SubtitlesOperation, !subtitles.isCancelled else { return }
            Self.recordSubtitlesLeft(subtitles, of: item, asked: languages, in: store)
            for outcome in subtitles.outcomes {
                switch outcome {
                case let .written(path, language, source, passedOver):
                    reporter.note(item, .subtitles(file: (path as NSString).lastPathComponent, language: language.code,
                                                   source: source, passedOver: passedOver))
                case let .missing(_, languages, reasons):
                    reporter.note(item, .subtitlesMissing(languages: languages.map(\.code), reasons: reasons))
                }
            }
        }))
        addOperation(subtitles)
    }

    /// Remembers which of `item`'s subtitles are still pending once `subtitles` ended: the
    /// languages of its unfinished requests (the default one, when that was asked), else none.
    private static func recordSubtitlesLeft(_ subtitles: SubtitlesOperation, of item: DownloadItem, asked: [SubtitleLanguage],
                                            in store: ConferenceStore) {
        let unfinished = subtitles.unfinished
        let left: [SubtitleLanguage]? = unfinished.isEmpty ? nil : asked.isEmpty ? [] : unfinished.compactMap(\.languages.first)
        try? store.write { db in
            // Cleared first: the pending languages are replaced, not added to.
            try db.recordSubtitlesPending(item, languages: nil)
            if let left { try db.recordSubtitlesPending(item, languages: left) }
        }
    }

    /// Where a video's subtitles go: its name with `.vtt`, which players load by themselves.
    public static func subtitlesPath(for item: DownloadItem) -> String {
        (item.path as NSString).deletingPathExtension + ".vtt"
    }

    /// Creates the folder of `item`'s file if needed; the error when it cannot be.
    private static func prepareFolder(of item: DownloadItem) -> DownloadError? {
        let folder = (item.path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return nil }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return nil
        } catch {
            return .fileError(path: folder, reason: FileAccessError.reason(for: folder, error))
        }
    }
}
