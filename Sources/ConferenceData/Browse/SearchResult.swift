/// One hit of `wwdc search`: a session, a transcript's line, a code snippet or a news item.
///
/// Text is cleaned like every text leaving the store.
public struct SearchResult: Hashable, Sendable {
    public var source: SearchSource
    public var tier: SearchTier
    /// The session's id, or the news item's.
    public var id: String
    /// The session's title, or the news item's.
    public var title: String
    /// A code snippet's own title.
    public var snippetTitle: String?
    /// A code snippet's number within its session, from 1 (what `wwdc code <id> N` takes).
    public var snippetNumber: Int?
    /// Seconds into the video: a transcript line's start, a code snippet's when known, a bookmark's.
    public var at: Double?
    /// A bookmark's number within its session, from 1 (a hit in a bookmark's note).
    public var bookmarkNumber: Int?
    /// The text that matched, on one line: the transcript's line, or an excerpt around the match.
    public var snippet: String
    /// The tier's offset plus BM25 (see ``SearchTier``): lower is better.
    public var score: Double

    public init(source: SearchSource, tier: SearchTier, id: String, title: String, snippetTitle: String? = nil,
                snippetNumber: Int? = nil, at: Double? = nil, bookmarkNumber: Int? = nil, snippet: String, score: Double) {
        self.bookmarkNumber = bookmarkNumber
        self.source = source
        self.tier = tier
        self.id = id
        self.title = title
        self.snippetTitle = snippetTitle
        self.snippetNumber = snippetNumber
        self.at = at
        self.snippet = snippet
        self.score = score
    }

    /// What it is, as `--json` names it: the source's kind (``SearchSource/kind``), `bookmark` for
    /// a bookmark's note.
    public var kind: String {
        source == .notes && bookmarkNumber != nil ? "bookmark" : source.kind
    }

    /// The order of the list: score, then id and time, so equal scores always come out the same way.
    static func ranked(_ a: SearchResult, _ b: SearchResult) -> Bool {
        if a.score != b.score { return a.score < b.score }
        if a.tier != b.tier { return a.tier < b.tier }
        if a.id != b.id { return a.id < b.id }
        if a.snippetNumber != b.snippetNumber { return (a.snippetNumber ?? 0) < (b.snippetNumber ?? 0) }
        return (a.at ?? -1) < (b.at ?? -1)
    }
}
