import Foundation

/// How browsing commands read a search.
enum SearchText {
    /// Full-text hits with their BM25 score (lower is better; title above description above keywords).
    static let hitsCTE = """
        WITH hit(sid, score) AS (
            SELECT rowid, bm25(session_search, 10.0, 3.0, 1.0) FROM session_search WHERE session_search MATCH ?)

        """

    /// The session number a search names, when it is a whole number (`402`).
    static func sessionNumber(in text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 9, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(trimmed)
    }
}
