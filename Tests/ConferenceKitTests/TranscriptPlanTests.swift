@testable import ConferenceData
@testable import ConferenceSync
import Foundation
import TestTraits
import Testing

/// What a sync fetches of the transcripts: only what changed, the synced language before English,
/// the digest when it is fewer bytes, removals.
@Suite("transcripts: what a sync fetches", .offThePool)
struct TranscriptPlanTests {
    static func entries(_ ids: [String], etag: String = "1", language: String = "eng") -> [String: TranscriptManifest.Entry] {
        Dictionary(uniqueKeysWithValues: ids.map { ($0, TranscriptManifest.Entry(url: URL(string: "https://x.test/\($0)-\(language).json")!, etag: "\"\($0)-\(etag)\"")) })
    }

    static let digest = TranscriptManifest.Entry(url: URL(string: "https://x.test/digest.json")!, etag: "\"d\"")

    @Test("nothing stored: everything changed, and the digest is fewer bytes than 100 requests")
    func firstSync() {
        let ids = (1...100).map { "s\($0)" }
        let plan = TranscriptPlan(sources: [.init(language: "en", entries: Self.entries(ids), digest: Self.digest)], stored: [:])
        #expect(plan.changedCount == 100)
        #expect(plan.viaDigest["en"] == Self.digest)
        let withoutDigest = TranscriptPlan(sources: [.init(language: "en", entries: Self.entries(ids), digest: nil)], stored: [:])
        #expect(withoutDigest.changedCount == 100 && withoutDigest.viaDigest.isEmpty)
    }

    @Test("a few changed: only those, one by one; ETags compared; no ETag keeps the stored copy; gone ones removed")
    func fewChanged() {
        let ids = (1...100).map { "s\($0)" }
        var stored: [String: StoredTranscript] = [:]
        for id in ids { stored[id] = StoredTranscript(language: "eng", etag: "\"\(id)-1\"", bytes: 40_000) }
        stored["old"] = StoredTranscript(language: "eng", etag: "\"old\"", bytes: 10)
        var entries = Self.entries(ids)
        entries["s7"]?.etag = "\"s7-2\""
        entries["s8"]?.etag = nil
        entries["new"] = TranscriptManifest.Entry(url: URL(string: "https://x.test/new.json")!, etag: "\"n\"")
        let plan = TranscriptPlan(sources: [.init(language: "en", entries: entries, digest: Self.digest)], stored: stored)
        #expect(plan.changed["en"]?.map(\.id) == ["new", "s7"])
        #expect(plan.viaDigest.isEmpty)
        #expect(plan.removed == ["old"])
    }

    @Test("the synced language first, English for the items it lacks")
    func languages() {
        let plan = TranscriptPlan(sources: [
            .init(language: "jpn", entries: Self.entries(["a", "b"], language: "jpn"), digest: nil),
            .init(language: "en", entries: Self.entries(["a", "b", "c"]), digest: nil),
        ], stored: ["c": StoredTranscript(language: "eng", etag: "\"c-1\"", bytes: 1)])
        #expect(plan.changed["jpn"]?.map(\.id) == ["a", "b"])
        #expect(plan.changed["en"] == nil, "c is stored with the English manifest's ETag")
        #expect(plan.changed["jpn"]?.first?.entry.url.lastPathComponent == "a-jpn.json")
    }
}

/// The store's writer keeps the search index with the lines: a replaced or removed transcript's old
/// words are found no more.
@Suite("transcripts: the store's writer", .offThePool)
struct TranscriptWriterTests {
    @Test("replace and remove: the index follows the lines")
    func indexFollows() throws {
        let store = try ConferenceStore(path: ":memory:")
        func hits(_ word: String) throws -> [String] {
            try store.read { db in
                try db.fetchAll("""
                    SELECT t.session_id FROM transcript_search
                    JOIN transcripts t ON t.first_line = (SELECT max(first_line) FROM transcripts WHERE first_line <= transcript_search.rowid)
                    WHERE transcript_search MATCH ? ORDER BY 1
                    """, [word]) { $0.string(at: 0) ?? "" }
            }
        }
        func transcript(_ id: String, _ text: String) -> TranscriptBatch.Fetched {
            .init(transcript: Transcript(sessionID: id, language: "eng", lines: [.init(start: 1, text: text, paragraph: 0)]), etag: "1", bytes: 10)
        }
        var report = try store.write { try $0.importTranscripts(TranscriptBatch(fetched: [transcript("a", "alpha bravo"), transcript("b", "bravo")])) }
        #expect(report[.transcripts].inserted == 2 && report[.transcriptLines].inserted == 2)
        #expect(try hits("bravo") == ["a", "b"])
        report = try store.write { try $0.importTranscripts(TranscriptBatch(fetched: [transcript("a", "charlie")])) }
        #expect(report[.transcripts].updated == 1 && report[.transcriptLines].deleted == 1)
        #expect(try hits("alpha").isEmpty)
        #expect(try hits("bravo") == ["b"])
        #expect(try hits("charlie") == ["a"])
        _ = try store.write { try $0.importTranscripts(TranscriptBatch(removed: ["b"])) }
        #expect(try hits("bravo").isEmpty)
        let integrity = try store.read { try $0.fetchAll("INSERT INTO transcript_search(transcript_search, rank) VALUES ('integrity-check', 1)") { _ in 0 } }
        #expect(integrity.isEmpty)
    }
}
