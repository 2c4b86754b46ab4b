@testable import ConferenceData
@testable import ConferenceModel
import Foundation
import SQLiteDatabase
import TestTraits
import Testing

@Suite("Full-text search and hostile text", .offThePool)
struct SearchAndHostileTextTests {
    @Test("ranking puts title matches above description matches above keyword matches")
    func ranking() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        let feed = ContentsFeed(events: [Event(id: "e", name: "E")], sessions: [
            Session(id: "keyword", eventID: "e", title: "Graphics", description: "About shaders and more.", keywords: ["tvos"]),
            Session(id: "description", eventID: "e", title: "Media", description: "What is new for tvOS apps.", keywords: ["av"]),
            Session(id: "title", eventID: "e", title: "Building tvOS apps", description: "An introduction.", keywords: ["ui"]),
            Session(id: "none", eventID: "e", title: "Other", description: "Nothing here."),
        ])
        _ = try store.importContents(feed)
        #expect(try store.searchSessions("tvos").map(\.id) == ["title", "description", "keyword"])
        #expect(try store.searchSessions("TVOS apps").map(\.id) == ["title", "description"])
        #expect(try store.searchSessions("tvos", limit: 1).map(\.id) == ["title"])
        #expect(try store.searchSessions("Médiä").map(\.id) == ["description"])
        #expect(try store.searchSessions("   ").isEmpty)
        #expect(try store.searchSessions("tvos", limit: 0).isEmpty)
    }

    @Test("any query text is safe: quotes, operators and SQL are taken as words", arguments: [
        "\"", "'); DROP TABLE sessions; --", "tvos OR", "NEAR(a b)", "a*", "^title", "col:value", "-", "(", "\0", "🎉",
    ])
    func hostileQueries(query: String) throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        _ = try store.importContents(ContentsFeed(events: [Event(id: "e", name: "E")], sessions: [
            Session(id: "s", eventID: "e", title: "DROP TABLE sessions tvos OR near a title value 🎉"),
        ]))
        _ = try store.searchSessions(query)
        #expect(try store.count("SELECT count(*) FROM sessions") == 1)
    }

    @Test("hostile text round-trips exactly through the feed, the store and back", arguments: [false, true])
    func hostileText(streaming: Bool) throws {
        let megabyteTitle = String(repeating: "Ünïcødé 🎉 ", count: 1_048_576 / 16)
        let texts = [
            "It's a \"quoted\" title",
            "'); DROP TABLE sessions; --",
            "Robert\"); DELETE FROM favorites WHERE (\"1\" = \"1",
            "NUL \0 in the middle\0",
            "\u{202E}right-to-left override\u{202C} and e\u{301} combining",
            "tab\tnew\nline\r\u{1B}[31mred\u{1B}[0m",
            "\\ backslash \\\\ and /slash",
            megabyteTitle,
        ]
        let sessions: [[String: Any]] = texts.enumerated().map { index, text in
            ["id": "hostile-\(index)", "eventId": "e", "title": text, "description": text, "keywords": [text]]
        }
        let document: [String: Any] = ["events": [["id": "e", "name": texts[1]]], "contents": sessions]
        let data = try JSONSerialization.data(withJSONObject: document)

        let folder = try TemporaryFolder()
        let store = try folder.store()
        if streaming {
            _ = try store.importContents(json: data)
        } else {
            _ = try store.importContents(FeedDecoder.contents(from: data))
        }
        for (index, text) in texts.enumerated() {
            let id = "hostile-\(index)"
            let row = try store.read { db in
                try db.fetchOne("SELECT title, description, (SELECT keyword FROM session_keywords k WHERE k.sid = s.sid) FROM sessions s WHERE id = ?", [id]) {
                    [$0.string(at: 0), $0.string(at: 1), $0.string(at: 2)]
                }
            }
            #expect(row == [text, text, text], "text \(index)")
        }
        #expect(try store.count("SELECT max(length(CAST(title AS BLOB))) FROM sessions") == megabyteTitle.utf8.count)
        #expect(try store.searchSessions("backslash").count == 1)
        #expect(try store.searchSessions("Ünïcødé").count == 1)
        #expect(try store.count("SELECT count(*) FROM sessions") == texts.count)
        // Re-importing hostile text is still a no-op.
        #expect(try store.importContents(json: data).isEmpty)
    }

    @Test("invalid UTF-8 in a feed is refused with its position; the store keeps its bytes exactly otherwise")
    func invalidUTF8() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        _ = try store.importContents(json: TestFeeds.contentsData(sessionCount: 3))
        let before = try store.dump()
        var data = Data(#"{"events": [], "contents": [{"id": "x", "eventId": "e", "title": "bad "#.utf8)
        data.append(contentsOf: [0xFF, 0xC0, 0xAF, 0xED, 0xA0, 0x80])
        data.append(contentsOf: Data(#""}]}"#.utf8))
        do {
            _ = try store.importContents(json: data)
            Issue.record("must be refused")
        } catch let error as FeedError {
            #expect(error.kind == .malformedJSON)
            #expect(error.detail == "invalid UTF-8 sequence in a string")
            #expect(error.offset == 70)
        }
        #expect(try store.dump() == before)

        // Below the feed layer, text is bytes: the database keeps any sequence exactly.
        let bytes: [UInt8] = [0x62, 0x61, 0x64, 0xFF, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x00, 0x7F]
        try store.write { db in
            try db.execute("INSERT INTO news (id, title) VALUES (?, ?)", ["raw", DatabaseValue.text(bytes)])
        }
        #expect(try store.read { try $0.fetchOne("SELECT title FROM news WHERE id = 'raw'") { $0.textBytes(at: 0) } } == bytes)
    }
}
