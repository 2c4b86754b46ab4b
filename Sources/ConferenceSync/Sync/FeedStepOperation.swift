import ConferenceBackend
import ConferenceData
import ConferenceModel
import PlainText
import Foundation
import Operations
#if canImport(Glibc)
import Glibc
#endif

/// A step that downloads one feed and then parses it: composition, as the talk's group operations do.
/// Its output is the parsed feed; where the feed is comes from the config it is handed.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
class FeedStepOperation<Feed: Sendable>: GroupOperation, SyncStepOperation, FeedStep, OutputOperation, @unchecked Sendable {
    let step: SyncStep
    let kind: FeedKind
    let context: SyncContext
    let output = OperationOutput<FetchedFeed<Feed>>()
    /// The config, which says where the feed is; never injected into the config's own step.
    let config = OperationInput<AppConfig>()
    private let reading: FeedReading<Feed>

    init(step: SyncStep, kind: FeedKind, context: SyncContext, config configStep: DownloadConfigOperation?, reading: FeedReading<Feed>) {
        self.step = step
        self.kind = kind
        self.context = context
        self.reading = reading
        super.init()
        name = step.rawValue
        if let configStep {
            injectResult(from: configStep, into: config) { $0.feed }
            addCondition(FeedOffered(kind: kind, context: context, config: config))
        }
    }

    /// Adds the download and the parse, now that the config says where the feed is.
    override func execute() {
        let config = config.value
        let request: FeedRequest
        do {
            // The step's FeedOffered condition has checked that the source offers it.
            guard let url = try context.url(for: kind, config: config) else { return finish(with: SkippedStep(reason: "not offered by this source")) }
            request = FeedRequest(feed: kind.fileName, url: url, etag: context.etag(for: kind, config: config),
                                  timeout: context.settings.timeout, limit: context.settings.feedLimit)
        } catch {
            return finish(with: error)
        }
        let download = FetchFeedOperation(request, transport: context.settings.transport, timeout: context.settings.timeout)
        willRun(download)
        addOperations([download, ParseFeedOperation(kind, from: download, reading: reading, into: output)])
        super.execute()
    }

    /// Called with the step's download before it runs. For subclasses.
    func willRun(_ download: FetchFeedOperation<FeedResponse>) {}

    var fetched: (any FeedFetchRecord)? { output.value }

    var resultDetail: String? {
        guard let fetched = output.value else { return nil }
        if fetched.isUnchanged { return "unchanged" }
        let size = fetched.bytes.map { ByteCountFormatter.string(fromByteCount: Int64($0), countStyle: .file) }
        let skipped = fetched.issues.filter { $0.feed == kind.fileName && $0.kind == .skipped }.count
        let skippedNote = skipped > 0 ? "\(skipped) skipped" : nil
        return [itemsDetail(fetched), skippedNote, size].compactMap { $0 }.joined(separator: ", ")
    }

    /// What the feed held, e.g. "234 sessions".
    func itemsDetail(_ fetched: FetchedFeed<Feed>) -> String? { nil }
}

/// A feed step, whatever its feed: what the save step and the summary read of it.
protocol FeedStep: SyncStepOperation {
    /// Its fetch, once it succeeded.
    var fetched: (any FeedFetchRecord)? { get }
}

/// Downloads `config.json`, which names the other feeds. Fails fast when the source is unreachable.
//
// @unchecked Sendable: see FeedStepOperation.
final class DownloadConfigOperation: FeedStepOperation<AppConfig>, @unchecked Sendable {
    init(context: SyncContext) {
        let store = context.store
        let reading = FeedReading<AppConfig>(
            decode: { data in
                let config = try FeedDecoder.config(from: data)
                return (config, config.issues)
            },
            keepsBody: true,
            unchanged: {
                // The config says where the other feeds are: reuse the copy saved by the last sync.
                guard let body = try store.savedConfigBody() else {
                    throw FeedError(kind: .noSavedCopy, feed: FeedKind.config.fileName, detail: "unchanged on the server, but no saved copy")
                }
                let config = try FeedDecoder.config(from: body)
                return (config, config.issues)
            })
        super.init(step: .config, kind: .config, context: context, config: nil, reading: reading)
        addCondition(Reachable(source: context.settings.source))
    }

    override var resultDetail: String? {
        guard let config = output.value?.feed else { return super.resultDetail }
        let wanted = context.wantedLanguage, synced = context.language(config)
        let language = wanted == synced ? "language \(synced)" : "language \(synced) (\(wanted) not offered)"
        return [language, super.resultDetail].compactMap { $0 }.joined(separator: ", ")
    }
}

