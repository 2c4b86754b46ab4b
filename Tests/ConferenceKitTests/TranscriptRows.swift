import ConferenceKit

/// Transcripts written into a store with plain SQL, as a sync would leave them, for the reading
/// side's tests (independent of the sync's own writer).
enum TranscriptRows {
    /// One line of a transcript: its paragraph, the second it starts at, its text.
    typealias Line = (paragraph: Int, start: Double, text: String)

    /// Replaces the transcript of `sessionID` with `lines` (in order; positions from 0).
    static func insert(_ db: Database, sessionID: String, language: String = "eng", lines: [Line]) throws {
        try db.execute("DELETE FROM transcripts WHERE session_id = ?", [sessionID])
        // Columns a later migration may add with no default get a zero: these tests do not read them.
        let extra = try db.fetchAll("""
            SELECT name FROM pragma_table_info('transcripts')
            WHERE "notnull" = 1 AND dflt_value IS NULL AND name NOT IN ('session_id', 'language', 'etag', 'duration', 'line_count')
            """) { $0.string(at: 0) ?? "" }
        let columns = ["session_id", "language", "etag", "duration", "line_count"] + extra
        let values: [any DatabaseValueConvertible] = [sessionID, language, DatabaseValue.null, lines.last?.start ?? 0, lines.count]
            + extra.map { _ in 0 }
        let names = columns.map { "\"" + $0 + "\"" }.joined(separator: ", ")
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        try db.execute("INSERT INTO transcripts (\(names)) VALUES (\(marks))", values)
        for (position, line) in lines.enumerated() {
            try db.execute("INSERT INTO transcript_lines (session_id, position, paragraph, start, text) VALUES (?, ?, ?, ?, ?)",
                           [sessionID, position, line.paragraph, line.start, line.text])
        }
    }
}
