import SQLiteDatabase

extension Database {
    /// Whether anything has been synced: false until a schedule is in the store.
    public func hasConferenceData() throws -> Bool {
        try fetchInt("SELECT EXISTS (SELECT 1 FROM sessions)") == 1
    }

    /// Every event, the current one first, then the most recent.
    public func events() throws -> [EventSummary] {
        try readAll("""
            SELECT id, name, is_current, start_time, end_time, utc_offset, web_url_key
            FROM events ORDER BY is_current DESC, start_time DESC, id
            """) { row in
            EventSummary(id: row.text("id"), name: row.text("name"), isCurrent: row.bool("is_current"),
                         startTime: row.optionalDouble("start_time"), endTime: row.optionalDouble("end_time"),
                         utcOffset: row.optionalInt("utc_offset"), webURLKey: row.line("web_url_key"))
        }
    }

    /// Tracks by their order in the feed: id and name.
    public func tracks() throws -> [(id: Int, name: String)] {
        try readAll("SELECT id, name FROM tracks ORDER BY ordinal, id") { ($0.int("id"), $0.text("name")) }
    }

    /// The tracks the events `eventIDs` (nil: every event) have items in, by their order in the
    /// feed, with how many items each has there.
    public func trackCounts(eventIDs: [String]?) throws -> [(id: Int, name: String, items: Int)] {
        var sql: SQL = "SELECT t.id, t.name, count(*) AS items FROM tracks t JOIN sessions s ON s.track_id = t.id"
        if let eventIDs { sql += " WHERE s.event_id IN (\(list: eventIDs))" }
        sql += " GROUP BY t.id ORDER BY t.ordinal, t.id"
        return try readAll(literal: sql) { ($0.int("id"), $0.text("name"), $0.int("items")) }
    }

    /// The session types in the store (`Session`, `Lab`, ...), sorted.
    public func sessionTypes() throws -> [String] {
        try readAll("SELECT DISTINCT type FROM sessions WHERE type IS NOT NULL ORDER BY type") { $0.text("type") }
    }

    /// The platforms sessions name (`iOS`, `macOS`, ...), sorted.
    public func platformNames() throws -> [String] {
        try readAll("SELECT DISTINCT platform FROM session_platforms ORDER BY platform") { $0.text("platform") }
    }

    /// Session identifiers starting with `prefix`, sorted (for shell completion).
    public func sessionIDs(prefix: String, limit: Int = 5000) throws -> [(id: String, title: String)] {
        // `>=` and `<` on the prefix instead of LIKE: no wildcard in the user's text can widen the match.
        try readAll("SELECT id, title FROM sessions WHERE id >= ? AND id < ? ORDER BY id LIMIT ?",
                     [prefix, prefix + "\u{10FFFF}", limit]) { ($0.text("id"), $0.text("title")) }
    }
}

extension Database {
    /// Sessions in id order after `afterID` (nil: from the first), at most `limit`, each with its
    /// title and whether it has a transcript (for listing the sessions page by page).
    public func sessionCatalog(after afterID: String?, limit: Int) throws -> [(id: String, title: String, hasTranscript: Bool)] {
        try readAll("""
            SELECT s.id, s.title, t.session_id IS NOT NULL AS has_transcript
            FROM sessions s LEFT JOIN transcripts t ON t.session_id = s.id
            WHERE s.id > ? ORDER BY s.id LIMIT ?
            """, [afterID ?? "", limit]) { ($0.text("id"), $0.text("title"), $0.bool("has_transcript")) }
    }
}
