@testable import ConferenceData
@testable import ConferenceModel
import Foundation
import TestTraits
import Testing

/// Reading a transcript back: lines gathered into paragraphs, cleaned, and the paragraph `--at`
/// starts from.
@Suite("Transcripts: reading", .offThePool)
struct TranscriptReadingTests {
    static func store(in folder: TemporaryFolder) throws -> ConferenceStore {
        let store = try folder.store()
        _ = try store.importContents(ContentsFeed(events: [Event(id: "e", name: "E")], sessions: [
            Session(id: "e-1", eventID: "e", title: "Talk"),
            Session(id: "e-2", eventID: "e", title: "Silent"),
        ]))
        try store.write { db in
            try TranscriptRows.insert(db, sessionID: "e-1", language: "jpn", lines: [
                (0, 3, "Hello and welcome."),
                (0, 6.5, "  Today: transcripts.  "),
                (1, 300, "Second \u{1B}[31mparagraph\u{1B}[0m starts here."),
                (1, 310, ""),
                (2, 320, ""),
                (3, 754, "Third one, at 12:34."),
                (3, 800, "It goes on."),
            ])
        }
        return store
    }

    @Test("lines become paragraphs in order, joined by a space, cleaned; empty paragraphs are left out")
    func paragraphs() throws {
        let folder = try TemporaryFolder()
        let store = try Self.store(in: folder)
        let transcript = try #require(try store.read { try $0.transcript(sessionID: "e-1") })
        #expect(transcript.title == "Talk" && transcript.language == "jpn" && transcript.duration == 800)
        #expect(transcript.paragraphs == [
            .init(start: 3, text: "Hello and welcome. Today: transcripts."),
            .init(start: 300, text: "Second paragraph starts here."),
            .init(start: 754, text: "Third one, at 12:34. It goes on."),
        ])
        #expect(try store.read { try $0.transcript(sessionID: "e-2") } == nil)
        #expect(try store.read { try $0.transcriptSummary(sessionID: "e-1") } == TranscriptSummary(language: "jpn", duration: 800, lineCount: 7))
        #expect(try store.read { try $0.transcriptSummary(sessionID: "e-2") } == nil)
        // The session's page knows.
        #expect(try store.read { try $0.sessionDetail(id: "e-1") }?.transcript?.duration == 800)
        #expect(try store.read { try $0.sessionDetail(id: "e-2") }?.transcript == nil)
    }

    @Test("--at: the paragraph being spoken at that second, the first before any starts", arguments: [
        (0.0, 3.0), (2.0, 3.0), (3.0, 3.0), (299.0, 3.0), (300.0, 300.0), (753.0, 300.0), (754.0, 754.0), (99_999.0, 754.0),
    ])
    func startingParagraph(second: Double, expectedStart: Double) throws {
        let folder = try TemporaryFolder()
        let store = try Self.store(in: folder)
        let transcript = try #require(try store.read { try $0.transcript(sessionID: "e-1") })
        #expect(transcript.paragraphs(from: second).first?.start == expectedStart)
        #expect(transcript.paragraphs(from: second).last?.start == 754, "and on to the end")
        #expect(transcript.paragraphs(from: nil).count == 3)
    }

    @Test("no paragraphs: no index to start from")
    func empty() {
        let transcript = SessionTranscript(sessionID: "x", title: "X", language: "eng", duration: 0, paragraphs: [])
        #expect(transcript.paragraphIndex(at: 10) == nil)
        #expect(transcript.paragraphs(from: 10).isEmpty)
    }
}
