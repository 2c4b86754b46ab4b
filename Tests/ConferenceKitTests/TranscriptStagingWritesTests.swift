@testable import ConferenceData
@testable import ConferenceModel
import Foundation
import SQLiteDatabase
import TestTraits
import Testing

/// When a sync that replaces every transcript writes what it fetched into its side tables, and how
/// the save swaps them in.
@Suite("Transcripts: the side tables a sync writes while it fetches", .offThePool)
struct TranscriptStagingWritesTests {
    static func fetched(_ id: String, _ words: [String]) -> TranscriptBatch.Fetched {
        let lines = words.enumerated().map { Transcript.Line(start: Double($0.offset), text: $0.element, paragraph: 0) }
        return .init(transcript: Transcript(sessionID: id, language: "eng", lines: lines), etag: "\"\(id)\"", bytes: 100)
    }

    static func stagedRows(_ store: ConferenceStore) throws -> [String] {
        try store.read { try $0.fetchAll("SELECT session_id FROM \(TranscriptStaging.rowsTable) ORDER BY session_id") { $0.string(at: 0) ?? "" } }
    }

    static func stagedHits(_ store: ConferenceStore, _ word: String) throws -> Int {
        try store.read { try $0.fetchInt("SELECT count(*) FROM \(TranscriptStaging.table) WHERE \(TranscriptStaging.table) MATCH ?", [word]) ?? 0 }
    }

    static func hits(_ store: ConferenceStore, _ word: String) throws -> [String] {
        let query = try #require(SearchQuery(word))
        return try store.read { try $0.searchEverywhere(SearchRequest(query: query, sources: [.transcripts], limit: 10)) }.map(\.id).sorted()
    }

    @Test("near the end (what is still to come fits in one transaction) a transcript is written as it arrives, row and lines")
    func nearTheEndWrittenAtOnce() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        let staging = try TranscriptStaging(store: store, expected: 3)
        staging.add(Self.fetched("e-1", ["Quokka first.", "Then more."]))
        staging.waitForWrites()
        #expect(try Self.stagedRows(store) == ["e-1"])
        #expect(try Self.stagedHits(store, "quokka") == 1)
        staging.discard()
    }

    @Test("far from the end, transcripts wait until a transaction's worth has arrived; finishing writes the rest")
    func farFromTheEndWaits() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        let staging = try TranscriptStaging(store: store, expected: 100_000)
        staging.add(Self.fetched("e-1", ["Quokka first.", "Then more."]))
        staging.waitForWrites()
        #expect(try Self.stagedRows(store).isEmpty)
        let staged = try staging.finish()
        #expect(staged.lineCounts == ["e-1": 2])
        #expect(try Self.stagedRows(store) == ["e-1"])
        #expect(try Self.stagedHits(store, "quokka") == 1)
        staging.discard()
    }

    @Test("the save swaps both tables in: a stored transcript not fetched again is kept, found, and its index row is there; nothing staged is left")
    func saveSwapsTablesIn() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        _ = try store.importContents(ContentsFeed(events: [Event(id: "e", name: "E")], sessions: [
            Session(id: "e-1", eventID: "e", title: "Renewed"),
            Session(id: "e-2", eventID: "e", title: "Kept"),
        ]))
        try store.write { db in
            try TranscriptRows.insert(db, sessionID: "e-1", lines: [(0, 1, "Old wombat words.")])
            try TranscriptRows.insert(db, sessionID: "e-2", lines: [(0, 1, "Kept marmot words."), (0, 2, "Still here.")])
        }
        let staging = try TranscriptStaging(store: store, expected: 1)
        let renewed = Self.fetched("e-1", ["New quokka words.", "Second line.", "Third line."])
        staging.add(renewed)
        var batch = TranscriptBatch(fetched: [renewed])
        batch.staged = try staging.finish()
        let report = try store.write { try $0.importTranscripts(batch) }
        #expect(report[.transcripts].updated == 1 && report[.transcriptLines].inserted == 3 && report[.transcriptLines].deleted == 1)
        let names = try store.read { try $0.fetchAll("SELECT name FROM sqlite_master WHERE name LIKE '%staging%'") { $0.string(at: 0) ?? "" } }
        #expect(names.isEmpty)
        let index = try store.read { try $0.fetchAll("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transcripts'") { $0.string(at: 0) ?? "" } }
        #expect(index.contains("transcripts_by_first_line"))
        #expect(try Self.hits(store, "quokka") == ["e-1"])
        #expect(try Self.hits(store, "marmot") == ["e-2"])
        #expect(try Self.hits(store, "wombat").isEmpty)
        #expect(try store.read { try $0.transcript(sessionID: "e-2") }?.paragraphs.map(\.text) == ["Kept marmot words. Still here."])
        #expect(try store.read { try $0.transcript(sessionID: "e-1") }?.paragraphs.map(\.text) == ["New quokka words. Second line. Third line."])
        let etag = try store.read { try $0.fetchString("SELECT etag FROM transcripts WHERE session_id = 'e-1'") }
        #expect(etag == "\"e-1\"")
        try store.write { db in
            try db.execute(sql: "INSERT INTO transcript_search(transcript_search, rank) VALUES ('integrity-check', 0)")
        }
        #expect(try store.read { try $0.fetchString("PRAGMA integrity_check") } == "ok")
        // The lengths the search ranks by: one row per transcript, none left of the one replaced,
        // and the table swapped in takes a transcript's row away with it, as the old one did.
        let lengths = try store.read { try $0.fetchAll("SELECT l.first_line FROM transcript_search_lengths l JOIN transcripts t USING (first_line)") { $0.int(at: 0) } }
        #expect(lengths.count == 2)
        #expect(try store.count("SELECT count(*) FROM transcript_search_lengths") == 2)
        _ = try store.write { try $0.importTranscripts(TranscriptBatch(removed: ["e-2"])) }
        #expect(try store.count("SELECT count(*) FROM transcript_search_lengths") == 1)
        try store.write { try $0.execute("DELETE FROM transcripts") }
        #expect(try store.count("SELECT count(*) FROM transcript_search_lengths") == 0)
    }
}
