import ConferenceData
import ConferenceModel
import PlainText
import Foundation
import Operations

/// Commits what the steps it is built with brought, in one transaction: the store is either fully
/// updated or left as it was.
///
/// It starts once the schedule is downloaded, not checked: the check runs while it writes, and it
/// waits for the check's verdict (and for the videos, which wait for it) inside its transaction,
/// rolling back when either failed or the sync was cancelled meanwhile. From the verdict to the
/// commit it is a critical section: SIGINT and SIGTERM wait until it is done.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
final class SaveOperation: AdvancedOperation, SyncStepOperation, OutputOperation, @unchecked Sendable {
    /// What the save changed.
    struct Saved: Sendable {
        var report: ImportReport
        /// What merging each account list changed, by its step.
        var lists: [SyncStep: ChangeCounts]
        /// What the save brought that was not there before.
        var whatsNew = WhatsNew()

        /// The rows changed, the sync metadata's left out (every sync rewrites it).
        var rowsChanged: Int {
            report.rowsChanged - report[.syncMetadata].total + lists.values.reduce(0) { $0 + $1.total }
        }
    }

    let step = SyncStep.save
    let output = OperationOutput<Saved>()
    private let context: SyncContext
    private let config = OperationInput<FetchedFeed<AppConfig>>()
    /// `contents.json` as downloaded; nil when it has not changed.
    private let contentsBody = OperationInput<Data>()
    private let news = OperationInput<FetchedFeed<NewsFeed>>()
    private let articles = OperationInput<FetchedFeed<ArticlesFeed>>()
    private let favorites = OperationInput<FetchedList<AccountClient.RemoteFavorite>>()
    private let feedback = OperationInput<FetchedList<AccountClient.RemoteFeedback>>()
    private let lists: (favorites: AccountList<AccountClient.RemoteFavorite>, feedback: AccountList<AccountClient.RemoteFeedback>)
    private let transcripts = OperationInput<FetchedTranscripts>()
    /// The steps it waits for inside its transaction, before committing: the schedule's check, and the
    /// videos (which wait for it).
    private let schedule: ScheduleOperation
    private let videos: VideosOperation
    /// Signalled as each of them finishes, and when the save is cancelled.
    private let lateNews = DispatchSemaphore(value: 0)

    init(context: SyncContext, config: DownloadConfigOperation, schedule: ScheduleOperation, news: NewsOperation,
         articles: ArticlesOperation, videos: VideosOperation,
         favorites: AccountImportOperation<AccountClient.RemoteFavorite>, feedback: AccountImportOperation<AccountClient.RemoteFeedback>,
         transcripts: TranscriptsOperation) {
        self.context = context
        lists = (favorites.list, feedback.list)
        self.schedule = schedule
        self.videos = videos
        super.init()
        name = step.rawValue
        injectResult(from: config, into: self.config)
        injectResult(from: schedule.downloaded, into: contentsBody)
        injectResult(from: news, into: self.news)
        injectResult(from: articles, into: self.articles)
        injectResult(from: favorites, into: self.favorites)
        injectResult(from: feedback, into: self.feedback)
        injectResult(from: transcripts, into: self.transcripts)
        for late in [schedule, videos] as [AdvancedOperation] {
            late.whenFinished { [lateNews] _ in lateNews.signal() }
        }
    }

    override func didCancel() {
        lateNews.signal()
    }

    var resultDetail: String? {
        guard let rows = output.value?.rowsChanged else { return nil }
        return rows == 0 ? "nothing changed" : Quantity.text(rows, "row") + " changed"
    }

