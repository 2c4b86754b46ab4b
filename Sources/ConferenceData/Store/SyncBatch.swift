import ConferenceModel
import Foundation

/// Everything one sync downloaded, saved by `Database.apply(_:)` in a single transaction.
///
/// A nil feed is unchanged on the server (HTTP 304) or was not fetched: its rows are left as they are.
public struct SyncBatch: Sendable {
    /// A feed the sync asked the server about, with the ETag to send next time.
    public struct FeedCheck: Hashable, Sendable {
        /// The feed's name (`contents`, `news`, `liveVideos`, `config`, ...).
        public var feed: String
        public var etag: String?

        public init(feed: String, etag: String?) {
            self.feed = feed
            self.etag = etag
        }
    }

    /// `contents.json`, decoded or as downloaded; JSON is decoded while it is saved, which is faster.
    public enum Contents: Sendable {
        case decoded(ContentsFeed)
        /// Fails `apply` with a `FeedError` when it cannot be read.
        case json(Data)
    }

    public var contents: Contents?
    public var news: NewsFeed?
    public var liveVideos: LiveVideosFeed?
    public var articles: ArticlesFeed?
    /// Transcripts and their manifests; nil when the sync did not look at them.
    public var transcripts: TranscriptBatch?
    /// The language the feeds are in, remembered for the next sync; nil leaves it as it was.
    public var language: String?
    /// Every feed checked, changed or not: each gets its ETag and `syncedAt` recorded.
    public var checkedFeeds: [FeedCheck]
    public var syncedAt: Date

    public init(contents: Contents? = nil, news: NewsFeed? = nil, liveVideos: LiveVideosFeed? = nil,
                articles: ArticlesFeed? = nil, transcripts: TranscriptBatch? = nil, language: String? = nil,
                checkedFeeds: [FeedCheck] = [], syncedAt: Date) {
        self.contents = contents
        self.news = news
        self.liveVideos = liveVideos
        self.articles = articles
        self.transcripts = transcripts
        self.language = language
        self.checkedFeeds = checkedFeeds
        self.syncedAt = syncedAt
    }
}
