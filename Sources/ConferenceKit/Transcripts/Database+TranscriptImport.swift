import Foundation
import SQLiteDatabase

/// A transcript as the store has it, for deciding what a sync fetches.
struct StoredTranscript: Sendable, Equatable {
    var language: String
    var etag: String?
    var bytes: Int
}

extension Database {
    /// The transcripts stored, by content id.
    func storedTranscripts() throws -> [String: StoredTranscript] {
        var stored: [String: StoredTranscript] = [:]
        let rows = try fetchAll("SELECT session_id, language, etag, bytes FROM transcripts", []) {
            ($0.string("session_id") ?? "", StoredTranscript(language: $0.string("language") ?? "", etag: $0.string("etag"),
                                                             bytes: $0.int("bytes")))
        }
        for (id, transcript) in rows { stored[id] = transcript }
        return stored
    }

    /// The manifest entries remembered for `language`, by content id.
    func storedTranscriptManifest(language: String) throws -> [String: TranscriptManifest.Entry] {
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
    /// stored), removals; the search index follows.
    public func importTranscripts(_ batch: TranscriptBatch) throws -> ImportReport {
        var report = ImportReport()
        for (language, manifest) in batch.manifests.sorted(by: { $0.key < $1.key }) {
            try execute("DELETE FROM transcript_manifest WHERE language = ?", [language])
            let insert = try cachedStatement("INSERT INTO transcript_manifest (language, session_id, etag, url) VALUES (:language, :id, :etag, :url)")
            for (id, entry) in manifest.individual.sorted(by: { $0.key < $1.key }) {
                try insert.execute(named: [":language": language, ":id": id, ":etag": entry.etag, ":url": entry.url.absoluteString])
            }
        }
        let existing = Set(try fetchAll("SELECT session_id FROM transcripts") { $0.string("session_id") ?? "" })
        let unindex = try cachedStatement("""
            INSERT INTO transcript_search(transcript_search, rowid, text)
            SELECT 'delete', id, text FROM transcript_lines WHERE session_id = :id
            """)
        let index = try cachedStatement("INSERT INTO transcript_search(rowid, text) SELECT id, text FROM transcript_lines WHERE session_id = :id")
        let delete = try cachedStatement("DELETE FROM transcripts WHERE session_id = :id")
        // The index is told of the lines leaving before they go (it keeps no copy of their text).
        func removeOne(_ id: String) throws {
            try unindex.execute(named: [":id": id])
            try delete.execute(named: [":id": id])
        }
        let insertTranscript = try cachedStatement("""
            INSERT INTO transcripts (session_id, language, etag, duration, line_count, bytes)
            VALUES (:id, :language, :etag, :duration, :count, :bytes)
            """)
        let lineColumns = StoredLine.columns
        let insertLine = try cachedStatement("INSERT INTO transcript_lines (\(lineColumns.map(\.name).joined(separator: ", ")))"
                                             + " VALUES (\(lineColumns.map(\.parameter).joined(separator: ", ")))")
        // Parameters looked up once: a sync writes hundreds of thousands of lines.
        let lineBindings = try ColumnBindings(lineColumns, in: insertLine)
        for fetched in batch.fetched {
            let transcript = fetched.transcript
            let linesBefore = existing.contains(transcript.sessionID)
                ? try fetchOne("SELECT line_count FROM transcripts WHERE session_id = ?", [transcript.sessionID]) { $0.int("line_count") } ?? 0
                : 0
            if existing.contains(transcript.sessionID) { try removeOne(transcript.sessionID) }
            try insertTranscript.execute(named: [":id": transcript.sessionID, ":language": transcript.language, ":etag": fetched.etag,
                                                 ":duration": transcript.duration, ":count": transcript.lines.count,
                                                 ":bytes": fetched.bytes])
            for (position, line) in transcript.lines.enumerated() {
                try lineBindings.bind(StoredLine(sessionID: transcript.sessionID, position: position, line: line), to: insertLine)
                _ = try insertLine.step()
                insertLine.reset()
            }
            try index.execute(named: [":id": transcript.sessionID])
            if existing.contains(transcript.sessionID) {
                report.updated(.transcripts)
                report.deleted(.transcriptLines, linesBefore)
            } else {
                report.inserted(.transcripts)
            }
            report.inserted(.transcriptLines, transcript.lines.count)
        }
        for id in batch.removed where existing.contains(id) {
            let lines = try fetchOne("SELECT line_count FROM transcripts WHERE session_id = ?", [id]) { $0.int("line_count") } ?? 0
            try removeOne(id)
            report.deleted(.transcripts)
            report.deleted(.transcriptLines, lines)
        }
        return report
    }
}

/// A line as `transcript_lines` holds it.
struct StoredLine {
    var sessionID: String
    var position: Int
    var line: Transcript.Line

    static let columns: [StoredColumn<StoredLine>] = [
        StoredColumn("session_id", \.sessionID),
        StoredColumn("position", \.position),
        StoredColumn("paragraph", \.line.paragraph),
        StoredColumn("start", \.line.start),
        StoredColumn("text", \.line.text),
    ]
}

