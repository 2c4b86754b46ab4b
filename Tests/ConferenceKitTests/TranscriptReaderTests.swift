@testable import ConferenceData
@testable import ConferenceModel
import Foundation
import TestSupport
import TestTraits
import Testing

/// Transcript manifests and files read by the decoding policy: refused whole only when they cannot be
/// trusted as a whole, an unusable item or line left out and reported, segments joined into sentences.
@Suite("transcripts: reading manifests and files", .offThePool)
struct TranscriptReaderTests {
    let base = URL(string: "https://example.com/feeds/transcripts/manifest.json")!

    @Test("a manifest: relative and absolute URLs, ETags as text or numbers, unusable entries skipped and named")
    func manifest() throws {
        let json = """
            {"updated": "2026-06-01T00:00:00Z",
             "digest": {"etag": "\\"d1\\"", "url": "digest-eng.json"},
             "individual": {
                "wwdc2026-101": {"etag": "\\"a\\"", "url": "wwdc2026-101-eng.json"},
                "wwdc2026-102": {"etag": 7, "url": "https://cdn.example.com/t/102.json"},
                "wwdc2026-103": {"url": "103.json"},
                "wwdc2026-104": {"etag": "x"},
                "wwdc2026-105": "not an object",
                "wwdc2026-106": {"url": "", "etag": null}
             }, "unknown": [1, 2]}
            """
        let (manifest, issues) = try TranscriptReader.manifest(Data(json.utf8), feed: "manifest.json", base: base)
        #expect(manifest.individual.keys.sorted() == ["wwdc2026-101", "wwdc2026-102", "wwdc2026-103"])
        #expect(manifest.individual["wwdc2026-101"] == .init(url: URL(string: "https://example.com/feeds/transcripts/wwdc2026-101-eng.json")!, etag: "\"a\""))
        #expect(manifest.individual["wwdc2026-102"]?.etag == "7")
        #expect(manifest.individual["wwdc2026-102"]?.url.host == "cdn.example.com")
        #expect(manifest.individual["wwdc2026-103"]?.etag == nil)
        #expect(manifest.digest?.url.lastPathComponent == "digest-eng.json")
        #expect(Set(issues.map { $0.item ?? "" }) == ["wwdc2026-104", "wwdc2026-105", "wwdc2026-106"])
        #expect(issues.allSatisfy { $0.kind == .skipped && $0.feed == "manifest.json" })
    }

    @Test("a manifest that cannot be trusted as a whole is refused", arguments: [
        "not json", "[1, 2]", "{\"updated\": \"x\"}", "{\"individual\": [1]}", "{\"individual\": ",
    ])
    func refusedManifest(_ text: String) {
        #expect(throws: FeedError.self) { try TranscriptReader.manifest(Data(text.utf8), feed: "manifest.json", base: base) }
    }

    @Test("a file no reader of whole files could hold is refused, wherever the value is; a top-level value that is not an object says so", arguments: [
        (#"{"a": {"transcript": [[1, "One."]]}, "unused": {"deep": [1e999]}}"#, "t.json: top level: a number beyond what a double holds (such as 1e999): the file is refused"),
        (#"{"a": {"transcript": [[-1e999, "One."]]}}"#, "t.json: top level: a number beyond what a double holds (such as 1e999): the file is refused"),
        (#"{"a": {"transcript": [[1, "One."]], "note": "half \ud800"}}"#, "t.json: top level: text with a lone surrogate (half of a UTF-16 pair, no character): the file is refused"),
        ("7", "t.json: top level: expected an object"),
        ("[1, 2]", "t.json: top level: expected an object"),
        (#"{"a": [1e999, "#, "t.json is not valid JSON at line 1, column 15 (byte 14): unexpected end of data, expected a value"),
    ])
    func refusedFile(_ text: String, _ message: String) throws {
        let error = try #require(throws: FeedError.self) { try TranscriptReader.transcripts(Data(text.utf8), feed: "t.json", language: "eng") }
        #expect(error.description == message)
    }

    @Test("manifest ETags are text, a number as written; anything else gives none; a repeated key: the last one counts")
    func manifestETags() throws {
        let json = """
            {"individual": {"a": {"url": "a.json", "etag": 1e2}, "b": {"url": "b.json", "etag": true},
                            "c": {"url": "c.json", "etag": "x", "etag": "y"}, "d": 5, "d": {"url": "d.json"}}}
            """
        let (manifest, issues) = try TranscriptReader.manifest(Data(json.utf8), feed: "manifest.json", base: base)
        let etags: [String: String?] = manifest.individual.mapValues(\.etag)
        #expect(etags == ["a": "1e2", "b": nil as String?, "c": "y", "d": nil as String?])
        #expect(issues.isEmpty, "\(issues)")
    }

    @Test("segments become sentences, a blank line ends a paragraph, unusable lines are left out and counted")
    func sentencesAndParagraphs() throws {
        let json = """
            {"wwdc2026-101": {"language": "eng", "transcript": [
                [0, "Good afternoon, ladies and "], [1.5, "gentlemen. "], [3, "Welcome to "],
                ["4", "the lighthouse protocol.\\n\\n"], [9, "\\n\\n"], [10, "A new paragraph?"],
                [true, "bad seconds"], [11, 42], ["x", "y"], [12], [13, "Then: \\"quoted.\\" "], [14, "no end"]
            ]}}
            """
        let (transcripts, issues) = try TranscriptReader.transcripts(Data(json.utf8), feed: "t.json", language: "eng")
        let lines = try #require(transcripts.first).lines
        #expect(lines.map(\.text) == ["Good afternoon, ladies and gentlemen.", "Welcome to the lighthouse protocol.",
                                      "A new paragraph?", "Then: \"quoted.\"", "no end"])
        #expect(lines.map(\.start) == [0, 3, 10, 13, 14])
        #expect(lines.map(\.paragraph) == [0, 0, 1, 1, 1])
        #expect(transcripts.first?.duration == 14)
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .ignored && issues.first?.reason.hasPrefix("4 lines") == true, "\(issues)")
    }

    @Test("a file's items: the language falls back, an item without a transcript list is skipped and named")
    func items() throws {
        let json = """
            {"a": {"transcript": [[1, "One."]]}, "b": {"language": "jpn", "transcript": []},
             "c": {"language": "eng"}, "d": {"transcript": "text"}, "e": 5}
            """
        let (transcripts, issues) = try TranscriptReader.transcripts(Data(json.utf8), feed: "digest.json", language: "eng")
        #expect(transcripts.map(\.sessionID) == ["a", "b"])
        #expect(transcripts.map(\.language) == ["eng", "jpn"])
        #expect(issues.map { $0.item ?? "" } == ["c", "d", "e"])
        #expect(issues.allSatisfy { $0.kind == .skipped })
    }

    @Test("Apple's real transcript samples read, with their sentences (skipped when ../shared is absent)",
          .enabled(if: ProjectPaths.appleTranscripts != nil, "../shared/apple-feeds/transcripts is absent"))
    func realSamples() throws {
        let folder = try #require(ProjectPaths.appleTranscripts)
        let manifestData = try Data(contentsOf: folder.appendingPathComponent("transcript-manifest-eng.json"))
        let (manifest, manifestIssues) = try TranscriptReader.manifest(manifestData, feed: "transcript-manifest-eng.json", base: folder)
        #expect(manifestIssues.isEmpty)
        #expect(manifest.individual.count == (try JSONSerialization.jsonObject(with: manifestData) as? [String: Any])
            .flatMap { $0["individual"] as? [String: Any] }?.count)
        for id in ["wwdc2019-103", "wwdc2019-104"] {
            let data = try Data(contentsOf: folder.appendingPathComponent("\(id)-transcript-eng.json"))
            let (transcripts, issues) = try TranscriptReader.transcripts(data, feed: "\(id).json", language: "eng")
            #expect(issues.isEmpty)
            let transcript = try #require(transcripts.first)
            #expect(transcript.sessionID == id && transcript.language == "eng")
            // Counted without the reader: the segments' seconds and the words of their texts.
            let raw = try #require(((try JSONSerialization.jsonObject(with: data) as? [String: Any])?[id] as? [String: Any])?["transcript"] as? [[Any]])
            #expect(transcript.duration == (raw.last?.first as? NSNumber)?.doubleValue)
            let rawWords = raw.compactMap { $0.last as? String }.flatMap { $0.split(whereSeparator: \.isWhitespace) }
            #expect(transcript.lines.flatMap { $0.text.split(separator: " ") }.count == rawWords.count)
            #expect(transcript.lines.count < raw.count, "segments were not joined into sentences")
        }
    }

