@testable import ConferenceData
@testable import ConferenceModel
@testable import PersonalSync
import Foundation
import Operations
import TestTraits
import Testing

/// Watch progress, bookmarks and notes in the store: the watched rule, the one change record every
/// edit becomes (versions, tombstones, kinds this program does not know), and the operation that
/// saves an edit and then pushes it to each backend.
@Suite("personal data in the store", .offThePool)
struct PersonalDataTests {
    private let date = Date(timeIntervalSince1970: 1_000_000)

    @Test("a position within the last 5 % or within the last 30 s, or past the end, counts as watched")
    func watchedRule() {
        func watched(_ position: Double, of duration: Double?) -> Bool {
            WatchProgress.recording(sessionID: "a", position: position, duration: duration, at: date).watched
        }
        // 1000 s: 5 % is 50 s.
        #expect(!watched(949, of: 1000))
        #expect(watched(950, of: 1000))
        // An hour: the last 3 minutes.
        #expect(!watched(3419, of: 3600))
        #expect(watched(3420, of: 3600))
        // Five minutes: the last 30 s (5 % would be 15 s).
        #expect(!watched(269, of: 300))
        #expect(watched(270, of: 300))
        #expect(watched(4000, of: 3600))
        #expect(!watched(1_000_000, of: nil))
        let done = WatchProgress.recording(sessionID: "a", position: 999, duration: 1000, at: date)
        #expect(done.position == nil, "a watched video starts over")
        #expect(WatchProgress.recording(sessionID: "a", position: -5, duration: 1000, at: date).position == 0)
    }

    @Test("every edit is one versioned change, in the counter favorites use; asking again writes nothing; removals are tombstones")
    func changeRecord() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        try store.setFavorite(sessionID: "f", true, at: date)
        let favoriteVersion = try store.read { try $0.changeWatermark() }
        _ = try store.write { try $0.edit(.markWatched(["a"]), at: self.date) }
        _ = try store.write { try $0.edit(.setNote(session: "b", text: "hello"), at: self.date) }
        let added = try store.write { try $0.edit(.addBookmark(session: "c", time: 60, note: "x"), at: self.date) }
        let bookmarkID = try #require(added.first?.bookmark?.bookmark.id)
        let changes = try store.read { try $0.personalChanges(after: favoriteVersion) }
        #expect(changes.map(\.kind) == [.progress, .note, .bookmark])
        #expect(try store.read { try $0.personalChange(.favorite, key: "f") }?.version == favoriteVersion, "a favorite is a personal change too")
        #expect(changes.map(\.version) == [favoriteVersion + 1, favoriteVersion + 2, favoriteVersion + 3])

        // Already so: no new version.
        let again = try store.write { try $0.edit(.markWatched(["a"]), at: self.date) }
        #expect(again.map(\.changed) == [false])
        #expect(try store.read { try $0.changeWatermark() } == favoriteVersion + 3)

        _ = try store.write { try $0.edit(.markUnwatched(["a"]), at: self.date) }
        _ = try store.write { try $0.edit(.clearNote(session: "b"), at: self.date) }
        _ = try store.write { try $0.edit(.removeBookmark(session: "c", number: 1), at: self.date) }
        let later = try store.read { try $0.personalChanges(after: favoriteVersion + 3) }
        #expect(later.map { "\($0.kind.rawValue) \($0.key) \($0.isTombstone)" } == ["progress a true", "note b true", "bookmark \(bookmarkID) true"])
        #expect(try store.read { db in (try db.allWatchProgress().count, try db.storedNotes().count, try db.storedBookmarks().count) }
                == (0, 0, 0))
        // One row per item: the latest change.
        #expect(try store.read { try $0.personalChanges(after: favoriteVersion) }.count == 3)
    }

    @Test("a change from elsewhere is applied by the same writer; an unknown kind is kept as it came and touches no table")
    func applyingChanges() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        let progress = WatchProgress(sessionID: "a", position: 12.5, duration: 100, watched: false, updatedAt: date)
        let bookmark = Bookmark(id: "b-1", sessionID: "a", time: 30, note: "n", createdAt: date)
        let unknown = PersonalChange(kind: PersonalKind(rawValue: "rating"), key: "a", value: #"{"stars":5}"#, version: 9, changedAt: date)
        try store.write { db in
            try db.apply(.progress(progress, version: 7))
            try db.apply(.bookmark(bookmark, version: 8, at: self.date))
            try db.apply(unknown)
        }
        #expect(try store.read { try $0.watchProgress(sessionID: "a") } == progress)
        #expect(try store.read { try $0.storedBookmarks(sessionID: "a") } == [bookmark])
        #expect(try store.read { try $0.personalChange(PersonalKind(rawValue: "rating"), key: "a") } == unknown)
        // A value this program cannot read is kept, and leaves the table as it was.
        let unreadable = PersonalChange(kind: .progress, key: "a", value: "{not json", version: 10, changedAt: date)
        try store.write { try $0.apply(unreadable) }
        #expect(try store.read { try $0.watchProgress(sessionID: "a") } == progress)
        #expect(try store.read { try $0.personalChange(.progress, key: "a") } == unreadable)
    }

    /// A backend whose push fails, as an unreachable folder would.
    struct FailingBackend: PersonalDataBackend {
        struct Unreachable: Error {}
        let pushes: Locked<Int>
        var name: String { "the test folder" }
        func makePush(store: ConferenceStore) -> AdvancedOperation {
            ClosureOperation(name: "push") { [pushes] in
                pushes.withLock { $0 += 1 }
                throw Unreachable()
            }
        }
    }

    @Test("the operation saves the edit here, then runs each backend's push; a failed push is reported, not raised, and the change stays")
    func operationPushes() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        let pushes = Locked(0)
        let operation = ChangePersonalDataOperation(edit: .setNote(session: "a", text: "kept"), store: store, at: date,
                                                    backends: [FailingBackend(pushes: pushes)])
        let errors = AdvancedOperationQueue().run([operation])
        #expect(errors.isEmpty, "\(errors)")
        #expect(pushes.withLock { $0 } == 1)
        #expect(operation.pushFailures.map(\.backend) == ["the test folder"])
        #expect(operation.results.map(\.changed) == [true])
        #expect(try store.read { try $0.storedNote(sessionID: "a")?.text } == "kept")

        // A failed save runs no push.
        let failing = ChangePersonalDataOperation(edit: .removeBookmark(session: "a", number: 1), store: store, at: date,
                                                  backends: [FailingBackend(pushes: pushes)])
        let saveErrors = AdvancedOperationQueue().run([failing])
        #expect(saveErrors.contains { ($0 as? PersonalDataError) == .noSuchBookmark(session: "a", number: 1, count: 0) }, "\(saveErrors)")
        #expect(pushes.withLock { $0 } == 1)
    }
}
