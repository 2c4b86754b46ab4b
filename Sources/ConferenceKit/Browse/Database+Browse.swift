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
            EventSummary(id: row.text(0), name: row.text(1), isCurrent: row.bool(2), startTime: row.optionalDouble(3),
                         endTime: row.optionalDouble(4), utcOffset: row.optionalInt(5), webURLKey: row.line(6))
        }
    }

    /// Tracks by their order in the feed: id and name.
    public func tracks() throws -> [(id: Int, name: String)] {
        try readAll("SELECT id, name FROM tracks ORDER BY ordinal, id") { ($0.int(0), $0.text(1)) }
    }

    /// The session types in the store (`Session`, `Lab`, ...), sorted.
    public func sessionTypes() throws -> [String] {
        try readAll("SELECT DISTINCT type FROM sessions WHERE type IS NOT NULL ORDER BY type") { $0.text(0) }
    }

    /// The platforms sessions name (`iOS`, `macOS`, ...), sorted.
    public func platformNames() throws -> [String] {
        try readAll("SELECT DISTINCT platform FROM session_platforms ORDER BY platform") { $0.text(0) }
    }

    /// Session identifiers starting with `prefix`, sorted (for shell completion).
    public func sessionIDs(prefix: String, limit: Int = 5000) throws -> [(id: String, title: String)] {
        // `>=` and `<` on the prefix instead of LIKE: no wildcard in the user's text can widen the match.
        try readAll("SELECT id, title FROM sessions WHERE id >= ? AND id < ? ORDER BY id LIMIT ?",
                     [prefix, prefix + "\u{10FFFF}", limit]) { ($0.text(0), $0.text(1)) }
    }
}
