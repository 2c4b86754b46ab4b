import ConferenceKit

// Shortcuts the tests use: each runs one `Database` method in its own transaction. The program
// itself calls `read {}` and `write {}`.
extension ConferenceStore {
    func apply(_ batch: SyncBatch) throws -> ImportReport {
        try write { try $0.apply(batch) }
    }

    func importNews(_ feed: NewsFeed) throws -> ImportReport {
        try write { try $0.importNews(feed) }
    }

    func importLiveVideos(_ feed: LiveVideosFeed) throws -> ImportReport {
        try write { try $0.importLiveVideos(feed) }
    }

    func favorite(sessionID: String) throws -> Favorite? {
        try read { try $0.favorite(sessionID: sessionID) }
    }

    func favorites(onlyFavorites: Bool = true) throws -> [Favorite] {
        try read { try $0.favorites(onlyFavorites: onlyFavorites) }
    }

    func feedback(sessionID: String) throws -> Feedback? {
        try read { try $0.feedback(sessionID: sessionID) }
    }

    func saveFeedback(_ feedback: Feedback) throws {
        try write { try $0.saveFeedback(feedback) }
    }

    func syncMetadata(feed: String) throws -> SyncMetadata? {
        try read { try $0.syncMetadata(feed: feed) }
    }

    func allSyncMetadata() throws -> [SyncMetadata] {
        try read { try $0.allSyncMetadata() }
    }
}
