import ConferenceModel
import JSON
import SQLiteDatabase

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
    /// Where the user stands with the session's video: nil when never played, and for news (set by
    /// ``Database/markingWatched(_:)``).
    public var watch: WatchMark?
    /// The session's page on Apple's site, for a hit at a moment of its video (a transcript's line,
    /// a bookmark's note).
    public var link: SessionLink?

    public init(source: SearchSource, tier: SearchTier, id: String, title: String, snippetTitle: String? = nil,
                snippetNumber: Int? = nil, at: Double? = nil, bookmarkNumber: Int? = nil, snippet: String, score: Double,
                link: SessionLink? = nil) {
        self.link = link
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

    /// The moment its command plays the video from: a transcript line's, a bookmark's; nil for the rest.
    var playedAt: Double? {
        source == .transcripts || (source == .notes && bookmarkNumber != nil) ? at : nil
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

extension SearchResult {
    /// A hit: `search --json` and the assistant's `search`.
    public static let document = DocumentShape<SearchResult>([
        .string("kind", "note, bookmark, session, transcript, code or news", \.kind),
        .string("id", "the session's id, or the news item's", \.id),
        DocumentField("title", .string, "the session's title, a code snippet's own, or the news item's") { hit, _ in
            .string(hit.source == .code ? hit.snippetTitle ?? hit.title : hit.title)
        },
        .number("at", "seconds into the video: a transcript line's, a code snippet's or a bookmark's; else null", \.at),
        .string("snippet", "the line or an excerpt that matched", \.snippet),
        DocumentField("score", .number, "the order in one number, lower first (see search --help)") { hit, _ in
            .double((hit.score * 1000).rounded() / 1000)
        },
    ], WatchMark.fields(\.watch), [
        DocumentField("number", .integer, nullable: true, "a code snippet's or a bookmark's number within its session") { hit, _ in
            JSONValue(hit.source == .code ? hit.snippetNumber ?? 1 : hit.bookmarkNumber)
        }.only(.assistant),
        DocumentField("command", .string, nullable: true, "the command that plays it from there, prints its code, shows or edits it") {
            hit, context in JSONValue(hit.command(context.commands))
        }.only(.assistant),
        SessionLink.field { hit in (hit.link, hit.playedAt) },
    ])

    /// The command that goes to the hit: plays a transcript line or a bookmark, prints a code
    /// snippet, shows a session, edits a note; nil for news.
    func command(_ commands: DocumentCommands) -> String? {
        switch source {
        case .transcripts: commands.play(id, playedAt)
        case .code: commands.code(id, snippetNumber ?? 1)
        case .sessions: commands.show(id)
        case .notes: bookmarkNumber == nil ? commands.note(id) : commands.play(id, playedAt)
        case .news: nil
        }
    }
}

extension Database {
    /// `results` with where the user stands with each session's video (``SearchResult/watch``).
    public func markingWatched(_ results: [SearchResult]) throws -> [SearchResult] {
        let marks = try watchMarks(sessionIDs: results.filter { $0.source != .news }.map(\.id))
        return results.map { result in
            var result = result
            result.watch = result.source == .news ? nil : marks[result.id]
            return result
        }
    }
}
