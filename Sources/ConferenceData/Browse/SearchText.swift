import Foundation
import SQLiteDatabase

/// How browsing commands read a search: one query syntax (``SearchQuery``) for every full-text
/// read, and the ranking of sessions they share.
enum SearchText {
    /// BM25 weights of the session index's columns: title, description, keywords.
    static let sessionWeights: SQL = "10.0, 3.0, 1.0"

    /// Full-text hits of `query` with their score, lower first: items matching in the title before
    /// the others, then by BM25 (title above description above keywords); `in_title` says which.
    static func hits(_ query: SearchQuery) -> SQL {
        let match = query.matchExpression
        return """
            WITH titled(sid) AS (
                SELECT rowid FROM session_search WHERE session_search MATCH \("title : (" + match + ")")),
            hit(sid, score, in_title) AS (
                SELECT rowid, bm25(session_search, \(sessionWeights)) - (rowid IN titled) * 1000000.0, rowid IN titled
                FROM session_search WHERE session_search MATCH \(match))

            """
    }

    /// The order of hits, with ``hits(_:)`` joined as `hit`, sessions as `s` and events as `e`: every
    /// title match first, and among them talks (sessions, videos, special events) before labs and
    /// get-togethers, then the current event's, then newer events', then by session number, which
    /// is the catalog's order ("What's new in SwiftUI" before the deeper dives, as the app lists
    /// them; BM25 would favour the shortest text, a lab's). Other hits by BM25.
    static let hitOrder: SQL = """
        hit.in_title DESC,
        CASE WHEN hit.in_title THEN lower(coalesce(s.type, '')) IN ('lab', 'get-together') END,
        CASE WHEN hit.in_title THEN e.is_current END DESC,
        CASE WHEN hit.in_title THEN e.start_time END DESC,
        CASE WHEN hit.in_title THEN s.event_id END,
        CASE WHEN hit.in_title THEN s.event_content_id IS NULL END,
        CASE WHEN hit.in_title THEN s.event_content_id END,
        hit.score
        """

    /// The one ranking of sessions found by a search: ``hitOrder``, then by id. `schedule --search`,
    /// `videos --search` and `search` list the same sessions in the same order.
    static let ranking = hitOrder + ",\ns.id"

    /// The session number a search names, when it is a whole number (`402`).
    static func sessionNumber(in text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 9, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(trimmed)
    }
}
