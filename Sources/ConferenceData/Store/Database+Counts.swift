import SQLiteDatabase

extension Database {
    /// Row counts of the store's tables, by table name (full-text shadow tables left out).
    public func tableCounts() throws -> [String: Int] {
        let tables = try fetchAll("""
            SELECT name FROM sqlite_schema
            WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'session_search%' AND name NOT LIKE 'transcript_search%' AND name NOT LIKE 'personal_search%'
            ORDER BY name
            """) { $0.string("name") ?? "" }
        var counts: [String: Int] = [:]
        for table in tables {
            counts[table] = try fetchInt("SELECT count(*) FROM \"\(table.replacingOccurrences(of: "\"", with: "\"\""))\"") ?? 0
        }
        return counts
    }

    /// Number of sessions of each type (`Session`, `Lab`, ...; untyped items under "").
    public func sessionCountsByType() throws -> [String: Int] {
        var counts: [String: Int] = [:]
        try cachedStatement("SELECT coalesce(type, '') AS type, count(*) AS sessions FROM sessions GROUP BY 1").forEachRow { row in
            counts[row.string("type") ?? ""] = row.int("sessions")
        }
        return counts
    }
}