    override func execute() {
        // Cancelled between being scheduled and now: the critical section has not begun, stop here.
        if isCancelled {
            finish()
            return
        }
        let gate = SignalGate.shared
        var critical = false
        defer { if critical { gate.leaveCriticalSection(of: self) } }
        do {
            let config = config.value, favorites = favorites.value, feedback = feedback.value
            let date = context.settings.now()
            // Both lists merge below the earlier of the two fetches' watermarks.
            let watermark = [favorites?.watermark, feedback?.watermark].compactMap { $0 }.min() ?? 0
            let saved = try context.store.write { db in
                // What was there, to tell what is new once everything below is written.
                let before = try WhatsNewSnapshot(db)
                var report: ImportReport
                do {
                    report = try db.apply(firstBatch())
                } catch {
                    // The check reads the same JSON: a feed it refuses fails the schedule step, in its words.
                    try awaitVerdict()
                    throw error
                }
                try awaitVerdict()
                report.merge(try db.apply(lastBatch()))
                gate.enterCriticalSection(of: self)
                critical = true
                // Interrupted before the critical section began: nothing is committed.
                if isCancelled { throw LateStepFailed(error: nil) }
                // The source is what the user named, even when its config is byte for byte the last one's.
                if config != nil { try db.saveConfig(config?.body, from: context.settings.source.configURL) }
                let favoriteChanges = try lists.favorites.merge(favorites?.items, db, watermark, date)
                let feedbackChanges = try lists.feedback.merge(feedback?.items, db, watermark, date)
                let whatsNew = try before.changes(in: db)
                try db.keepWhatsNew(whatsNew, at: date)
                return Saved(report: report, lists: [lists.favorites.step: favoriteChanges, lists.feedback.step: feedbackChanges],
                             whatsNew: whatsNew)
            }
            // A large save leaves the log as big as what it wrote: fold it into the file now, so the
            // next command does not read it back and the store's size is what is on disk.
            if saved.report.rowsChanged > 10_000 { context.store.checkpoint() }
            output.set(saved)
            finish()
        } catch let stopped as LateStepFailed {
            // As if its condition had failed (a step it waits for did) or it was cancelled: a step before
            // it says what went wrong.
            if let error = stopped.error { cancel(with: error) }
            finish()
        } catch {
            finish(with: error)
        }
    }

    /// Why it stopped at the verdict: a step it waits for failed (the error that says so), or it was
    /// cancelled (nil).
    private struct LateStepFailed: Error {
        let error: (any Error)?
    }

    /// Waits until the schedule's check and the videos have finished, or the save is cancelled; throws
    /// unless both succeeded (or were skipped).
    private func awaitVerdict() throws {
        let late: [AdvancedOperation] = [schedule, videos]
        while !isCancelled && !late.allSatisfy(\.isFinished) {
            lateNews.wait()
        }
        if isCancelled { throw LateStepFailed(error: nil) }
        if let error = StepsSucceededCondition.failure(of: self, waitingFor: late) { throw LateStepFailed(error: error) }
    }

    /// What it writes before the verdict: the feeds that changed but the live videos.
    private func firstBatch() -> SyncBatch {
        let config = config.value
        return SyncBatch(contents: contentsBody.value.map { .json($0) }, news: news.value?.feed, articles: articles.value?.feed,
                         transcripts: transcripts.value?.batch, language: config.map { context.language($0.feed) },
                         syncedAt: context.settings.now())
    }

    /// What it writes after the verdict: the live videos, and the ETag of every feed and manifest checked.
    private func lastBatch() -> SyncBatch {
        let fetched: [(any FeedFetchRecord)?] = [config.value, schedule.output.value, news.value, videos.output.value, articles.value]
        let feeds = fetched.compactMap { $0 }
        let checks = (feeds.map { SyncBatch.FeedCheck(feed: $0.kind.rawValue, etag: $0.etag) }
            + (transcripts.value?.checks ?? [:]).map { SyncBatch.FeedCheck(feed: $0.key, etag: $0.value) })
            .sorted { $0.feed < $1.feed }
        return SyncBatch(liveVideos: videos.output.value?.feed, checkedFeeds: checks, syncedAt: context.settings.now())
    }
}
