import Foundation
import SQLiteDatabase

/// A transcript as the store has it, for deciding what a sync fetches.
public struct StoredTranscript: Sendable, Equatable {
    var language: String
    public var etag: String?
    public var bytes: Int
}

extension Database {
    /// The transcripts stored, by content id.
    public func storedTranscripts() throws -> [String: StoredTranscript] {
        var stored: [String: StoredTranscript] = [:]
        let rows = try fetchAll("SELECT session_id, language, etag, bytes FROM transcripts", []) {
            ($0.string("session_id") ?? "", StoredTranscript(language: $0.string("language") ?? "", etag: $0.string("etag"),
                                                             bytes: $0.int("bytes")))
        }
        for (id, transcript) in rows { stored[id] = transcript }
        return stored
    }

    /// The manifest entries remembered for `language`, by content id.
    public func storedTranscriptManifest(language: String) throws -> [String: TranscriptManifest.Entry] {
        var entries: [String: TranscriptManifest.Entry] = [:]
        let rows = try fetchAll("SELECT session_id, url, etag FROM transcript_manifest WHERE language = ?", [language]) {
            ($0.string("session_id") ?? "", $0.string("url") ?? "", $0.string("etag"))
        }
        for (id, link, etag) in rows {
            if let url = URL(string: link) { entries[id] = TranscriptManifest.Entry(url: url, etag: etag) }
        }
        return entries
    }

    /// Writes what a sync's transcripts step brought: manifests, transcripts (each replacing the one
    /// stored), removals; the search index and the lines' lengths in it follow.
    public func importTranscripts(_ batch: TranscriptBatch) throws -> ImportReport {
        let report = try importTranscriptRows(batch)
        try recordTranscriptLineLengths()
        return report
    }

    private func importTranscriptRows(_ batch: TranscriptBatch) throws -> ImportReport {
        var report = ImportReport()
        for (language, manifest) in batch.manifests.sorted(by: { $0.key < $1.key }) {
            try execute("DELETE FROM transcript_manifest WHERE language = ?", [language])
            let insert = try cachedStatement("INSERT INTO transcript_manifest (language, session_id, etag, url) VALUES (:language, :id, :etag, :url)")
            for (id, entry) in manifest.individual.sorted(by: { $0.key < $1.key }) {
                try insert.execute(named: [":language": language, ":id": id, ":etag": entry.etag, ":url": entry.url.absoluteString])
            }
        }
        if let staged = batch.staged { return try importStaged(batch, staged, report: report) }
        let existing = Set(try fetchAll("SELECT session_id FROM transcripts") { $0.string("session_id") ?? "" })
        // Line ids are handed out above every range in use, so a transcript's lines are one range.
        var nextLine = try fetchInt("SELECT coalesce(max(first_line + max(line_count, 1)), 1) FROM transcripts") ?? 1
        let unindex = try cachedStatement("INSERT INTO transcript_search(transcript_search, rowid, text) VALUES ('delete', ?, ?)")
        let index = try cachedStatement("INSERT INTO transcript_search(rowid, text) VALUES (?, ?)")
        let delete = try cachedStatement("DELETE FROM transcripts WHERE session_id = :id")
        // The index keeps no copy of the text: it is told each line leaving, with its text.
        func removeOne(_ id: String) throws -> Int {
            guard let (first, blob) = try fetchOne("SELECT first_line, lines FROM transcripts WHERE session_id = ?", [id], {
                ($0.int("first_line"), $0.blob("lines") ?? [])
            }) else { return 0 }
            let lines = try TranscriptArchive.decode(blob)
            for (position, line) in lines.enumerated() {
                try tell(unindex, first + position, line.text)
            }
            try delete.execute(named: [":id": id])
            return lines.count
        }
        func tell(_ statement: Statement, _ rowid: Int, _ text: String) throws {
            try statement.bind(rowid, at: 1)
            try statement.bind(text, at: 2)
            _ = try statement.step()
            statement.reset()
        }
        let insertTranscript = try cachedStatement("""
            INSERT INTO transcripts (session_id, language, etag, duration, line_count, bytes, first_line, lines)
            VALUES (:id, :language, :etag, :duration, :count, :bytes, :first, :lines)
            """)
        for fetched in batch.fetched {
            let transcript = fetched.transcript
            let linesBefore = existing.contains(transcript.sessionID) ? try removeOne(transcript.sessionID) : 0
            let first = nextLine
            nextLine += max(transcript.lines.count, 1)
            try insertTranscript.execute(named: [":id": transcript.sessionID, ":language": transcript.language, ":etag": fetched.etag,
                                                 ":duration": transcript.duration, ":count": transcript.lines.count,
                                                 ":bytes": fetched.bytes, ":first": first,
                                                 ":lines": DatabaseValue.blob(TranscriptArchive.encode(transcript.lines))])
            for (position, line) in transcript.lines.enumerated() {
                try tell(index, first + position, line.text)
            }
            if existing.contains(transcript.sessionID) {
                report.updated(.transcripts)
                report.deleted(.transcriptLines, linesBefore)
            } else {
                report.inserted(.transcripts)
            }
            report.inserted(.transcriptLines, transcript.lines.count)
        }
        for id in batch.removed where existing.contains(id) {
            let lines = try removeOne(id)
            report.deleted(.transcripts)
            report.deleted(.transcriptLines, lines)
        }
        return report
    }

