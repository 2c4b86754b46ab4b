import Foundation

/// How browsing commands read a search.
enum SearchText {
    /// Full-text hits with their score, lower first: items matching in the title before the others,
    /// then by BM25 (title above description above keywords). Takes the match expression twice.
    static let hitsCTE = """
        WITH titled(sid) AS (
            SELECT rowid FROM session_search WHERE session_search MATCH ?),
        hit(sid, score) AS (
            SELECT rowid, bm25(session_search, 10.0, 3.0, 1.0) - (rowid IN titled) * 1000000.0
            FROM session_search WHERE session_search MATCH ?)

        """

    /// The arguments of ``hitsCTE`` for a match expression.
    static func hitsArguments(_ match: String) -> [DatabaseValue] {
        [.text("title : (" + match + ")"), .text(match)]
    }

    /// The session number a search names, when it is a whole number (`402`).
    static func sessionNumber(in text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 9, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(trimmed)
    }
}
