import Foundation
import Operations

/// One sync run's shared state: its settings, the store, the ETags from the last sync, and what the
/// steps have staged for the save step. Nothing reaches the store before the save step.
//
// @unchecked Sendable: `staged` is a Locked; the rest is immutable.
final class SyncContext: @unchecked Sendable {
    struct Staged {
        var config: AppConfig?
        /// The checked `contents.json`, saved by the store's fast path.
        var contents: Data?
        var contentsSummary: ContentsSummary?
        var news: NewsFeed?
        var liveVideos: LiveVideosFeed?
        var articles: ArticlesFeed?
        /// Items skipped and fields ignored, of every feed read.
        var issues: [FeedIssue] = []
        /// Feeds answered, with the ETag to remember; nil ETag when the server gave none.
        var checked: [FeedKind: String?] = [:]
        var unchanged: Set<FeedKind> = []
        var bytes: [FeedKind: Int] = [:]
        var configBody: Data?
        var report: ImportReport?
        /// The account's lists (see `SyncContext.accountLists`).
        var favorites = FetchedList<AccountClient.RemoteFavorite>()
        var feedback = FetchedList<AccountClient.RemoteFeedback>()
        /// The store's change counter when the account's lists were fetched: the merge leaves alone
        /// the local changes above it (made meanwhile).
        var watermark: Int64?
        /// What the outbox upload did.
        var uploads: UploadOutboxOperation.Outcome?
        /// What the transcripts step brought, and the manifests it checked (by sync-metadata name).
        var transcripts: TranscriptBatch?
        var transcriptChecks: [String: String?] = [:]
        /// Content ids whose transcript could not be fetched: the next sync tries them again.
        var transcriptsFailed: [String] = []

        /// The rows the save step changed, the sync metadata's left out (every sync rewrites it).
        var rowsChanged: Int {
            (report?.rowsChanged ?? 0) - (report?[.syncMetadata].total ?? 0)
                + SyncContext.accountLists.reduce(0) { $0 + $1.changes(in: self).total }
        }
    }

    /// One of the account's lists, as the sync has it: fetched page by page, then merged by the save step.
    struct FetchedList<Item: Sendable>: Sendable {
        /// The items as the service has them; nil when not fetched.
        var items: [Item]?
        var pages = 0
        /// What the merge changed here.
        var changes = ChangeCounts()
    }

    /// The account's lists a sync imports, each with its step and its part of `Staged`.
    static let accountLists: [any AccountList] = [FavoritesList(), FeedbackList()]

    let settings: SyncSettings
    let store: ConferenceStore
    /// ETags from the last sync, by feed.
    private let storedETags: [FeedKind: String]
    /// ETags from the last sync, by the name recorded (feeds and transcript manifests).
    private let storedETagsByName: [String: String]
    /// The language of the last sync; nil when the store does not know it.
    let storedLanguage: String?
    private let staged = Locked(Staged())

    init(settings: SyncSettings, store: ConferenceStore) throws {
        self.settings = settings
        self.store = store
        var etags: [FeedKind: String] = [:]
        var byName: [String: String] = [:]
        for metadata in try store.read({ try $0.allSyncMetadata() }) {
            if let kind = FeedKind(rawValue: metadata.feed), let etag = metadata.etag { etags[kind] = etag }
            if let etag = metadata.etag { byName[metadata.feed] = etag }
        }
        storedETags = etags
        storedETagsByName = byName
        storedLanguage = try store.read { try $0.setting("language") }
    }

    func stage(_ body: (inout Staged) -> Void) {
        staged.withLock { body(&$0) }
    }

    var snapshot: Staged { staged.withLock { $0 } }

    /// The language asked for: `--language`/`WWDC_LANGUAGE`, else the last sync's, else the locale's,
    /// else English.
    var wantedLanguage: String {
        settings.language ?? storedLanguage ?? settings.localeLanguage ?? "en"
    }

    /// The language synced: the one asked for when the config offers it, else English.
    var language: String {
        snapshot.config?.language(for: wantedLanguage) ?? wantedLanguage
    }

