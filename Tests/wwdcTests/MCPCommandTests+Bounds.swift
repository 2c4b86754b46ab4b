import ConferenceData
import Foundation
import TestSupport
import Testing

/// No answer grows with a hostile feed: a session's lists and a page of items stop at the room of
/// a result and say what they left out, and whatever is still too large is never sent.
extension MCPCommandTests {
    /// The largest answer line the server sends (MCPServer's result limit, 256 KB, and the envelope).
    static let answerCeiling = (256 << 10) + 1_024

    static func lines(_ stdout: String) -> [Substring] {
        stdout.split(separator: "\n")
    }

    @Test("a session of 5,000 chapters, related sessions, keywords and snippets: each list cut, saying how many were left out and how to read them")
    func sessionListsBounded() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let database = try ConferenceStore(path: store.sandbox.database.path)
        try database.write { db in
            let sid = "(SELECT sid FROM sessions WHERE id = 'wwdc2026-990')"
            try db.execute("DELETE FROM session_chapters WHERE sid = \(sid)")
            try db.execute("DELETE FROM session_keywords WHERE sid = \(sid)")
            try db.execute("DELETE FROM session_related WHERE sid = \(sid)")
            for n in 0..<5_000 {
                try db.execute("INSERT INTO session_chapters (sid, position, title, start_time) VALUES (\(sid), ?, ?, ?)",
                               [n, "Chapter \(n) " + String(repeating: "long ", count: n % 7 == 0 ? 30_000 : 20), Double(n)])
                try db.execute("INSERT INTO session_keywords (sid, position, keyword) VALUES (\(sid), ?, ?)", [n, "keyword\(n)"])
                try db.execute("INSERT INTO session_related (sid, position, related_id) VALUES (\(sid), ?, 'wwdc2026-101')", [n])
            }
            try db.execute("""
                WITH RECURSIVE counter(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM counter WHERE k < 600)
                INSERT INTO session_code (sid, position, title, language, code)
                SELECT sid, k + 100000, title || ' ' || k, language, code FROM session_code, counter
                WHERE sid = \(sid) AND session_code.position = (SELECT min(position) FROM session_code c WHERE c.sid = \(sid))
                """)
        }
        let (answers, result) = try await Self.serve(store, [Self.initialize, Self.initialized, Self.call(1, "get_session", ["id": "wwdc2026-990"]),
                                                              Self.call(2, "get_code", ["id": "wwdc2026-990"])])
        for line in Self.lines(result.stdout) { #expect(line.utf8.count < Self.answerCeiling) }
        let session = try #require(Self.structured(answers["1"]), "\(Self.text(answers["1"])) \(result.stderr)")
        let size = String(decoding: try JSONSerialization.data(withJSONObject: session), as: UTF8.self).utf8.count
        #expect(size < 2 * Self.resultCharacters, "\(size) bytes")
        let leftOut = try #require(session["left_out"] as? [String: Int])
        let more = session["more"] as? String ?? ""
        for key in ["chapters", "keywords", "related"] {
            let kept = (session[key] as? [Any])?.count ?? 0
            #expect(kept > 0 && kept + (leftOut[key] ?? 0) == 5_000, "\(key): \(kept) + \(leftOut[key] ?? 0)")
            #expect(more.contains("\(leftOut[key] ?? 0) of the 5000 \(key) are left out"), "\(more)")
        }
        let chapters = session["chapters"] as? [[String: Any]] ?? []
        #expect(chapters.allSatisfy { ($0["title"] as? String ?? "").count <= 1_000 })
        let snippets = (session["code"] as? [Any])?.count ?? 0
        #expect(snippets > 0 && leftOut["code"] != nil)
        #expect(more.contains("get_code with id=wwdc2026-990 and n=\(snippets + 1) to \(snippets + (leftOut["code"] ?? 0)) reads each"), "\(more)")

        let code = try #require(Self.structured(answers["2"]), "\(Self.text(answers["2"]))")
        let listed = (code["snippets"] as? [Any])?.count ?? 0
        #expect(listed > 0 && (code["note"] as? String)?.contains("and n=\(listed + 1) to ") == true, "\(code["note"] ?? "")")
    }

    @Test("a page of sessions with 100,000-character titles ends early at a cursor, and following the cursors lists every one")
    func pagesOfLongTitles() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let database = try ConferenceStore(path: store.sandbox.database.path)
        let total = try database.write { db -> Int in
            try db.execute("UPDATE sessions SET title = ? || id", [String(repeating: "Title ", count: 100_000 / 6)])
            return try db.fetchInt("SELECT count(*) FROM videos") ?? 0
        }
        var cursor: String?, seen: [String] = [], shortened = false, calls = 0
        repeat {
            calls += 1
            var arguments: [String: Any] = ["event": "all", "limit": 200]
            if let cursor { arguments["cursor"] = cursor }
            let (answers, result) = try await Self.serve(store, [Self.initialize, Self.call(1, "list_videos", arguments)])
            for line in Self.lines(result.stdout) { #expect(line.utf8.count < Self.answerCeiling) }
            let page = try #require(Self.structured(answers["1"]), "\(Self.text(answers["1"])) \(result.stderr)")
            let videos = page["videos"] as? [[String: Any]] ?? []
            #expect(videos.allSatisfy { ($0["title"] as? String ?? "").count <= 1_000 })
            seen += videos.compactMap { $0["id"] as? String }
            cursor = page["nextCursor"] as? String
            if let more = page["more"] as? String {
                shortened = true
                #expect(more.contains("stops after \(videos.count) of the 200 items") && cursor != nil, "\(more)")
            }
        } while cursor != nil && calls < 100
        #expect(shortened)
        #expect(Set(seen).count == seen.count && seen.count >= total, "\(seen.count) of \(total)")
    }

    @Test("a result too large to send is refused in words that say how to ask for less")
    func resultCeiling() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let database = try ConferenceStore(path: store.sandbox.database.path)
        try database.write { db in
            try db.execute("UPDATE sessions SET title = ? WHERE id = 'wwdc2026-990'", [String(repeating: "Huge ", count: 60_000)])
        }
        let (answers, result) = try await Self.serve(store, [Self.initialize, Self.call(1, "get_session", ["id": "wwdc2026-990"]), Self.request(2, "ping")])
        for line in Self.lines(result.stdout) { #expect(line.utf8.count < Self.answerCeiling) }
        #expect(Self.result(answers["1"])?["isError"] as? Bool == true)
        #expect(Self.text(answers["1"]).hasSuffix("KB, over the 256 KB limit: ask for fewer items with limit, or a part with offset."), "\(Self.text(answers["1"]))")
        #expect(Self.result(answers["2"]) != nil)
    }
}
