import ConferenceBackend
import ConferenceData
import ConferenceModel
import Foundation
import Operations

/// What every step of one sync run knows from the start: its settings, the store, and what the last
/// sync recorded (ETags, language). What a step produces is its own output, handed to the steps after
/// it; the config a step was handed decides where the feeds are.
final class SyncContext: Sendable {
    let settings: SyncSettings
    let store: ConferenceStore
    /// ETags from the last sync, by feed.
    private let storedETags: [FeedKind: String]
    /// ETags from the last sync, by the name recorded (feeds and transcript manifests).
    private let storedETagsByName: [String: String]
    /// The language of the last sync; nil when the store does not know it.
    let storedLanguage: String?
    /// The account session, made once the config is known.
    private let accountSessions = Locked<AccountSession?>(nil)

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

    /// The language asked for: `--language`/`WWDC_LANGUAGE`, else the last sync's, else the locale's,
    /// else English.
    var wantedLanguage: String {
        settings.language ?? storedLanguage ?? settings.localeLanguage ?? "en"
    }

    /// The language synced: the one asked for when the config offers it, else English.
    func language(_ config: AppConfig?) -> String {
        config?.language(for: wantedLanguage) ?? wantedLanguage
    }

    /// The ETag to send for a feed: none when the language changed, so every feed is read again.
    func etag(for kind: FeedKind, config: AppConfig?) -> String? {
        // Stores synced before languages were remembered hold English feeds.
        kind == .config || language(config) == (storedLanguage ?? "en") ? storedETags[kind] : nil
    }

    /// Where a feed is; nil when the config does not offer it (in the language synced).
    ///
    /// The config's link is absolute or relative to the config; a config that lists no feeds at all
    /// leaves `<source>/<file>`.
    func url(for kind: FeedKind, config: AppConfig?) throws -> URL? {
        let source = settings.source
        let url: URL
        if kind == .config {
            url = source.configURL
        } else if let config, !config.feeds.isEmpty {
            guard let link = config.feeds[language(config)]?[kind.rawValue] else { return nil }
            guard let resolved = link.resolved(against: source.configURL) else { throw BackendError.invalidSource(link.url) }
            url = resolved
        } else {
            url = URL(string: kind.fileName, relativeTo: source.baseURL)!.absoluteURL
        }
        return try localized(url, beside: source.configURL, feed: kind.fileName)
    }

    /// The transcript manifests to read, in order of preference: the language synced, then English
    /// for the items it has no transcript of. Empty when the config names none (never guessed).
    func transcriptManifests(config: AppConfig?) throws -> [(language: String, url: URL)] {
        guard let config else { return [] }
        var manifests: [(language: String, url: URL)] = []
        for language in [language(config), config.language(for: "en")] where !manifests.contains(where: { $0.language == language }) {
            guard let link = config.feeds[language]?["transcripts"] else { continue }
            guard let url = link.resolved(against: settings.source.configURL) else { throw BackendError.invalidSource(link.url) }
            manifests.append((language, try localized(url, beside: settings.source.configURL)))
        }
        return manifests
    }

    /// A URL a feed names, checked against the source; from a folder source, a file beside `neighbour`
    /// stands in for one on a server (a folder is read offline). `feed` names the feed in an error.
    func localized(_ url: URL, beside neighbour: URL, feed: String? = nil) throws -> URL {
        var url = url
        if case .folder = settings.source, !url.isFileURL {
            url = neighbour.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent)
        }
        try settings.source.validate(url, feed: feed)
        return url
    }

    /// The ETag recorded under `name` by the last sync in this language.
    func storedETag(named name: String, config: AppConfig?) -> String? {
        language(config) == (storedLanguage ?? "en") ? storedETagsByName[name] : nil
    }

    /// The account service the config names (resolved against the config's URL), if any.
    func accountService(_ config: AppConfig?) -> URL? {
        guard let service = config?.accountService?.resolved(against: settings.source.configURL), !service.isFileURL else { return nil }
        return service
    }

    /// The account, once the config is known; nil when accounts are off or the source has none.
    func account(_ config: AppConfig?) -> AccountSession? {
        guard let store = settings.credentialStore, let service = accountService(config),
              (try? settings.source.validate(service)) != nil else { return nil }
        return accountSessions.withLock { sessions in
            if let session = sessions { return session }
            let session = AccountSession(service: service, credentialStore: store, loginMethod: .none,
                                         timeout: settings.timeout, now: settings.now)
            sessions = session
            return session
        }
    }
}
