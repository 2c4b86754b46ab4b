import ConferenceData
import Foundation
import TestSupport
import Testing

/// A feed's long texts (a description, an article, a snippet's code, a transcript) reach an
/// assistant in parts: each under the size of a result, each saying where the rest starts, and
/// the parts put together are the whole text.
extension MCPCommandTests {
    /// The most text of a result (ConferenceToolbox's limit).
    static let resultCharacters = 24_000

    /// `characters` of text with lines of many lengths, one line longer than a result, letters
    /// outside ASCII, and no trailing spaces.
    static func longText(_ characters: Int, seed: Int) -> String {
        let words = ["swift", "actor", "équipe", "日本語", "🙂", "let", "x", "=", "{", "}", "wwdc"]
        var text = "", n = seed
        var count = 0, lineCount = 0
        while count < characters {
            n = (n &* 1_103_515_245 &+ 12_345) & 0x7FFF_FFFF
            let word = words[n % words.count]
            let lineLength = count > characters / 3 && count < characters / 3 + 40_000 ? 40_000 : 20 + n % 140
            if lineCount > 0, lineCount + word.count + 1 > lineLength {
                text += "\n"
                (count, lineCount) = (count + 1, 0)
            }
            if lineCount > 0 {
                text += " "
                (count, lineCount) = (count + 1, lineCount + 1)
            }
            text += word
            (count, lineCount) = (count + word.count, lineCount + word.count)
        }
        return text
    }

    /// Follows `ask(offset)` from 0 until its answer says there is no more; each answer's part and next offset.
    static func parts(_ store: BrowseSandbox, rounds: Int = 40,
                      _ ask: (Int) -> String, part: ([String: Any]?) -> (text: String, next: Int?)?) async throws -> [String] {
        var texts: [String] = [], offset: Int? = 0
        while let from = offset, texts.count < rounds {
            let (answers, result) = try await serve(store, [initialize, initialized, ask(from)])
            let answer = try #require(part(answers["1"]), "\(answers["1"] ?? [:]) \(result.stderr)")
            texts.append(answer.text)
            offset = answer.next
        }
        #expect(offset == nil, "still going after \(rounds) parts")
        return texts
    }

    @Test("long feed texts come in parts under the limit, each saying where the rest is, that make up the whole")
    func longTexts() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let description = Self.longText(70_000, seed: 1), body = Self.longText(30_000, seed: 2), code = Self.longText(120_000, seed: 3)
        // One paragraph longer than a result.
        let paragraphs = (0..<800).map { Self.longText($0 == 700 ? 60_000 : 80 + $0 % 200, seed: $0).replacingOccurrences(of: "\n", with: " ") }
        let database = try ConferenceStore(path: store.sandbox.database.path)
        try database.write { db in
            try db.execute("UPDATE sessions SET description = ? WHERE id = 'wwdc2026-990'", [description])
            try db.execute("""
                UPDATE session_code SET code = ? WHERE position = (SELECT min(position) FROM session_code c WHERE c.sid = session_code.sid)
                AND sid = (SELECT sid FROM sessions WHERE id = 'wwdc2026-990')
                """, [code])
            try db.execute("UPDATE articles SET body = ? WHERE id = (SELECT article_id FROM sessions WHERE id = 'articles-4201')", [body])
        }
        try store.setTranscript("wwdc2026-990", paragraphs.enumerated().map { (paragraph: $0, start: Double($0) * 3, text: $1) })

