extension Database {
    /// Sessions matching every word of `text` in their title, description or keywords, best first
    /// (BM25 with the title weighted above the description, above the keywords).
    ///
    /// `text` is words, "phrases" and `prefix*` terms (``SearchQuery``), never FTS operators, so any
    /// input is safe. Empty when `text` has no word.
    public func search(_ text: String, limit: Int = 50) throws -> [SearchHit] {
        try SearchQuery(text)?.checkBounds()
        guard let query = Database.matchExpression(for: text), limit > 0 else { return [] }
        return try readAll("""
            SELECT s.id, s.title, s.event_id, s.type, hit.score
            FROM (SELECT rowid AS sid, bm25(session_search, 10.0, 3.0, 1.0) AS score
                  FROM session_search WHERE session_search MATCH ? ORDER BY score LIMIT ?) AS hit
            JOIN sessions s ON s.sid = hit.sid
            ORDER BY hit.score, s.id
            """, [query, limit]) { row in
            SearchHit(sessionID: row.text(0), title: row.text(1), eventID: row.text(2), type: row.line(3), score: row.double(4))
        }
    }

    /// The FTS5 expression for what a person typed: words, "phrases" and `prefix*` terms, each an
    /// FTS5 string, never operators (the one query builder: ``SearchQuery``); nil when it holds
    /// nothing to look for.
    static func matchExpression(for text: String) -> String? {
        SearchText.matchExpression(for: text)
    }

    /// Row counts of the store's tables, by table name (full-text shadow tables left out).
    public func tableCounts() throws -> [String: Int] {
        let tables = try fetchAll("""
            SELECT name FROM sqlite_schema
            WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'session_search%' AND name NOT LIKE 'transcript_search%'
            ORDER BY name
            """) { $0.string(at: 0) ?? "" }
        var counts: [String: Int] = [:]
        for table in tables {
            counts[table] = try fetchInt("SELECT count(*) FROM \"\(table.replacingOccurrences(of: "\"", with: "\"\""))\"") ?? 0
        }
        return counts
    }

    /// Number of sessions of each type (`Session`, `Lab`, ...; untyped items under "").
    public func sessionCountsByType() throws -> [String: Int] {
        var counts: [String: Int] = [:]
        try cachedStatement("SELECT coalesce(type, ''), count(*) FROM sessions GROUP BY 1").forEachRow { row in
            counts[row.string(at: 0) ?? ""] = row.int(at: 1)
        }
        return counts
    }
}
