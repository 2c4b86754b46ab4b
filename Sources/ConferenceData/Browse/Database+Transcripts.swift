import ConferenceModel
import Foundation
import SQLiteDatabase

extension Database {
    /// The transcript of the session with id `sessionID` (a resolved id: see ``SessionResolver``),
    /// its lines gathered into paragraphs (a long one in pieces: ``SessionTranscript/pieces(of:)``);
    /// nil when the store has none for it.
    public func transcript(sessionID: String) throws -> SessionTranscript? {
        guard let (found, blob) = try readOne("""
            SELECT t.session_id, coalesce(s.title, '') AS title, t.language, t.duration, t.lines
            FROM transcripts t LEFT JOIN sessions s ON s.id = t.session_id
            WHERE t.session_id = ?
            """, [sessionID], { row in
                (SessionTranscript(sessionID: row.text("session_id"), title: row.text("title"), language: row.text("language"),
                                   duration: row.double("duration"), paragraphs: []), row.blob("lines") ?? [])
            }) else { return nil }
        var transcript = found
        let lines = try TranscriptArchive.decode(blob).map {
            (paragraph: $0.paragraph, start: CleanRow.finite($0.start), text: Clean.line($0.text).trimmingCharacters(in: .whitespaces))
        }
        var groups: [[(start: Double, text: String)]] = []
        var current: Int?
        for line in lines {
            if line.paragraph != current {
                groups.append([])
                current = line.paragraph
            }
            if !line.text.isEmpty { groups[groups.count - 1].append((line.start, line.text)) }
        }
        // A paragraph without words (a pause, a line the sanitiser emptied) is not shown; a long
        // one is shown in pieces of about a minute.
        transcript.paragraphs = groups.flatMap(SessionTranscript.pieces(of:))
        return transcript
    }

    /// That the session with id `sessionID` has a transcript, its language and length; nil when it
    /// has none.
    public func transcriptSummary(sessionID: String) throws -> TranscriptSummary? {
        try readOne("SELECT language, duration, line_count FROM transcripts WHERE session_id = ?", [sessionID]) { row in
            TranscriptSummary(language: row.text("language"), duration: row.double("duration"), lineCount: row.int("line_count"))
        }
    }
}
