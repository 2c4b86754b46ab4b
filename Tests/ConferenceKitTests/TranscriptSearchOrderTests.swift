@testable import ConferenceData
import SQLiteDatabase
import TestTraits
import Testing

/// A page of transcript hits is chosen in the order of the whole ranking as SQLite sorts it: lines
/// scoring alike go by session id byte by byte, then by place; a transcript whose session is gone
/// is never a hit.
@Suite("search: the order of transcript hits", .offThePool)
struct TranscriptSearchOrderTests {
    static func page(_ store: ConferenceStore, limit: Int) throws -> [String] {
        let query = try #require(SearchQuery("marmot"))
        return try store.read {
            try $0.searchEverywhere(SearchRequest(query: query, sources: [.transcripts], limit: limit))
        }.map { "\($0.id.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))@\($0.at ?? -1)" }
    }

    @Test("equal scores go by the session id's bytes, not by its characters")
    func tiesByBytes() throws {
        let store = try ConferenceStore(path: ":memory:")
        // The same id to a reader, two byte sequences: é composed (C3 A9) and e with a combining
        // accent (65 CC 81), which sorts first byte by byte.
        let composed = "t-\u{e9}", combining = "t-e\u{301}"
        try store.write { db in
            try db.execute("INSERT INTO events (id, name) VALUES ('e', 'e')")
            for id in [composed, combining] {
                try db.execute("INSERT INTO sessions (id, event_id, title, description) VALUES (?, 'e', 'Talk', '')", [id])
                try TranscriptRows.insert(db, sessionID: id, lines: (0..<3).map { (paragraph: 0, start: Double(10 * $0), text: "The marmot speaks.") })
            }
        }
        let first = "74 2d 65 301", second = "74 2d e9"
        // The page is chosen in SQLite's order (the first id's three lines, then the second's);
        // the list shows it in its own, where the two ids are equal text, so by time.
        #expect(try Self.page(store, limit: 10) == ["\(first)@0.0", "\(second)@0.0", "\(first)@10.0", "\(second)@10.0", "\(first)@20.0", "\(second)@20.0"])
        #expect(try Self.page(store, limit: 4) == ["\(first)@0.0", "\(second)@0.0", "\(first)@10.0", "\(first)@20.0"])
    }

    @Test("a transcript whose session is gone is no hit, and the page fills from the others")
    func sessionGone() throws {
        let store = try ConferenceStore(path: ":memory:")
        try store.write { db in
            try db.execute("INSERT INTO events (id, name) VALUES ('e', 'e')")
            // The gone session's lines score best (short); the others' are longer.
            try TranscriptRows.insert(db, sessionID: "a-gone", lines: (0..<3).map { (paragraph: 0, start: Double($0), text: "Marmot.") })
            for id in ["b-1", "b-2"] {
                try db.execute("INSERT INTO sessions (id, event_id, title, description) VALUES (?, 'e', 'Talk', '')", [id])
                try TranscriptRows.insert(db, sessionID: id, lines: [(paragraph: 0, start: 5, text: "A marmot in a longer line than the others.")])
            }
        }
        #expect(try Self.page(store, limit: 2) == ["62 2d 31@5.0", "62 2d 32@5.0"])
    }

    @Test("a few hits' transcripts looked up one by one place and order each line as the whole list does")
    func fewHitsLookedUpAlone() throws {
        let store = try ConferenceStore(path: ":memory:")
        try store.write { db in
            // Ids whose byte order differs from the order of their ranges, and a line past every range.
            for id in ["m", "b", "z", "a", "t-e\u{301}", "t-\u{e9}"] {
                try TranscriptRows.insert(db, sessionID: id, lines: (0..<4).map { (paragraph: 0, start: Double($0), text: "Line \($0).") })
            }
        }
        try store.read { db in
            let all = try db.fetchAll("SELECT first_line + p AS line FROM transcripts, (SELECT 0 AS p UNION SELECT 3)") { $0.int64("line") }
            for lines in [all, Array(all.prefix(3)), [all[5], all[1]], [all.max()! + 100]] {
                let alone = try TranscriptRanges(db, lines: lines, lookedUpAlone: .max), whole = try TranscriptRanges(db, lines: lines, lookedUpAlone: 0)
                #expect(alone.firstLines.count <= whole.firstLines.count)
                func placed(_ ranges: TranscriptRanges) -> [String?] { lines.map { ranges.index(containing: $0).map { ranges.sessionIDs[$0] } } }
                #expect(placed(alone) == placed(whole))
                func ordered(_ ranges: TranscriptRanges) -> [String] {
                    lines.compactMap { ranges.index(containing: $0) }.sorted { ranges.idOrder[$0] < ranges.idOrder[$1] }.map { ranges.sessionIDs[$0] }
                }
                #expect(ordered(alone) == ordered(whole))
            }
        }
    }
}
