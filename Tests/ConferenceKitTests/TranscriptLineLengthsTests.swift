@testable import ConferenceData
import Foundation
import SQLiteDatabase
import TestSupport
import TestTraits
import Testing

/// The lengths of transcript lines the search ranks by are kept per transcript, follow every change
/// of the transcripts, reach stores made before they were kept, and rank exactly as `bm25()`.
@Suite("search: transcript line lengths", .offThePool)
struct TranscriptLineLengthsTests {
    static let query = SearchQuery("marmot")!

    /// Lines of uneven lengths, the word once or twice in some, for `transcripts` sessions.
    static func store(transcripts: Int = 3, path: String = ":memory:") throws -> ConferenceStore {
        let store = try ConferenceStore(path: path)
        try store.write { db in
            try db.execute("INSERT INTO events (id, name) VALUES ('e', 'e')")
            for number in 0..<transcripts {
                let id = "s-\(number)"
                try db.execute("INSERT INTO sessions (id, event_id, title, description) VALUES (?, 'e', 'Talk', '')", [id])
                try TranscriptRows.insert(db, sessionID: id, lines: (0..<40).map { line in
                    let words = (0..<(1 + (line * 7 + number * 3) % 23)).map { $0 % 5 == 0 ? "and" : "word\($0)" }
                    let marmots = line % 3 == 0 ? [] : line % 4 == 0 ? ["marmot", "Marmot"] : ["marmot"]
                    return (paragraph: line / 5, start: Double(line), text: (words + marmots).joined(separator: " ") + ".")
                })
            }
        }
        return store
    }

    static func hits(_ store: ConferenceStore, limit: Int = 1_000) throws -> [String] {
        try store.read { try $0.searchEverywhere(SearchRequest(query: query, sources: [.transcripts], limit: limit)) }
            .map { "\($0.id)@\($0.at ?? -1) \($0.score.bitPattern)" }
    }

    /// Every matching line's bm25() as FTS5 computes it, by session and time, for comparison.
    static func bm25(_ store: ConferenceStore) throws -> [String: Double] {
        try store.read { db in
            let rows = try db.fetchAll("""
                SELECT t.session_id, s.rowid - t.first_line AS position, bm25(transcript_search) AS score FROM transcript_search s
                JOIN transcripts t ON t.first_line = (SELECT max(first_line) FROM transcripts WHERE first_line <= s.rowid)
                WHERE transcript_search MATCH 'marmot'
                """) { ("\($0.string(at: 0) ?? "")@\(Double($0.int(at: 1)))", $0.double(at: 2)) }
            return Dictionary(uniqueKeysWithValues: rows)
        }
    }

    /// Each transcript's recorded lengths against the index's own, by first line.
    static func recorded(_ store: ConferenceStore) throws -> (recorded: [Int64: [Int]], indexed: [Int64: [Int]]) {
        try store.read { db in
            let transcripts = try db.fetchAll("SELECT first_line, line_count FROM transcripts") { ($0.int64(at: 0), $0.int(at: 1)) }
            var recorded: [Int64: [Int]] = [:], indexed: [Int64: [Int]] = [:]
            for (first, count) in transcripts {
                indexed[first] = try db.fts5RowLengths(table: "transcript_search", rows: first..<first + Int64(count)).map(\.length)
                let blob = try db.fetchOne("SELECT lengths FROM transcript_search_lengths WHERE first_line = ?", [first]) { $0.blob(at: 0) } ?? nil
                recorded[first] = blob.map { blob in blob.withUnsafeBytes { bytes in (0..<count).compactMap { TranscriptLineLengths.length(at: $0, in: bytes) } } }
            }
            return (recorded, indexed)
        }
    }

    @Test("scores are bm25()'s to the bit, for a few hits and for many, and the lengths are the index's")
    func sameAsBM25() throws {
        // 3 transcripts are looked up one by one; 70 are more than are looked up alone.
        for transcripts in [3, 70] {
            let store = try Self.store(transcripts: transcripts)
            let expected = try Self.bm25(store)
            let hits = try store.read { try $0.searchEverywhere(SearchRequest(query: Self.query, sources: [.transcripts], limit: 100_000)) }
            #expect(hits.count == expected.count)
            for hit in hits {
                #expect(hit.score.bitPattern == SearchTier.transcript.score(bm25: expected["\(hit.id)@\(hit.at ?? -1)"] ?? .nan).bitPattern)
            }
            let (recorded, indexed) = try Self.recorded(store)
            #expect(recorded == indexed)
            #expect(recorded.count == transcripts)
        }
    }

