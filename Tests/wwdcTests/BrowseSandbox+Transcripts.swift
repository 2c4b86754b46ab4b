import ConferenceKit
import Foundation

extension BrowseSandbox {
    /// One line of a transcript: its paragraph, the second it starts at, its text.
    typealias TranscriptLine = (paragraph: Int, start: Double, text: String)

    /// Replaces the transcript of `sessionID` in the sandbox's store with `lines`, with plain SQL (as a
    /// sync would leave it, whatever the fixtures hold); no lines removes it.
    func setTranscript(_ sessionID: String, language: String = "eng", _ lines: [TranscriptLine]) throws {
        let store = try ConferenceStore(path: sandbox.database.path)
        try store.write { db in
            try db.execute("DELETE FROM transcripts WHERE session_id = ?", [sessionID])
            guard !lines.isEmpty else { return }
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
}