    /// The ETag to send for a feed: none when the language changed, so every feed is read again.
    func etag(for kind: FeedKind) -> String? {
        // Stores synced before languages were remembered hold English feeds.
        kind == .config || language == (storedLanguage ?? "en") ? storedETags[kind] : nil
    }

    /// Where a feed is; nil when the config does not offer it (in the language synced).
    ///
    /// The config's link is absolute or relative to the config; a config that lists no feeds at all
    /// leaves `<source>/<file>`. A folder source is read offline: a feed the config names on a
    /// server is read from the folder's file of that name.
    func url(for kind: FeedKind) throws -> URL? {
        let source = settings.source
        if kind == .config {
            try source.validate(source.configURL, feed: kind.fileName)
            return source.configURL
        }
        var url: URL
        if let config = snapshot.config, !config.feeds.isEmpty {
            guard let link = config.feeds[language]?[kind.rawValue] else { return nil }
            guard let resolved = link.resolved(against: source.configURL) else { throw BackendError.invalidSource(link.url) }
            url = resolved
        } else {
            url = URL(string: kind.fileName, relativeTo: source.baseURL)!.absoluteURL
        }
        if case .folder(let folder) = source, !url.isFileURL {
            url = folder.appendingPathComponent(url.lastPathComponent)
        }
        try source.validate(url, feed: kind.fileName)
        return url
    }

    /// The transcript manifests to read, in order of preference: the language synced, then English
    /// for the items it has no transcript of. Empty when the config names none (never guessed).
    func transcriptManifests() throws -> [(language: String, url: URL)] {
        guard let config = snapshot.config else { return [] }
        var manifests: [(language: String, url: URL)] = []
        for language in [language, config.language(for: "en")] where !manifests.contains(where: { $0.language == language }) {
            guard let link = config.feeds[language]?["transcripts"] else { continue }
            guard let url = link.resolved(against: settings.source.configURL) else { throw BackendError.invalidSource(link.url) }
            manifests.append((language, try localized(url, beside: settings.source.configURL)))
        }
        return manifests
    }

    /// A URL a feed names, checked against the source; from a folder source, a file beside `neighbour`
    /// stands in for one on a server (a folder is read offline).
    func localized(_ url: URL, beside neighbour: URL) throws -> URL {
        var url = url
        if case .folder = settings.source, !url.isFileURL {
            url = neighbour.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent)
        }
        try settings.source.validate(url)
        return url
    }

    /// The ETag recorded under `name` by the last sync in this language.
    func storedETag(named name: String) -> String? {
        language == (storedLanguage ?? "en") ? storedETagsByName[name] : nil
    }

    /// The account service the config names (resolved against the config's URL), if any.
    var accountService: URL? {
        guard let service = snapshot.config?.accountService?.resolved(against: settings.source.configURL), !service.isFileURL else { return nil }
        return service
    }

    /// The account, once the config is known; nil when accounts are off or the source has none.
    var account: AccountSession? {
        guard let store = settings.credentialStore, let service = accountService,
              (try? settings.source.validate(service)) != nil else { return nil }
        return accountSessions.withLock { sessions in
            if let session = sessions { return session }
            let session = AccountSession(service: service, credentialStore: store, loginMethod: .none,
                                         timeout: settings.timeout, now: settings.now)
            sessions = session
            return session
        }
    }

    private let accountSessions = Locked<AccountSession?>(nil)

    /// The batch the save step commits.
    func batch() -> SyncBatch {
        let staged = snapshot
        let checks = (staged.checked.map { SyncBatch.FeedCheck(feed: $0.key.rawValue, etag: $0.value) }
            + staged.transcriptChecks.map { SyncBatch.FeedCheck(feed: $0.key, etag: $0.value) })
            .sorted { $0.feed < $1.feed }
        return SyncBatch(contents: staged.contents.map { .json($0) }, news: staged.news, liveVideos: staged.liveVideos,
                         articles: staged.articles, transcripts: staged.transcripts, language: staged.config == nil ? nil : language,
                         checkedFeeds: checks, syncedAt: settings.now())
    }
}
