/// Where a hit was found, in the order `wwdc search` ranks them: every hit of a tier comes before
/// every hit of the next, and BM25 orders the hits within a tier.
///
/// A hit's score is its tier's offset plus its BM25 relevance in its own index, held between −999
/// and 0 (lower is better, SQLite's convention): a note of the user's scores from −6999 to −6000,
/// a title match from −5999 to −5000, a news item from −1999 to −1000. So the order is stable and
/// can be explained from the scores alone.
public enum SearchTier: Int, CaseIterable, Comparable, Sendable {
    /// The user's note on a session, or a bookmark's note: their own words first.
    case notes = -1
    /// Every word in a session's title.
    case sessionTitle
    /// A session's title, description and keywords together.
    case sessionText
    /// One line of a transcript.
    case transcript
    /// A code snippet's title and code.
    case code
    /// A news item's title and body.
    case news

    /// Added to the BM25 score of the tier's hits: −6000 for notes, −5000 for title matches, up to
    /// −1000 for news.
    public var offset: Double { Double(rawValue - Self.news.rawValue - 1) * 1000 }

    /// The score of a hit of this tier with `bm25` (SQLite's `bm25()`, negative, lower is better).
    public func score(bm25: Double) -> Double {
        offset + min(0, max(-999, bm25))
    }

    public static func < (lhs: SearchTier, rhs: SearchTier) -> Bool { lhs.rawValue < rhs.rawValue }
}
