import ConferenceData
import Foundation
import SQLiteDatabase
import TestSupport
import TestTraits
import Testing

/// A sync that replaces every stored transcript builds their search index while it fetches them, in
/// a table no search reads, and swaps it in at the save.
@Suite("wwdc sync: the transcripts' index built while they are fetched", .offThePool)
struct TranscriptStagingTests {
    static let staging = "transcript_search_staging"
    static let stagingRows = "transcripts_staging"

    /// Every transcript of the corpus changed on the server, its first line a word of its own, and
    /// the manifest without its digest: each is fetched on its own.
    func changeAll(_ corpus: TranscriptCorpus) throws {
        for (index, id) in corpus.ids.enumerated() { try corpus.change(id, to: "Renewed\(Self.word(index)) text.") }
        let manifest = corpus.folder.appendingPathComponent(String(corpus.manifestPath.dropFirst()))
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
        object["digest"] = nil
        try JSONSerialization.data(withJSONObject: object).write(to: manifest)
    }

    /// A word the corpus does not hold, one per transcript: letters only, so the tokenizer keeps it
    /// whole, and all of one length, so none is the start of another (a search matches prefixes).
    static func word(_ index: Int) -> String {
        String((0..<3).map { digit in Character(UnicodeScalar(UInt8(97 + index / Int(pow(26.0, Double(digit))) % 26))) })
    }

    /// A sandbox synced from a corpus of `sessions` transcripts served by its own server, handed to
    /// `body` with the server's address; both gone afterwards.
    func withSyncedCorpus(sessions: Int, _ body: (Sandbox, TranscriptCorpus, String) async throws -> Void) async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let corpus = try await TranscriptCorpus.start(sessions: sessions, in: sandbox)
        defer { corpus.server.stop() }
        let source = corpus.server.baseURL.absoluteString
        #expect(try await sandbox.run(["sync", "--source", source]).status == 0)
        try await body(sandbox, corpus, source)
    }

    /// Whether the side tables are there: the index's and the rows'.
    func stagingExists(_ sandbox: Sandbox) throws -> Bool {
        let count = try ConferenceStore(path: sandbox.database.path).read {
            try $0.fetchInt("SELECT count(*) FROM sqlite_master WHERE name IN (?, ?)", [Self.staging, Self.stagingRows]) ?? 0
        }
        #expect(count == 0 || count == 2, "one side table without the other")
        return count > 0
    }

    /// The words of a transcript's first line, as the server has it now.
    func firstLine(of id: String, in corpus: TranscriptCorpus) throws -> String {
        let file = corpus.folder.appendingPathComponent(String(corpus.path(of: id).dropFirst()))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let lines = try #require((object[id] as? [String: Any])?["transcript"] as? [[Any]])
        let text = try #require(lines.first?.last as? String)
        return text.unicodeScalars.filter { CharacterSet.letters.contains($0) || $0 == " " }.map(String.init).joined()
            .split(separator: " ").joined(separator: " ")
    }

    func hits(_ sandbox: Sandbox, _ query: String) async throws -> [String] {
        let result = try await sandbox.run(["search", query, "--in", "transcripts", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let hits = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result.stdout)")
        return hits.compactMap { $0["id"] as? String }
    }

    @Test("interrupted while the last transcript is held: exit 143, the store and its search as they were, no index table left")
    func interrupted() async throws {
        try await withSyncedCorpus(sessions: 60) { sandbox, corpus, source in
            let rare = try #require(corpus.facts["rareWord"] as? String)
            let rareHits = try await hits(sandbox, rare)
            #expect(!rareHits.isEmpty)
            try changeAll(corpus)
            let before = try sandbox.dump()
            let hold = try await corpus.server.hold(corpus.path(of: try #require(corpus.ids.last)))
            let sync = try sandbox.start(["sync", "--source", source])
            try await corpus.server.waitForHeld(hold)
            // The requests go out once the index's table is made: the sync is on the path under test.
            #expect(try stagingExists(sandbox))
            sync.signal(SIGTERM)
            let result = await sync.finished()
            try await corpus.server.release(hold)
            #expect(result.status == 143, "\(result.stderr)")
            #expect(try !stagingExists(sandbox))
            #expect(try sandbox.dump() == before)
            #expect(try await hits(sandbox, rare) == rareHits)
            #expect(try await hits(sandbox, "Renewed\(Self.word(0))").isEmpty)
        }
    }

    @Test("a favorite saved by another process meanwhile; one transcript failing keeps its old text, found, the others' new text found")
    func favoriteMeanwhile() async throws {
        try await withSyncedCorpus(sessions: 60) { sandbox, corpus, source in
            let failing = corpus.ids[7]
            let oldText = try firstLine(of: failing, in: corpus)
            let oldHits = try await hits(sandbox, "\"\(oldText)\"")
            #expect(oldHits.contains(failing), "\(oldText)")
            try changeAll(corpus)
            try await corpus.server.fault(corpus.path(of: failing), "drop", times: 20)
            let hold = try await corpus.server.hold(corpus.path(of: try #require(corpus.ids.last)))
            let sync = try sandbox.start(["sync", "--source", source, "--json"])
            try await corpus.server.waitForHeld(hold)
            #expect(try stagingExists(sandbox))
            let favorite = try await sandbox.run(["favorite", "add", corpus.ids[3]])
            #expect(favorite.status == 0, "\(favorite.stderr)")
            try await corpus.server.release(hold)
            let result = await sync.finished()
            #expect(result.status == 0, "\(result.stderr)")
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(summary["transcriptsFailed"] as? [String] == [failing])
            #expect(try !stagingExists(sandbox))
            #expect(try sandbox.localFavorites()[corpus.ids[3]] != nil)
            for (index, id) in corpus.ids.enumerated() where id != failing {
                #expect(try await hits(sandbox, "Renewed\(Self.word(index))") == [id])
            }
            #expect(try await hits(sandbox, "Renewed\(Self.word(7))").isEmpty)
            #expect(try await hits(sandbox, "\"\(oldText)\"") == oldHits)
            try ConferenceStore(path: sandbox.database.path).write { db in
                try db.execute(sql: "INSERT INTO transcript_search(transcript_search, rank) VALUES ('integrity-check', 0)")
            }
        }
    }

    @Test("an index table a killed sync left behind is dropped by the next sync, even one that changes no transcript")
    func leftoverDropped() async throws {
        try await withSyncedCorpus(sessions: 5) { sandbox, corpus, source in
            try ConferenceStore(path: sandbox.database.path).write { db in
                try db.execute(sql: "CREATE VIRTUAL TABLE \(Self.staging) USING fts5(text, content = '')")
                try db.execute(sql: "INSERT INTO \(Self.staging)(rowid, text) VALUES (1, 'left behind')")
                try db.execute(sql: "CREATE TABLE \(Self.stagingRows) (session_id TEXT PRIMARY KEY, lines BLOB)")
            }
            #expect(try stagingExists(sandbox))
            #expect(try await sandbox.run(["sync", "--source", source]).status == 0)
            #expect(try !stagingExists(sandbox))
        }
    }
}
