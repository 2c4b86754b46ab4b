import CSQLite
import ConferenceData
import ConferenceModel
import Foundation
import SQLiteDatabase
import TestTraits
import Testing

@Suite("Favorites, feedback and sync metadata", .offThePool)
struct UserDataTests {
    @Test("favorites: mark, unmark (kept until synced), sync states, removal")
    func favorites() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        try store.setFavorite(sessionID: "wwdc2017-102", true, syncState: .pending, at: Date(timeIntervalSince1970: 1))
        try store.setFavorite(sessionID: "wwdc2017-230", true, syncState: .local, at: Date(timeIntervalSince1970: 2))
        #expect(try store.favorites().map(\.sessionID) == ["wwdc2017-102", "wwdc2017-230"])

        try store.setFavorite(sessionID: "wwdc2017-102", false, syncState: .pending, at: Date(timeIntervalSince1970: 3))
        #expect(try store.favorites().map(\.sessionID) == ["wwdc2017-230"])
        #expect(try store.favorites(onlyFavorites: false).count == 2)
        #expect(try store.favorite(sessionID: "wwdc2017-102") ==
                Favorite(sessionID: "wwdc2017-102", isFavorite: false, syncState: .pending, updatedAt: Date(timeIntervalSince1970: 3),
                         version: 3))
        let (pending, changed, unknown) = try store.write { db in
            let result = (try db.favorites(in: .pending).map(\.sessionID),
                          try db.setFavoriteSyncState(sessionID: "wwdc2017-102", .synced),
                          try db.setFavoriteSyncState(sessionID: "unknown", .synced))
            try db.deleteFavorite(sessionID: "wwdc2017-102")
            return result
        }
        #expect(pending == ["wwdc2017-102"])
        #expect(changed)
        #expect(!unknown)
        #expect(try store.favorite(sessionID: "wwdc2017-102") == nil)
        #expect(try store.favorite(sessionID: "unknown") == nil)
    }

    @Test("feedback: one per session, ratings 1 to 5, the client identifier and creation time kept on rewrite")
    func feedback() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        let first = Feedback(sessionID: "wwdc2017-102", overall: 4, content: 5, presentation: 3, comment: "Nice ' \"talk\"",
                             syncState: .pending, createdAt: Date(timeIntervalSince1970: 100))
        try store.saveFeedback(first)
        // A local change takes the outbox's next version.
        var saved = first
        saved.version = 1
        #expect(try store.feedback(sessionID: "wwdc2017-102") == saved)

        var edit = Feedback(sessionID: "wwdc2017-102", overall: 2, content: 2, presentation: 2, comment: "Changed my mind",
                            syncState: .pending, createdAt: Date(timeIntervalSince1970: 500))
        edit.updatedAt = Date(timeIntervalSince1970: 600)
        try store.saveFeedback(edit)
        let stored = try #require(try store.feedback(sessionID: "wwdc2017-102"))
        #expect(stored.clientID == first.clientID)
        #expect(stored.createdAt == first.createdAt)
        #expect(stored.updatedAt == Date(timeIntervalSince1970: 600))
        #expect(stored.overall == 2 && stored.comment == "Changed my mind")
        #expect(stored.version == 2)
        #expect(try store.count("SELECT count(*) FROM feedback") == 1)

        for bad in [0, 6, -1] {
            do {
                try store.saveFeedback(Feedback(sessionID: "s\(bad)", overall: bad, content: 3, presentation: 3,
                                                syncState: .local, createdAt: Date()))
                Issue.record("rating \(bad) must be refused")
            } catch let error as DatabaseError {
                #expect(error.extendedCode == SQLITE_CONSTRAINT | (1 << 8))  // SQLITE_CONSTRAINT_CHECK
            }
        }
        #expect(!Feedback(sessionID: "x", overall: 6, content: 1, presentation: 1, syncState: .local, createdAt: Date()).hasValidRatings)
        let (changed, pending, states) = try store.write { db in
            (try db.setFeedbackSyncState(sessionID: "wwdc2017-102", .synced), try db.allFeedback(in: .pending),
             try db.allFeedback().map(\.syncState))
        }
        #expect(changed)
        #expect(pending.isEmpty)
        #expect(states == [.synced])
    }

    @Test("sync metadata: ETag and last sync per feed")
    func syncMetadata() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        try store.write { db in
            try db.saveSyncMetadata(SyncMetadata(feed: "contents", etag: "\"abc\"", lastSync: Date(timeIntervalSince1970: 7)))
            try db.saveSyncMetadata(SyncMetadata(feed: "config"))
        }
        #expect(try store.allSyncMetadata() == [SyncMetadata(feed: "config"),
                                                SyncMetadata(feed: "contents", etag: "\"abc\"", lastSync: Date(timeIntervalSince1970: 7))])
        try store.write { try $0.saveSyncMetadata(SyncMetadata(feed: "contents", etag: nil, lastSync: Date(timeIntervalSince1970: 8))) }
        #expect(try store.syncMetadata(feed: "contents") == SyncMetadata(feed: "contents", lastSync: Date(timeIntervalSince1970: 8)))
    }
}
