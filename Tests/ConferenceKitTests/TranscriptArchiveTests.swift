@testable import ConferenceKit
import SQLiteDatabase
import Testing

@Suite("transcripts: the stored form of a transcript's lines")
struct TranscriptArchiveTests {
    @Test("lines come back as they went in: text of any script, empty text, paragraphs, times of every kind")
    func roundTrip() throws {
        let lines: [Transcript.Line] = [
            .init(start: 0, text: "", paragraph: 0),
            .init(start: 1.25, text: "Hello, \u{65E5}\u{672C}\u{8A9E} and caf\u{E9}\u{301} \u{1F600}.", paragraph: 0),
            .init(start: .infinity, text: String(repeating: "long line ", count: 2_000), paragraph: 1),
            .init(start: -0.0, text: "tab\there\nnewline", paragraph: 300),
        ]
        #expect(try TranscriptArchive.decode(TranscriptArchive.encode(lines)) == lines)
        #expect(try TranscriptArchive.decode(TranscriptArchive.encode([])) == [])
        // One line read alone is the line read with the others.
        let blob = TranscriptArchive.encode(lines)
        for (position, line) in lines.enumerated() {
            #expect(try TranscriptArchive.line(position, in: blob) == line)
        }
        #expect(try TranscriptArchive.line(lines.count, in: blob) == nil)
        // Stored compressed: the repeated line takes far less than its 20,000 bytes.
        #expect(TranscriptArchive.encode(lines).count < 2_000)
    }

    @Test("a damaged blob is refused as a damaged store, never read as other lines", arguments: [
        [], [1], [9, 3, 1, 2, 3], [1, 5, 0xFF, 0xFF, 0xFF], [0, 20, 0, 0, 0],
    ] as [[UInt8]])
    func damaged(blob: [UInt8]) {
        #expect(throws: DatabaseError.self) { try TranscriptArchive.decode(blob) }
    }

    @Test("a blob cut short is refused")
    func cutShort() {
        let blob = TranscriptArchive.encode([.init(start: 3, text: "A line that will be cut.", paragraph: 0)])
        #expect(throws: DatabaseError.self) { try TranscriptArchive.decode(Array(blob.dropLast(3))) }
    }
}