    @Test("the search ranks by the recorded lengths; a transcript without them is ranked by bm25() alone, the same")
    func recordedLengthsUsed() throws {
        let store = try Self.store()
        let before = try Self.hits(store)
        // Other lengths change the scores: they are what the search reads.
        try store.write { db in
            let first = try #require(try db.fetchInt("SELECT first_line FROM transcripts WHERE session_id = 's-1'"))
            try db.execute("UPDATE transcript_search_lengths SET lengths = ? WHERE first_line = ?",
                           [DatabaseValue.blob(TranscriptLineLengths.encode(Array(repeating: 500, count: 40))), first])
        }
        let tampered = try Self.hits(store)
        #expect(tampered != before)
        #expect(tampered.filter { $0.hasPrefix("s-0@") } == before.filter { $0.hasPrefix("s-0@") })
        // Lengths missing for one transcript: every line is ranked by bm25(), as before.
        try store.write { try $0.execute("DELETE FROM transcript_search_lengths WHERE first_line = (SELECT first_line FROM transcripts WHERE session_id = 's-1')") }
        #expect(try Self.hits(store) == before)
        // Lengths too short for their transcript (a damaged row) likewise.
        try store.write { try $0.execute("INSERT INTO transcript_search_lengths (first_line, lengths) SELECT first_line, x'0105' FROM transcripts WHERE session_id = 's-1'") }
        #expect(try Self.hits(store) == before)
    }

    @Test("a transcript replaced or removed takes its lengths along; one added gets its own")
    func followTranscripts() throws {
        let store = try Self.store()
        try store.write { db in
            try TranscriptRows.insert(db, sessionID: "s-1", lines: [(0, 0, "A marmot."), (0, 1, "Two words marmot here now.")])
            try db.execute("INSERT INTO sessions (id, event_id, title, description) VALUES ('s-9', 'e', 'Talk', '')")
            try TranscriptRows.insert(db, sessionID: "s-9", lines: [(0, 0, "marmot marmot marmot")])
            _ = try db.importTranscripts(TranscriptBatch(removed: ["s-2"]))
        }
        let (recorded, indexed) = try Self.recorded(store)
        #expect(recorded == indexed)
        #expect(recorded.values.sorted { $0.count < $1.count }.prefix(2).map { $0 } == [[3], [2, 5]])
        #expect(try store.count("SELECT count(*) FROM transcript_search_lengths") == 3)
        let expected = try Self.bm25(store)
        #expect(try Self.hits(store).count == expected.count)
        for hit in try store.read({ try $0.searchEverywhere(SearchRequest(query: Self.query, sources: [.transcripts], limit: 1_000)) }) {
            #expect(hit.score == SearchTier.transcript.score(bm25: expected["\(hit.id)@\(hit.at ?? -1)"] ?? .nan))
        }
    }

    @Test("a store from before lengths were kept (version 13) gets them for every transcript, and ranks as before")
    func migrated() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("v13.sqlite").path
        let before: [String]
        do {
            let store = try Self.store(transcripts: 5, path: path)
            before = try Self.hits(store)
        }
        do {
            // Back to version 13, as the previous release left it: what the later versions added, gone.
            let db = try Database(path: path)
            try db.execute(sql: """
                DROP TRIGGER transcript_lengths_on_delete; DROP TRIGGER transcript_lengths_on_update;
                DROP TABLE transcript_search_lengths; DROP TABLE subtitle_languages;
                ALTER TABLE downloads DROP COLUMN subtitles; PRAGMA user_version = 13;
                """)
        }
        let store = try ConferenceStore(path: path)
        #expect(try store.count("PRAGMA user_version") == ConferenceStore.schemaVersion)
        let (recorded, indexed) = try Self.recorded(store)
        #expect(recorded == indexed)
        #expect(recorded.count == 5)
        #expect(try Self.hits(store) == before)
    }

    @Test("lengths are kept in the narrowest width and read back in place")
    func encoding() {
        for lengths in [[], [0, 1, 255], [256, 3], [70_000, 0, 65_535]] {
            let blob = TranscriptLineLengths.encode(lengths)
            #expect(blob.first == (lengths.max() ?? 0 > 65_535 ? 4 : lengths.max() ?? 0 > 255 ? 2 : 1))
            blob.withUnsafeBytes { bytes in
                #expect(lengths.indices.map { TranscriptLineLengths.length(at: $0, in: bytes) } == lengths)
                #expect(TranscriptLineLengths.length(at: lengths.count, in: bytes) == nil)
                #expect(TranscriptLineLengths.length(at: -1, in: bytes) == nil)
            }
        }
        [UInt8]([3, 1, 2, 3]).withUnsafeBytes { #expect(TranscriptLineLengths.length(at: 0, in: $0) == nil) }
        [UInt8]([2, 1, 2, 3]).withUnsafeBytes { #expect(TranscriptLineLengths.length(at: 0, in: $0) == nil) }
    }
}
