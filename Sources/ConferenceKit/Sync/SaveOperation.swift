import PlainText
import Foundation
import Operations

/// Commits what the steps it is built with brought, in one transaction: the store is either fully
/// updated or left as it was. A critical section: SIGINT and SIGTERM wait until it is done.
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
    private let contents = OperationInput<FetchedFeed<ContentsSummary>>()
    private let news = OperationInput<FetchedFeed<NewsFeed>>()
    private let liveVideos = OperationInput<FetchedFeed<LiveVideosFeed>>()
    private let articles = OperationInput<FetchedFeed<ArticlesFeed>>()
    private let favorites = OperationInput<FetchedList<AccountClient.RemoteFavorite>>()
    private let feedback = OperationInput<FetchedList<AccountClient.RemoteFeedback>>()
    private let lists: (favorites: AccountList<AccountClient.RemoteFavorite>, feedback: AccountList<AccountClient.RemoteFeedback>)
    private let transcripts = OperationInput<FetchedTranscripts>()

    init(context: SyncContext, config: DownloadConfigOperation, schedule: ScheduleOperation, news: NewsOperation,
         articles: ArticlesOperation, videos: VideosOperation,
         favorites: AccountImportOperation<AccountClient.RemoteFavorite>, feedback: AccountImportOperation<AccountClient.RemoteFeedback>,
         transcripts: TranscriptsOperation) {
        self.context = context
        lists = (favorites.list, feedback.list)
        super.init()
        name = step.rawValue
        injectResult(from: config, into: self.config)
        injectResult(from: schedule, into: contents)
        injectResult(from: news, into: self.news)
        injectResult(from: articles, into: self.articles)
        injectResult(from: videos, into: liveVideos)
        injectResult(from: favorites, into: self.favorites)
        injectResult(from: feedback, into: self.feedback)
        injectResult(from: transcripts, into: self.transcripts)
        addObserver(CriticalSectionObserver())
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
        do {
            let config = config.value, favorites = favorites.value, feedback = feedback.value
            let batch = batch()
            let date = context.settings.now()
            // Both lists merge below the earlier of the two fetches' watermarks.
            let watermark = [favorites?.watermark, feedback?.watermark].compactMap { $0 }.min() ?? 0
            let saved = try context.store.write { db in
                // What was there, to tell what is new once everything below is written.
                let before = try WhatsNewSnapshot(db)
                let report = try db.apply(batch)
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
        } catch {
            finish(with: error)
        }
    }

    /// The batch it commits: the feeds that changed, and the ETag of every feed and manifest checked.
    private func batch() -> SyncBatch {
        let config = config.value, transcripts = transcripts.value
        let fetched: [(any FeedFetchRecord)?] = [config, contents.value, news.value, liveVideos.value, articles.value]
        let feeds = fetched.compactMap { $0 }
        let checks = (feeds.map { SyncBatch.FeedCheck(feed: $0.kind.rawValue, etag: $0.etag) }
            + (transcripts?.checks ?? [:]).map { SyncBatch.FeedCheck(feed: $0.key, etag: $0.value) })
            .sorted { $0.feed < $1.feed }
        return SyncBatch(contents: contents.value?.body.map { .json($0) }, news: news.value?.feed, liveVideos: liveVideos.value?.feed,
                         articles: articles.value?.feed, transcripts: transcripts?.batch,
                         language: config.map { context.language($0.feed) }, checkedFeeds: checks, syncedAt: context.settings.now())
    }
}
