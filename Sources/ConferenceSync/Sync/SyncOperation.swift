import ConferenceData
import ConferenceModel
import PlainText
import Foundation
import Operations

/// `wwdc sync`: the WWDC app's startup graph, as one group operation.
///
///     download config → version check → { schedule, news, articles, uploads }
///                                       → { videos, favorites, feedback, transcripts } → save
///
/// Each box is an operation, each arrow a dependency (favorites and feedback wait for the uploads,
/// videos for schedule and news, favorites, feedback and transcripts for the schedule's download
/// only, the save step for every step, the schedule's check and the videos inside its transaction).
/// Each step hands what it produced to the steps built with it: the config to every step, the feeds,
/// the account's lists and the transcripts to the save step. Nothing reaches the store before the save
/// step, which commits everything in one transaction; a failed or cancelled sync leaves the store as it
/// was. Cancel it with ``SyncError/interrupted`` on SIGINT: the save step's commit is a critical section.
//
// @unchecked Sendable: mutable state is in Locked values; the rest is immutable.
public final class SyncOperation: GroupOperation, @unchecked Sendable {
    private let context: SyncContext
    private let recorder: StepRecorder
    private let began = DispatchTime.now().uptimeNanoseconds
    private let finalSummary = Locked<SyncSummary?>(nil)
    /// The steps whose outputs the summary reads.
    private let config: DownloadConfigOperation
    private let feeds: [any FeedStep]
    private let transcripts: TranscriptsOperation
    private let save: SaveOperation
    private let syncFolder: SyncFolderStepOperation?
    /// The items of the account's lists that were left out.
    private let accountIssues: @Sendable () -> [FeedIssue]

    /// Builds the graph. `reporter` hears about each step as it starts and ends.
    public init(settings: SyncSettings, store: ConferenceStore, reporter: (any SyncProgressReporting)? = nil) throws {
        let context = try SyncContext(settings: settings, store: store)
        self.context = context
        let recorder = StepRecorder(forwardingTo: reporter)
        self.recorder = recorder

        // Each step is built with the steps whose output it reads, and waits for them.
        let config = DownloadConfigOperation(context: context)
        let versionCheck = VersionCheckOperation(context: context, config: config)
        let schedule = ScheduleOperation(context: context, config: config)
        let news = NewsOperation(context: context, config: config)
        let articles = ArticlesOperation(context: context, config: config)
        let uploads = UploadsOperation(context: context, config: config)
        let videos = VideosOperation(context: context, config: config, schedule: schedule)
        let favorites = AccountImportOperation(AccountList.favorites, context: context, config: config)
        let feedback = AccountImportOperation(AccountList.feedback, context: context, config: config)
        let transcripts = TranscriptsOperation(context: context, config: config) { done, total in
            recorder.stepProgressed(.transcripts, done: done, total: total)
        }
        // Personal data first, so that what it brings goes on to the account service with the uploads.
        let syncFolder = settings.syncFolder.map { SyncFolderStepOperation(context: context, settings: $0) }
        let save = SaveOperation(context: context, config: config, schedule: schedule, news: news, articles: articles, videos: videos,
                                 favorites: favorites, feedback: feedback, transcripts: transcripts)

        // The order beyond what the steps read: nothing before the version check has passed.
        for step in [schedule, news, articles, uploads] as [AdvancedOperation] { step.addDependency(versionCheck) }
        // Videos read the schedule's counts; the others need only its download, so the schedule's
        // check runs while they fetch (the save waits for its verdict before committing).
        videos.addDependency(schedule)
        for step in [videos, favorites, feedback] as [AdvancedOperation] { step.addDependency(news) }
        for step in [favorites, feedback, transcripts] as [AdvancedOperation] { step.addDependency(schedule.downloaded) }
        // The lists are fetched after the outbox went up, so they hold what was uploaded.
        favorites.addDependency(uploads)
        feedback.addDependency(uploads)
        save.addDependency(versionCheck)
        save.addDependency(uploads)
        if let syncFolder { uploads.addDependency(syncFolder) }

        self.config = config
        feeds = [config, schedule, news, articles, videos]
        self.transcripts = transcripts
        self.save = save
        self.syncFolder = syncFolder
        accountIssues = { (favorites.output.value?.skipped ?? []) + (feedback.output.value?.skipped ?? []) }
        let steps: [AdvancedOperation] = [config, versionCheck, schedule, news, articles] + (syncFolder.map { [$0] } ?? [])
            + [uploads, videos, favorites, feedback, transcripts, save]
        let observer = SyncProgressObserver(reporter: recorder, wording: settings.wording)
        for step in steps {
            if step !== config { step.addCondition(StepsSucceededCondition()) }
            step.addObserver(observer)
        }
        super.init(operations: steps + [schedule.downloaded])
        name = "sync"
    }

