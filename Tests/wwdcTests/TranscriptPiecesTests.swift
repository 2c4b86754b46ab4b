import Foundation
import TestSupport
import TestTraits
import Testing

/// A long paragraph of a transcript (Apple's wwdc2019-202 has one of 913 words under one time) is
/// shown in pieces of about a minute, each ending at a sentence end and starting at the time of its
/// line: in `wwdc transcript`, its `--json`, `--at`, and from a search hit's time.
@Suite("browsing: long transcript paragraphs", .offThePool)
struct TranscriptPiecesTests {
    /// A generated paragraph, cut into lines as Apple's are (a line ends with each sentence, and
    /// after 8 words within one): 913 words, lines 3 seconds apart, sentences of 9 to 22 words, one
    /// rare word (`lighthouse`) at word 500; after a short paragraph of its own.
    static func paragraph() -> (lines: [BrowseSandbox.TranscriptLine], words: [String]) {
        let lengths = [14, 9, 22, 17, 11]
        var words: [String] = []
        var lineTexts: [String] = []
        var sentence = 0
        while words.count < 913 {
            let length = min(lengths[sentence % lengths.count], 913 - words.count)
            var line: [String] = []
            for index in 0..<length {
                var word = words.count == 500 ? "lighthouse" : "word\(words.count)"
                if index == 0 { word = word.prefix(1).uppercased() + word.dropFirst() }
                if index == length - 1 { word += "." }
                words.append(word)
                line.append(word)
                if line.count == 8 || index == length - 1 {
                    lineTexts.append(line.joined(separator: " "))
                    line = []
                }
            }
            sentence += 1
        }
        var lines: [BrowseSandbox.TranscriptLine] = [(0, 1, "Welcome, and thank you for coming.")]
        for (number, text) in lineTexts.enumerated() { lines.append((1, 11 + Double(number) * 3, text)) }
        return (lines, words)
    }

    @Test("a 913-word paragraph: pieces of about 120 words, each ending with a sentence and starting with a line, at its time; nothing lost")
    func longParagraphInPieces() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let (lines, words) = Self.paragraph()
        try store.setTranscript("wwdc2026-202", lines)

        let result = try await store.run(["transcript", "202", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let paragraphs = object?["paragraphs"] as? [[String: Any]] ?? []
        let texts = paragraphs.map { $0["text"] as? String ?? "" }
        let starts = paragraphs.map { $0["start"] as? Double ?? -1 }
        #expect(texts.first == "Welcome, and thank you for coming.", "the short paragraph as it was")
        let pieces = Array(texts.dropFirst())
        #expect(pieces.count >= 6 && pieces.count <= 9, "\(pieces.count) pieces: \(pieces.map { $0.split(separator: " ").count })")
        for (index, piece) in pieces.enumerated() {
            let count = piece.split(separator: " ").count
            #expect(count <= 170, "piece \(index): \(count) words")
            if index < pieces.count - 1 {
                #expect(count >= 60, "piece \(index): \(count) words")
                #expect(piece.hasSuffix("."), "piece \(index) ends mid-sentence: …\(piece.suffix(30))")
            }
        }
        // Every word, in order, once.
        #expect(pieces.joined(separator: " ").split(separator: " ").map(String.init) == words)
        // Each piece starts with a line, at its time.
        for (piece, start) in zip(pieces, starts.dropFirst()) {
            let line = lines.first { $0.paragraph == 1 && piece.hasPrefix($0.text + " ") }
            #expect(line?.start == start, "a piece at \(start) starts with \(piece.prefix(40)), said at \(line?.start ?? -1)")
        }

        // The text listing: one line per piece, each after its time.
        let text = try await store.run(["transcript", "202"])
        let timed = text.stdout.split(separator: "\n").filter { $0.contains(":") && $0.first == " " || $0.first?.isNumber == true }
        #expect(timed.count == paragraphs.count, "\(text.stdout)")
    }

    @Test("a search hit's time, given to --at, starts at the piece that says it, not minutes before")
    func searchHitTimeStartsAtItsPiece() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        try store.setTranscript("wwdc2026-202", Self.paragraph().lines)
        let hits = try await store.json(["search", "lighthouse", "--in", "transcripts"])
        let at = try #require(hits.first?["at"] as? Double)
        let from = try await store.paragraphs(["transcript", "202", "--at", BrowseSandbox.clock(at)])
        let first = try #require(from.first)
        #expect((first["text"] as? String)?.lowercased().contains("lighthouse") == true, "\(first)")
        let start = first["start"] as? Double ?? -1
        #expect(start <= at && at - start <= 60, "the piece starts at \(start), the word is said at \(at)")
        // The printed hit names the same moment.
        let printed = try await store.run(["search", "lighthouse", "--in", "transcripts"])
        #expect(printed.stdout.contains("wwdc watch wwdc2026-202 --at \(BrowseSandbox.clock(at))"), "\(printed.stdout)")
    }
}

extension BrowseSandbox {
    /// `m:ss` of a second, as `--at` takes it.
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds)
        return "\(total / 60):" + (total % 60 < 10 ? "0" : "") + "\(total % 60)"
    }

    /// The paragraphs of `wwdc transcript … --json`.
    func paragraphs(_ arguments: [String]) async throws -> [[String: Any]] {
        let result = try await run(arguments + ["--json"])
        guard result.status == 0 else { throw Failure(message: "wwdc \(arguments.joined(separator: " ")) failed: \(result.stderr)") }
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return object?["paragraphs"] as? [[String: Any]] ?? []
    }
}
