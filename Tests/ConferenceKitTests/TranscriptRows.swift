import ConferenceData
import SQLiteDatabase

/// Transcripts written into a store as a sync leaves them (through the store's writer, which keeps
/// the search index), for the reading side's tests.
enum TranscriptRows {
    /// One line of a transcript: its paragraph, the second it starts at, its text.
    typealias Line = (paragraph: Int, start: Double, text: String)

    /// Replaces the transcript of `sessionID` with `lines` (in order; positions from 0).
    static func insert(_ db: Database, sessionID: String, language: String = "eng", lines: [Line]) throws {
        let transcript = Transcript(sessionID: sessionID, language: language,
                                    lines: lines.map { Transcript.Line(start: $0.start, text: $0.text, paragraph: $0.paragraph) })
        _ = try db.importTranscripts(TranscriptBatch(fetched: [.init(transcript: transcript, etag: nil, bytes: 0)]))
    }
}