/// Downloads and checks `contents.json`: events, rooms, tracks, sessions and their schedule. Its JSON
/// goes on to the save step, whose store decodes it again while it writes.
///
/// The steps that need only the download wait for ``downloaded``, which hands on the JSON: the check
/// runs meanwhile, and the save step waits for its verdict before it commits.
//
// @unchecked Sendable: see FeedStepOperation.
final class ScheduleOperation: FeedStepOperation<ContentsSummary>, @unchecked Sendable {
    /// Finishes once `contents.json` is downloaded (its body, when it changed), before the check;
    /// fails as the step did when the download did not succeed.
    let downloaded = StepMilestone<Data>(name: "schedule: downloaded")

    init(context: SyncContext, config: DownloadConfigOperation) {
        let reading = FeedReading<ContentsSummary>(decode: { data in
            let summary = try FeedDecoder.checkContents(data)
            ScheduleOperation.returnFreedMemory()
            return (summary, summary.issues)
        }, keepsBody: true)
        super.init(step: .schedule, kind: .contents, context: context, config: config, reading: reading)
    }

    /// The save decodes the feed beside the check: what the check's thread freed goes back to the
    /// system now, instead of staying in its allocator's arena while the save's memory peaks. glibc's
    /// `malloc_trim`, which Swift's Glibc module does not declare; nothing elsewhere.
    private static func returnFreedMemory() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }

    override func willRun(_ download: FetchFeedOperation<FeedResponse>) {
        let downloaded = downloaded
        download.whenFinished { [weak download] errors in
            guard errors.isEmpty, let download, !download.isCancelled, let response = download.output.value else { return }
            if case let .modified(data, _, _) = response { downloaded.reach(data) } else { downloaded.reach(nil) }
        }
    }

    override func finished(with errors: [any Error]) {
        super.finished(with: errors)
        // Ended before its download did (or without one: skipped, cancelled): so does the milestone.
        downloaded.stepEnded(errors: errors, cancelled: isCancelled)
    }

    override func itemsDetail(_ fetched: FetchedFeed<ContentsSummary>) -> String? {
        guard let summary = fetched.feed else { return nil }
        return Quantity.text(summary.sessions, "session") + ", \(summary.scheduled) scheduled, " + Quantity.text(summary.events, "event")
    }
}

/// Downloads and parses the bodies of articles. Only adds to what the schedule brings, so a failure
/// of its own skips the step (saying why) instead of failing the sync.
//
// @unchecked Sendable: see FeedStepOperation.
final class ArticlesOperation: FeedStepOperation<ArticlesFeed>, @unchecked Sendable {
    init(context: SyncContext, config: DownloadConfigOperation) {
        super.init(step: .articles, kind: .articles, context: context, config: config,
                   reading: .decoded { try FeedDecoder.articles(from: $0) })
    }

    override func itemsDetail(_ fetched: FetchedFeed<ArticlesFeed>) -> String? {
        guard let feed = fetched.feed else { return nil }
        return feed.isRecognised ? Quantity.text(feed.articles.count, "article") : "no articles found in it; bodies unchanged"
    }

    override func errorsFromChildren(_ errors: [any Error]) -> [any Error] {
        guard !isCancelled, let cause = OperationError.rootCause(in: errors) else { return errors }
        return [SkippedStep(reason: ErrorText.message(cause) + "; article bodies not updated")]
    }
}

/// Downloads and parses `news.json`.
//
// @unchecked Sendable: see FeedStepOperation.
final class NewsOperation: FeedStepOperation<NewsFeed>, @unchecked Sendable {
    init(context: SyncContext, config: DownloadConfigOperation) {
        super.init(step: .news, kind: .news, context: context, config: config, reading: .decoded { try FeedDecoder.news(from: $0) })
    }

    override func itemsDetail(_ fetched: FetchedFeed<NewsFeed>) -> String? {
        fetched.feed.map { Quantity.text($0.items.count, "item") }
    }
}

/// The live streams from `videos_live.json`, with the on-demand videos from the contents' media.
//
// @unchecked Sendable: see FeedStepOperation.
final class VideosOperation: FeedStepOperation<LiveVideosFeed>, @unchecked Sendable {
    /// What the schedule step counted, for the number of videos on demand.
    private let contents = OperationInput<ContentsSummary>()

    init(context: SyncContext, config: DownloadConfigOperation, schedule: ScheduleOperation) {
        super.init(step: .videos, kind: .liveVideos, context: context, config: config,
                   reading: .decoded { try FeedDecoder.liveVideos(from: $0) })
        injectResult(from: schedule, into: contents) { $0.feed }
    }

    override func itemsDetail(_ fetched: FetchedFeed<LiveVideosFeed>) -> String? {
        var parts: [String] = []
        if let live = fetched.feed { parts.append(Quantity.text(live.streams.count, "live stream")) }
        if let summary = contents.value { parts.append("\(summary.withMedia) on demand") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
