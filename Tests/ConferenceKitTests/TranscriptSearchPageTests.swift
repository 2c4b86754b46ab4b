@testable import ConferenceData
import SQLiteDatabase
import TestTraits
import Testing

/// A page of transcript hits is the first lines of the ranking of every line, whatever the page's
/// size and scope: lines scoring alike (ties), lines of sessions out of scope that score best.
@Suite("search: a page of transcript hits", .offThePool)
struct TranscriptSearchPageTests {
    static func store() throws -> ConferenceStore {
        let store = try ConferenceStore(path: ":memory:")
        try store.write { db in
            for event in ["e1", "e2"] { try db.execute("INSERT INTO events (id, name) VALUES (?, ?)", [event, event]) }
            for index in 0..<12 {
                // e1's sessions say the word in short lines (they score best), e2's in long ones.
                let event = index < 6 ? "e1" : "e2"
                let id = "\(event)-\(100 + index)"
                try db.execute("INSERT INTO sessions (id, event_id, title, description) VALUES (?, ?, ?, '')", [id, event, "Talk \(index)"])
                let padding = event == "e1" ? "" : " with many more words around it than the others have"
                let said: String = "The marmot speaks" + padding + "."
                var lines: [TranscriptRows.Line] = []
                for line in 0..<4 { lines.append((paragraph: line / 2, start: Double(10 * line), text: line == 3 ? "Nothing here." : said)) }
                try TranscriptRows.insert(db, sessionID: id, lines: lines)
            }
        }
        return store
    }

    static func page(_ store: ConferenceStore, events: [String]?, limit: Int) throws -> [String] {
        let query = try #require(SearchQuery("marmot"))
        return try store.read {
            try $0.searchEverywhere(SearchRequest(query: query, sources: [.transcripts], eventIDs: events, limit: limit))
        }.map { "\($0.id)@\($0.at ?? -1)" }
    }

    @Test("every page size, with and without a scope, is the head of the whole ranking", arguments: [nil, ["e1"], ["e2"]] as [[String]?])
    func pages(events: [String]?) throws {
        let store = try Self.store()
        let all = try Self.page(store, events: events, limit: 1_000)
        #expect(all.count == (events == nil ? 36 : 18))
        for limit in 1...all.count + 1 {
            #expect(try Self.page(store, events: events, limit: limit) == Array(all.prefix(limit)), "limit \(limit)")
        }
    }

    @Test("a scope whose sessions all score below the best of others still gets its page")
    func scopeBelowTheBest() throws {
        let store = try Self.store()
        let page = try Self.page(store, events: ["e2"], limit: 3)
        #expect(page == ["e2-106@0.0", "e2-106@10.0", "e2-106@20.0"])
    }
}