        // get_code: the code from each next_offset, the note naming the call.
        let codeParts = try await Self.parts(store, { Self.call(1, "get_code", ["id": "wwdc2026-990", "n": 1, "offset": $0]) }) { answer in
            guard let result = Self.structured(answer), let text = result["code"] as? String else { return nil }
            let next = result["next_offset"] as? Int
            #expect(text.count <= Self.resultCharacters)
            #expect(result["length"] as? Int == code.count)
            if let next { #expect((result["note"] as? String)?.contains("offset=\(next)") == true) }
            return (text, next)
        }
        #expect(codeParts.count > 1)
        #expect(codeParts.joined() == code)

        // get_transcript: paragraphs from next_from, and within the long one from next_offset.
        var said: [(start: Double, text: String)] = []
        var from: Double? = 0, offset = 0, calls = 0
        while let start = from, calls < 40 {
            calls += 1
            let (answers, result) = try await Self.serve(store, [Self.initialize, Self.call(1, "get_transcript", ["id": "wwdc2026-990", "from": start, "offset": offset])])
            let transcript = try #require(Self.structured(answers["1"]), "\(Self.text(answers["1"])) \(result.stderr)")
            let got = (transcript["paragraphs"] as? [[String: Any]] ?? []).map { (start: $0["start"] as? Double ?? -1, text: $0["text"] as? String ?? "") }
            #expect(got.map(\.text.count).reduce(0, +) <= Self.resultCharacters)
            for (index, paragraph) in got.enumerated() {
                if index == 0, offset > 0, paragraph.start == said.last?.start { said[said.count - 1].text += paragraph.text } else { said.append(paragraph) }
            }
            from = transcript["next_from"] as? Double
            offset = transcript["next_offset"] as? Int ?? 0
        }
        #expect(from == nil)
        #expect(said.map(\.text) == paragraphs)
        #expect(said.map(\.start) == paragraphs.indices.map { Double($0) * 3 })

        // get_session: the description and the text share a result, each from its own offset.
        for (id, key, whole) in [("wwdc2026-990", "description", description), ("articles-4201", "text", body)] {
            let sessionParts = try await Self.parts(store, { Self.call(1, "get_session", ["id": id, key + "_offset": $0]) }) { answer in
                guard let result = Self.structured(answer), let text = result[key] as? String else { return nil }
                let size = String(decoding: try! JSONSerialization.data(withJSONObject: result), as: UTF8.self).count
                #expect(size < Self.resultCharacters + 8_000, "\(id): \(size) characters")
                let next = result[key + "_next_offset"] as? Int
                if let next { #expect((result["more"] as? String)?.contains("\(key)_offset=\(next)") == true, "\(result["more"] ?? "")") }
                return (text, next)
            }
            #expect(sessionParts.count > 1, "\(id)")
            #expect(sessionParts.joined() == whole, "\(id)")
        }

        // The resources: each part ends, when it stops early, with the line naming the address of the rest.
        for uri in ["wwdc://transcript/wwdc2026-990", "wwdc://session/990"] {
            let resourceParts = try await Self.parts(store, { Self.request(1, "resources/read", ["uri": uri + ($0 > 0 ? "?offset=\($0)" : "")]) }) { answer in
                guard let contents = (Self.result(answer)?["contents"] as? [[String: Any]])?.first, let text = contents["text"] as? String else { return nil }
                guard let cut = text.range(of: "\n[Cut at character ", options: .backwards), text.hasSuffix(" for the rest.]\n") else {
                    #expect(text.count <= Self.resultCharacters)
                    return (text, nil)
                }
                let part = String(text[..<cut.lowerBound])
                #expect(part.count <= Self.resultCharacters)
                let line = text[cut.upperBound...]
                let next = Int(line.prefix { $0.isNumber })
                #expect(next != nil && line.contains("?offset=\(next ?? -1) for the rest."), "\(line)")
                return (part, next)
            }
            #expect(resourceParts.count > 1, "\(uri)")
            let whole = resourceParts.joined()
            if uri.contains("transcript") {
                #expect(whole.drop { $0 != "\n" } == "\n\n" + paragraphs.enumerated().map { "\(VideoTime.text(Double($0) * 3))  \($1)" }.joined(separator: "\n") + "\n")
            } else {
                #expect(whole.contains("\n" + description + "\n"))
            }
        }
    }
}
