@testable import ConferenceData
import Foundation
import SQLiteDatabase
import TestTraits
import Testing

/// What a save compares before and after writing: a store that held sessions is read again and its
/// new sessions listed; a first sync's empty store is not read again, since nothing is listed then.
@Suite("what's new: the snapshot a save compares", .offThePool)
struct WhatsNewSnapshotTests {
    @Test("a store that held sessions is read again inside the transaction: the sessions written since are listed")
    func readsAgainWhenSomethingWasThere() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        _ = try store.importContents(json: try TestFeeds.contentsData(sessionCount: 3))
        let found = try store.write { db in
            let before = try WhatsNewSnapshot(db)
            _ = try db.importContents(json: try TestFeeds.contentsData(sessionCount: 5))
            return try before.changes(in: db)
        }
        #expect((found.sessions + found.videos).map(\.id).sorted() == (3..<5).map(TestFeeds.sessionID).sorted())
    }

    @Test("a first sync lists nothing and does not read the store again (a store that cannot be read is not an error then)")
    func firstSyncReadsNothingMore() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        try store.write { db in
            let before = try WhatsNewSnapshot(db)
            #expect(before.sessions.isEmpty)
            _ = try db.importContents(json: try TestFeeds.contentsData(sessionCount: 5))
            // Reading the sessions now would fail: only a snapshot that does not read them succeeds.
            try db.execute(sql: "ALTER TABLE sessions RENAME TO sessions_elsewhere")
            #expect(throws: (any Error).self) { try WhatsNewSnapshot(db) }
            let found = try before.changes(in: db)
            #expect(found.sessions.isEmpty && found.videos.isEmpty && found.news.isEmpty && found.favoritesChanged.isEmpty)
            try db.execute(sql: "ALTER TABLE sessions_elsewhere RENAME TO sessions")
        }
    }
}