    @Test("ASCII segments are cut into words as Unicode's whitespace cuts them: the same lines as a reading by Characters")
    func asciiAndUnicodeWords() throws {
        // Every whitespace ASCII has, words of closing quotes alone, CR LF, a sentence of more than
        // the longest line's words; then text beyond ASCII (no-break and ideographic spaces, a
        // combining mark after a space, Unicode's sentence ends) mixed into the same sentences.
        let long = (1...130).map { "w\($0)" }.joined(separator: " ")
        let segments: [String] = [
            "Tabs\tand\u{0B}vertical\u{0C}feeds\r\nand ", "returns.\r", " \"quoted!\")] ", "')\" ", "next? ", "\n\n", "   ",
            long + " ", "end.\n\n", "caf\u{00E9}\u{00A0}no-break\u{3000}ideographic \u{0301}combined ", "ellipsis\u{2026} ",
            "ascii after unicode. ", "\u{201D}quote\u{2019}\u{201D} ", "\u{3002}", "last words",
        ]
        let json = try JSONSerialization.data(withJSONObject: ["a": ["transcript": segments.enumerated().map { [$0.offset, $0.element] }]])
        let (transcripts, issues) = try TranscriptReader.transcripts(json, feed: "t.json", language: "eng")
        #expect(issues.isEmpty)
        let lines = try #require(transcripts.first).lines
        #expect(lines == Self.sentencesByCharacters(segments.enumerated().map { (Double($0.offset), $0.element) }))
        #expect(lines.count > 8)
    }

    /// Segments joined into sentences by `Character`s, as a reader that knows no bytes would: the
    /// reference the reader's byte-by-byte path must agree with.
    static func sentencesByCharacters(_ segments: [(Double, String)]) -> [Transcript.Line] {
        var lines: [Transcript.Line] = []
        var sentence: (start: Double, words: [Substring])?
        var paragraph = 0
        func endSentence() {
            if let open = sentence { lines.append(Transcript.Line(start: open.start, text: open.words.joined(separator: " "), paragraph: paragraph)) }
            sentence = nil
        }
        func ends(_ word: Substring) -> Bool {
            var word = word
            while let last = word.last, "\"'”’)]".contains(last) { word = word.dropLast() }
            return word.last.map { ".?!…。？！".contains($0) } ?? false
        }
        for (start, text) in segments {
            let words = text.split(whereSeparator: \.isWhitespace)
            if !words.isEmpty {
                if sentence == nil { sentence = (start, []) }
                sentence?.words += words
                if ends(words.last!) || (sentence?.words.count ?? 0) >= TranscriptReader.maximumSentenceWords { endSentence() }
            }
            if text.hasSuffix("\n\n") {
                endSentence()
                if lines.last?.paragraph == paragraph { paragraph += 1 }
            }
        }
        endSentence()
        return lines
    }
}
