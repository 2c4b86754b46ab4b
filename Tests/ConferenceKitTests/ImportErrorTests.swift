@testable import ConferenceData
@testable import ConferenceMedia
@testable import ConferenceModel
import Foundation
import SQLiteDatabase
import TestTraits
import Testing

@Suite("A bad feed changes nothing", .offThePool)
struct ImportErrorTests {
    /// A store holding a first import, a favorite and sync metadata, and its dump.
    private func populatedStore(in folder: TemporaryFolder) throws -> (ConferenceStore, String) {
        let store = try folder.store()
        _ = try store.apply(SyncBatch(
            contents: .json(TestFeeds.contentsData(sessionCount: 50)),
            news: NewsFeed(items: [NewsItem(id: "n", title: "News")]),
            checkedFeeds: [.init(feed: "contents", etag: "\"v1\""), .init(feed: "news", etag: nil)],
            syncedAt: Date(timeIntervalSince1970: 1000)))
        try store.setFavorite(sessionID: TestFeeds.sessionID(3), true, at: Date(timeIntervalSince1970: 5))
        return (store, try store.dump())
    }

    private static let badDocuments: [(name: String, json: String, kind: FeedError.Kind, where: String)] = [
        ("malformed", #"{"events": [], "contents": [{"id": "a", "eventId": "e", "title": "t"},]}"#, .malformedJSON, "line 1, column 71"),
        ("truncated", #"{"events": [], "contents": [{"id": "a", "eventId": "e", "ti"#, .malformedJSON, "line 1"),
        ("contents not a list", #"{"events": [], "contents": {"a": {"id": "a", "eventId": "e", "title": "t"}}}"#,
         .wrongType, "contents: expected a list but found an object"),
        ("events missing after the items", #"{"contents": [{"id": "a", "eventId": "e", "title": "t"}]}"#, .missingField, "events"),
        ("missing list", #"{"events": []}"#, .missingField, "contents"),
        ("a list at the top", #"[{"id": "a", "eventId": "e", "title": "t"}]"#, .wrongType, "top level"),
        ("trailing comma", #"{"events": [{"id": "e", "name": "E"},], "contents": []}"#, .malformedJSON, "line 1, column 38"),
        ("non-ASCII key", "{\"events\": [], \"contents\": [{\"id\": \"a\", \"eventId\": \"e\", \"title\": \"t\", \"k\u{E9}\": 1}], \"x\": }",
         .malformedJSON, "line 1"),
    ]

    @Test("malformed JSON, a missing or misshapen top-level collection: a clear error, and the store as it was",
          arguments: ImportErrorTests.badDocuments.map(\.name))
    func badContents(name: String) throws {
        let bad = try #require(ImportErrorTests.badDocuments.first { $0.name == name })
        let folder = try TemporaryFolder()
        let (store, before) = try populatedStore(in: folder)
        for attempt in 0..<2 {
            do {
                if attempt == 0 {
                    _ = try store.importContents(json: Data(bad.json.utf8))
                } else {
                    _ = try store.apply(SyncBatch(contents: .json(Data(bad.json.utf8)),
                                                  news: NewsFeed(items: [NewsItem(id: "other", title: "Other")]),
                                                  checkedFeeds: [.init(feed: "contents", etag: "\"v2\"")],
                                                  syncedAt: Date(timeIntervalSince1970: 2000)))
                }
                Issue.record("\(name) must be rejected")
            } catch let error as FeedError {
                #expect(error.kind == bad.kind)
                #expect(error.description.contains(bad.where), "\(error)")
                #expect(error.description.hasPrefix("contents.json"))
                #expect(!error.description.contains("\n"))
            }
            #expect(try store.dump() == before)
        }
    }

    @Test("an unusable item is skipped and the rest lands; the same feed again changes nothing")
    func skippedItemLands() throws {
        let folder = try TemporaryFolder()
        let (store, _) = try populatedStore(in: folder)
        var document = TestFeeds.contents(sessionCount: 50)
        var items = document["contents"] as! [[String: Any]]
        items[7]["title"] = ["not": "text"]
        items[8].removeValue(forKey: "id")
        document["contents"] = items
        let data = try TestFeeds.json(document)
        let report = try store.importContents(json: data)
        #expect(report[.sessions].deleted == 2)
        #expect(try store.count("SELECT count(*) FROM sessions") == 48)
        #expect(try store.count("SELECT count(*) FROM sessions WHERE id = '\(TestFeeds.sessionID(7))'") == 0)
        #expect(try store.importContents(json: data).isEmpty)
    }

    @Test("a database failure in the middle of an import rolls everything back")
    func failureMidImport() throws {
        let folder = try TemporaryFolder()
        let (store, before) = try populatedStore(in: folder)
        let victim = TestFeeds.sessionID(120)
        try store.write { db in
            try db.execute(sql: """
                CREATE TEMP TRIGGER fail_on_victim BEFORE INSERT ON main.sessions
                WHEN NEW.id = '\(victim)' BEGIN SELECT RAISE(ABORT, 'injected failure'); END
                """)
        }
        do {
            _ = try store.importContents(json: TestFeeds.contentsData(sessionCount: 200, variant: 1))
            Issue.record("the trigger must stop the import")
        } catch let error as DatabaseError {
            #expect(error.message == "injected failure")
        }
        #expect(try store.dump() == before)
        // The connection stays usable and the statement cache recovers.
        try store.write { try $0.execute(sql: "DROP TRIGGER temp.fail_on_victim") }
        #expect(try store.importContents(json: TestFeeds.contentsData(sessionCount: 200, variant: 1))[.sessions].inserted == 150)
    }

    @Test("apply saves feeds and ETags together")
    func applyIsAtomic() throws {
        let folder = try TemporaryFolder()
        let (store, _) = try populatedStore(in: folder)
        #expect(try store.syncMetadata(feed: "contents") == SyncMetadata(feed: "contents", etag: "\"v1\"", lastSync: Date(timeIntervalSince1970: 1000)))
        #expect(try store.syncMetadata(feed: "news")?.etag == nil)
        // A 304 for contents: nil feed, new sync time, same ETag.
        let report = try store.apply(SyncBatch(checkedFeeds: [.init(feed: "contents", etag: "\"v1\"")],
                                               syncedAt: Date(timeIntervalSince1970: 3000)))
        #expect(report[.syncMetadata] == ChangeCounts(updated: 1))
        #expect(report.rowsChanged == 1)
        #expect(try store.syncMetadata(feed: "contents")?.lastSync == Date(timeIntervalSince1970: 3000))
        #expect(try store.count("SELECT count(*) FROM sessions") == 50)
        #expect(try store.allSyncMetadata().map(\.feed) == ["contents", "news"])
    }
}
