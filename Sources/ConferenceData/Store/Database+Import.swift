import ConferenceModel
import Foundation
import SQLiteDatabase

extension Database {
    /// Saves a decoded `contents.json`: new items inserted, changed ones updated, items gone from the
    /// feed deleted (the user's favorites and feedback stay). Unchanged rows are not rewritten.
    ///
    /// Runs in a savepoint: inside the caller's transaction, or in its own one. The full-text index
    /// is rebuilt when sessions or keywords changed.
    public func importContents(_ feed: ContentsFeed) throws -> ImportReport {
        try inSavepoint { try FeedImporter(db: self).importContents(feed) }
    }

    /// Decodes and saves a `contents.json` in one pass, faster than decoding first: batches of
    /// sessions are written while the next ones decode on another thread.
    ///
    /// A document that cannot be read fails with `FeedError`, and nothing is written.
    public func importContents(json data: Data, feed: String = "contents.json") throws -> ImportReport {
        try inSavepoint { try FeedImporter(db: self).importContents(json: data, feed: feed) }
    }

    /// Saves a decoded `news.json`, like `importContents`.
    public func importNews(_ feed: NewsFeed) throws -> ImportReport {
        try inSavepoint { try FeedImporter(db: self).importNews(feed) }
    }

    /// Saves a decoded `videos_live.json`, like `importContents`.
    public func importLiveVideos(_ feed: LiveVideosFeed) throws -> ImportReport {
        try inSavepoint { try FeedImporter(db: self).importLiveVideos(feed) }
    }

    /// Saves everything a sync downloaded, all or nothing: the feeds that changed, then the ETag and
    /// sync time of every feed checked.
    public func apply(_ batch: SyncBatch) throws -> ImportReport {
        try inSavepoint {
            let importer = FeedImporter(db: self)
            var report = ImportReport()
            switch batch.contents {
            case .decoded(let feed)?: report.merge(try importer.importContents(feed))
            case .json(let data)?: report.merge(try importer.importContents(json: data, feed: "contents.json"))
            case nil: break
            }
            if let news = batch.news { report.merge(try importer.importNews(news)) }
            if let liveVideos = batch.liveVideos { report.merge(try importer.importLiveVideos(liveVideos)) }
            if let articles = batch.articles { report.merge(try importer.importArticles(articles)) }
            if let transcripts = batch.transcripts { report.merge(try importTranscripts(transcripts)) }
            if let language = batch.language { try setSetting("language", to: language) }
            report.merge(try importer.recordChecks(batch.checkedFeeds, at: batch.syncedAt.timeIntervalSince1970))
            return report
        }
    }

    /// A value the store remembers between syncs (`language`).
    public func setting(_ key: String) throws -> String? {
        try fetchString("SELECT value FROM settings WHERE key = ?", [key])
    }

    public func setSetting(_ key: String, to value: String) throws {
        try execute("INSERT INTO settings (key, value) VALUES (:key, :value) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    named: [":key": key, ":value": value])
    }

    /// Rebuilds the full-text index from the sessions (after writing sessions by other means).
    public func rebuildSearchIndex() throws {
        try FeedImporter(db: self).rebuildSearchIndex()
    }
}
