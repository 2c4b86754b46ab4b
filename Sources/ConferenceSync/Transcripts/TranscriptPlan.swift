import ConferenceBackend
import ConferenceData
import Foundation

/// What a sync fetches of the transcripts: for each content item the manifest entry of the language
/// synced (English when that language has none for it), those whose ETag changed, and, per
/// manifest, whether its digest costs fewer bytes than the single files (and fits the limit of
/// what one file may hold).
struct TranscriptPlan: Sendable {
    /// A manifest's entries, by content id; in the order of preference.
    struct Source: Sendable {
        var language: String
        var entries: [String: TranscriptManifest.Entry]
        var digest: TranscriptManifest.Entry?
    }

    struct Item: Sendable, Equatable {
        var id: String
        var entry: TranscriptManifest.Entry
        /// The manifest's language (the config's code).
        var language: String
    }

    /// The items to fetch, by manifest language, in id order.
    private(set) var changed: [String: [Item]] = [:]
    /// The languages whose changed items are best fetched through the digest.
    private(set) var viaDigest: [String: TranscriptManifest.Entry] = [:]
    /// Stored transcripts no manifest lists any more.
    private(set) var removed: [String] = []

    /// What a request costs beyond its body (headers both ways), in bytes.
    static let requestOverhead = 600
    /// The size assumed of a transcript never fetched, when none is stored to go by.
    static let assumedSize = 40_000

    /// `digestLimit`: the most a fetched file may hold; a digest expected to be larger is not asked for.
    init(sources: [Source], stored: [String: StoredTranscript], digestLimit: Int64 = FeedRequest.defaultLimit) {
        var chosen: [String: Item] = [:]
        for source in sources.reversed() {
            for (id, entry) in source.entries { chosen[id] = Item(id: id, entry: entry, language: source.language) }
        }
        let known = stored.values.map(\.bytes).filter { $0 > 0 }
        let typical = known.isEmpty ? Self.assumedSize : known.reduce(0, +) / known.count
        func size(_ id: String) -> Int { stored[id].map { $0.bytes > 0 ? $0.bytes : typical } ?? typical }

        for item in chosen.values.sorted(by: { $0.id < $1.id }) where Self.needsFetch(item, stored: stored[item.id]) {
            changed[item.language, default: []].append(item)
        }
        removed = stored.keys.filter { chosen[$0] == nil }.sorted()
        for source in sources {
            guard let digest = source.digest, let items = changed[source.language], !items.isEmpty else { continue }
            let single = items.reduce(0) { $0 + size($1.id) + Self.requestOverhead }
            let whole = source.entries.keys.reduce(0) { $0 + size($1) } + Self.requestOverhead
            if whole < single, Int64(whole) <= digestLimit { viaDigest[source.language] = digest }
        }
    }

    /// Everything to fetch, whatever the way.
    var changedCount: Int { changed.values.reduce(0) { $0 + $1.count } }

    /// A stored copy is kept while the manifest's ETag is the one it was fetched with (or the
    /// manifest gives none to compare).
    private static func needsFetch(_ item: Item, stored: StoredTranscript?) -> Bool {
        guard let stored else { return true }
        guard let etag = item.entry.etag else { return false }
        return etag != stored.etag
    }
}