    /// The import of a batch whose index and rows were written beforehand (`TranscriptStaging`):
    /// the stored transcripts it does not replace (one that failed to fetch) join them, indexed
    /// and copied, then both tables take the live ones' place.
    private func importStaged(_ batch: TranscriptBatch, _ staged: StagedTranscripts, report: ImportReport) throws -> ImportReport {
        var report = report
        let linesBefore = Dictionary(try fetchAll("SELECT session_id, line_count FROM transcripts") { ($0.string("session_id") ?? "", $0.int("line_count")) },
                                     uniquingKeysWith: { first, _ in first })
        let leaving = Set(batch.removed).union(staged.lineCounts.keys)
        let index = try cachedStatement("INSERT INTO \(staged.table)(rowid, text) VALUES (?, ?)")
        let copy = try cachedStatement("""
            INSERT INTO \(staged.rowsTable) (session_id, language, etag, duration, line_count, bytes, first_line, lines)
            SELECT session_id, language, etag, duration, line_count, bytes, first_line, lines FROM transcripts WHERE session_id = ?
            """)
        for id in linesBefore.keys.sorted() where !leaving.contains(id) {
            guard let (first, blob) = try fetchOne("SELECT first_line, lines FROM transcripts WHERE session_id = ?", [id], {
                ($0.int("first_line"), $0.blob("lines") ?? [])
            }) else { continue }
            for (position, line) in try TranscriptArchive.decode(blob).enumerated() {
                try index.bind(first + position, at: 1)
                try index.bind(line.text, at: 2)
                _ = try index.step()
                index.reset()
            }
            try copy.execute([id])
        }
        try execute(sql: "DROP TABLE transcript_search")
        try execute(sql: "ALTER TABLE \(staged.table) RENAME TO transcript_search")
        try execute(sql: "DROP TABLE transcripts")
        try execute(sql: "CREATE UNIQUE INDEX transcripts_by_first_line ON \(staged.rowsTable)(first_line)")
        try execute(sql: "ALTER TABLE \(staged.rowsTable) RENAME TO transcripts")
        try execute(sql: StoreSchema.transcriptLengthTriggers)
        for (id, lines) in staged.lineCounts.sorted(by: { $0.key < $1.key }) {
            if let before = linesBefore[id] {
                report.updated(.transcripts)
                report.deleted(.transcriptLines, before)
            } else {
                report.inserted(.transcripts)
            }
            report.inserted(.transcriptLines, lines)
        }
        for id in batch.removed {
            guard let lines = linesBefore[id] else { continue }
            report.deleted(.transcripts)
            report.deleted(.transcriptLines, lines)
        }
        return report
    }
}