    /// How it ended; nil until it has finished.
    public var summary: SyncSummary? { finalSummary.withLock { $0 } }

    public override func finished(with errors: [any Error]) {
        let config = config.output.value?.feed
        let fetched = feeds.compactMap(\.fetched)
        let saved = save.output.value
        // The transcripts' index built for a save that did not happen goes with it.
        if saved == nil { self.transcripts.discardStaging() }
        let transcripts = transcripts.output.value
        let issues = fetched.flatMap(\.issues) + (transcripts?.issues ?? []) + accountIssues()
        let interrupted = errors.contains { ($0 as? SyncError) == .interrupted } || (isCancelled && OperationError.rootCause(in: errors) == nil)
        let cause = interrupted ? nil : OperationError.rootCause(in: errors)
        // By kind of row; the account lists by their steps' names.
        let counted = (saved?.report.changes ?? [:]).map { ($0.key.rawValue, $0.value) }
            + (saved?.lists ?? [:]).map { ($0.key.rawValue, $0.value) }.filter { $0.1.total > 0 }
        var changes: [String: [String: Int]] = [:]
        for (kind, counts) in counted {
            changes[kind] = ["inserted": counts.inserted, "updated": counts.updated, "deleted": counts.deleted]
        }
        var summary = SyncSummary(
            status: interrupted ? .interrupted : (cause == nil ? .succeeded : .failed),
            source: context.settings.source.description,
            language: config == nil ? nil : context.language(config),
            database: context.store.path,
            seconds: Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9,
            steps: recorder.steps,
            changes: changes,
            rowsChanged: saved?.rowsChanged ?? 0,
            downloaded: fetched.filter { !$0.isUnchanged }.map(\.kind.fileName).sorted(),
            unchanged: fetched.filter(\.isUnchanged).map(\.kind.fileName).sorted(),
            skipped: Self.byFeed(issues.filter { $0.kind == .skipped }),
            ignored: Self.byFeed(issues.filter { $0.kind == .ignored }),
            error: (interrupted ? SyncError.interrupted : cause).map(context.settings.wording.message),
            hint: (interrupted ? SyncError.interrupted : cause).flatMap(context.settings.wording.hint))
        summary.transcriptsFailed = transcripts?.failed ?? []
        summary.whatsNew = saved?.whatsNew ?? WhatsNew()
        summary.pendingChanges = (try? context.store.read { try $0.outbox().count }) ?? 0
        if summary.pendingChanges > 0, let account = context.account(config) {
            summary.pendingCause = account.isLoggedIn ? .notSent : .notLoggedIn
        }
        if let settings = context.settings.syncFolder {
            let report = syncFolder?.output.value
            let waiting = (try? context.store.read { try $0.unclockedPersonalChanges().count }) ?? 0
            summary.syncFolder = SyncSummary.SyncFolderCounts(path: settings.path, waiting: waiting, report: report)
        }
        finalSummary.withLock { $0 = summary }
    }

    /// Issues grouped by feed (feeds parse side by side, in any order), each feed's in document order.
    private static func byFeed(_ issues: [FeedIssue]) -> [FeedIssue] {
        issues.enumerated().sorted { ($0.element.feed, $0.offset) < ($1.element.feed, $1.offset) }.map(\.element)
    }
}

/// Keeps each step's outcome, in graph order, and passes the news on.
final class StepRecorder: SyncProgressReporting {
    private let next: (any SyncProgressReporting)?
    private let outcomes = Locked<[SyncStep: SyncStepOutcome]>([:])

    init(forwardingTo next: (any SyncProgressReporting)?) {
        self.next = next
    }

    func stepStarted(_ step: SyncStep) {
        next?.stepStarted(step)
    }

    func stepProgressed(_ step: SyncStep, done: Int, total: Int) {
        next?.stepProgressed(step, done: done, total: total)
    }

    func stepFinished(_ step: SyncStep, outcome: SyncStepOutcome) {
        outcomes.withLock { $0[step] = outcome }
        next?.stepFinished(step, outcome: outcome)
    }

    var steps: [SyncSummary.Step] {
        let outcomes = outcomes.withLock { $0 }
        return SyncStep.allCases.compactMap { step in
            outcomes[step].map { SyncSummary.Step(step: step, status: $0.status, detail: $0.detail, seconds: $0.seconds) }
        }
    }
}
