@testable import ConferenceData
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

    @Test("lines read from a long transcript, inflated only as far as the last one asked, are the lines read whole")
    func partlyInflated() throws {
        // About 200 KB of layout: many steps of inflating; lines of every length, some longer than a step.
        var seed: UInt64 = 9
        let lines: [Transcript.Line] = (0..<3_000).map { index in
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let words = index % 500 == 7 ? 5_000 : Int(seed >> 59) + 1
            return .init(start: Double(index) * 1.5, text: (0..<words).map { "w\(($0 &+ Int(seed >> 40)) % 997)" }.joined(separator: " "), paragraph: index / 4)
        }
        let blob = TranscriptArchive.encode(lines)
        #expect(blob.first == 1)
        for positions in [[0], [1, 2], [6, 7, 8], [1_499], [2_999], [0, 2_999], [12, 507, 1_007, 2_500], [2_998, 3_000], [3_000, 5_000]] as [Set<Int>] {
            let expected = Dictionary(uniqueKeysWithValues: positions.filter { $0 < lines.count }.map { ($0, lines[$0]) })
            #expect(try TranscriptArchive.lines(at: positions, in: blob) == expected, "\(positions.sorted())")
        }
        #expect(try TranscriptArchive.lines(at: [], in: blob).isEmpty)
        // Damage past the lines asked for is not read; damage before them is refused.
        var damaged = blob
        for index in damaged.count / 2..<damaged.count / 2 + 64 { damaged[index] ^= 0x5A }
        #expect(try TranscriptArchive.lines(at: [0, 1], in: damaged) == [0: lines[0], 1: lines[1]])
        #expect(throws: DatabaseError.self) { try TranscriptArchive.lines(at: [2_999], in: damaged) }
        #expect(throws: DatabaseError.self) { try TranscriptArchive.lines(at: [2_999], in: Array(blob.dropLast(blob.count / 3))) }
    }
}
