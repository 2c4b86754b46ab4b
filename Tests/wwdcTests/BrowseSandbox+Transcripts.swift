import ConferenceData
import Foundation

extension BrowseSandbox {
    /// One line of a transcript: its paragraph, the second it starts at, its text.
    typealias TranscriptLine = (paragraph: Int, start: Double, text: String)

    /// Replaces the transcript of `sessionID` in the sandbox's store with `lines`, through the store's
    /// writer (as a sync would leave it, whatever the fixtures hold); no lines removes it.
    func setTranscript(_ sessionID: String, language: String = "eng", _ lines: [TranscriptLine]) throws {
        let store = try ConferenceStore(path: sandbox.database.path)
        let transcript = Transcript(sessionID: sessionID, language: language,
                                    lines: lines.map { Transcript.Line(start: $0.start, text: $0.text, paragraph: $0.paragraph) })
        let batch = lines.isEmpty ? TranscriptBatch(removed: [sessionID])
            : TranscriptBatch(fetched: [.init(transcript: transcript, etag: nil, bytes: 0)])
        _ = try store.write { try $0.importTranscripts(batch) }
    }
}
