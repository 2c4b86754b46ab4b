import ConferenceData
import ConferenceModel

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

    /// The sessions the one search finds for `text`, best first (`wwdc search --in sessions`); none
    /// when the text has nothing to look for.
    func searchSessions(_ text: String, limit: Int = 50) throws -> [SearchResult] {
        guard let query = SearchQuery(text) else { return [] }
        return try read { try $0.searchEverywhere(SearchRequest(query: query, sources: [.sessions], limit: limit)) }
    }
}
