@testable import ConferenceData
import Foundation
import TestTraits
import Testing

/// Where a long paragraph is broken: after a line that ends a sentence, at about a minute or 120
/// words; between lines at twice that where nothing ends a sentence; never leaving a short tail.
@Suite("Transcripts: long paragraphs in pieces", .offThePool)
struct TranscriptPiecesTests {
    @Test("what ends a sentence: . ! ? … and CJK marks, before closing quotes; not an abbreviation's period")
    func sentenceEnds() {
        for text in ["It works.", "Really?", "Yes!", "and then…", "“Done.”", "(See it.) ", "これです。", "本当？", "Version 2.", "Thanks!\n\n"] {
            #expect(SessionTranscript.endsSentence(text), "\(text)")
        }
        for text in ["and then", "for example, e.g.", "made in the U.S.", "plan B.", "so, ", "", "a list:"] {
            #expect(!SessionTranscript.endsSentence(text), "\(text)")
        }
    }

    @Test("short paragraphs stay whole; a long one ends each piece with a sentence, no tail under 30 words")
    func pieces() {
        let short = SessionTranscript.pieces(of: [(1, "Hello there."), (4, "Welcome.")])
        #expect(short == [SessionTranscript.Paragraph(start: 1, text: "Hello there. Welcome.")])

        // 40 lines of 10 words, 2 s apart; every fourth line ends a sentence.
        let lines: [(start: Double, text: String)] = (0..<40).map { number in
            let words: [String] = (0..<10).map { "w\(number)-\($0)" }
            return (Double(number * 2), words.joined(separator: " ") + (number % 4 == 3 ? "." : ""))
        }
        let pieces = SessionTranscript.pieces(of: lines)
        #expect(pieces.map(\.start) == [0, 24, 48, 72], "\(pieces.map(\.start))")
        #expect(pieces.dropLast().allSatisfy { $0.text.hasSuffix(".") })
        #expect(pieces.map(\.text).joined(separator: " ") == lines.map(\.text).joined(separator: " "))
    }

    @Test("unpunctuated speech breaks between lines at 240 words; a slow paragraph at a minute")
    func withoutSentenceEnds() {
        let lines: [(start: Double, text: String)] = (0..<60).map { number in
            (Double(number), Array(repeating: "word", count: 10).joined(separator: " "))
        }
        let pieces = SessionTranscript.pieces(of: lines)
        #expect(pieces.map { $0.text.split(separator: " ").count } == [240, 240, 120], "\(pieces.map(\.start))")
        // Few words, minutes apart: each sentence at its own time.
        let slow = SessionTranscript.pieces(of: [(0, "We start."), (70, "Then we wait."), (200, "And we end here, all done and dusted, thanks.")])
        #expect(slow.map(\.start) == [0, 70, 200], "\(slow)")
    }
}
