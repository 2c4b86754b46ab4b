@testable import ConferenceData
@testable import ConferenceModel
@testable import ConferenceSync
import Foundation
import TestTraits
import Testing

/// The outbox's versions: what an upload acknowledges, and what a sync's merge may overwrite.
@Suite("the outbox", .offThePool)
struct OutboxTests {
    private let date = Date(timeIntervalSince1970: 1_000)

    private func remote(_ ids: String...) -> [AccountClient.RemoteFavorite] {
        ids.map { AccountClient.RemoteFavorite(sessionId: $0, updatedAt: nil) }
    }

    @Test("an upload is acknowledged only for the version it sent: a later change stays pending")
    func acknowledgedOnlyForTheVersionSent() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        try store.setFavorite(sessionID: "a", true, syncState: .pending, at: date)
        let sent = try #require(try store.read { try $0.outbox() }.first)
        // Removed while the add was on its way.
        try store.setFavorite(sessionID: "a", false, syncState: .pending, at: date)
        #expect(try store.write { try $0.acknowledge(sent) } == false)
        let outbox = try store.read { try $0.outbox() }
        #expect(outbox.count == 1)
        guard case .favorite(let removal)? = outbox.first else { Issue.record("no removal pending"); return }
        #expect(!removal.isFavorite)
        #expect(try store.write { try $0.acknowledge(outbox[0]) })
        #expect(try store.read { try $0.outbox() }.isEmpty)
        #expect(try store.favorites().isEmpty)
    }

    @Test("a sync's lists fetched before another process acknowledged a removal never bring the favorite back")
    func mergeAfterAcknowledgedRemoval() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        try store.write { try $0.saveFavorite(Favorite(sessionID: "a", isFavorite: true, syncState: .synced, updatedAt: self.date)) }
        // The removal is made and pending when the sync records its watermark and fetches the list,
        // which still holds "a"; another process uploads the removal before the sync saves.
        try store.setFavorite(sessionID: "a", false, syncState: .pending, at: date)
        let watermark = try store.read { try $0.changeWatermark() }
        let removal = try #require(try store.read { try $0.outbox() }.first)
        #expect(try store.write { try $0.acknowledge(removal) })
        _ = try store.write { try $0.mergeFavorites(remote: remote("a"), watermark: watermark, at: date) }
        #expect(try store.favorites().isEmpty)

        // A later sync's list, fetched after the removal, agrees: the leftover row goes.
        let later = try store.read { try $0.changeWatermark() }
        let counts = try store.write { try $0.mergeFavorites(remote: remote(), watermark: later, at: date) }
        #expect(counts.deleted == 0, "it was not a favorite here any more")
        #expect(try store.favorites(onlyFavorites: false).isEmpty)
    }

    @Test("a sync's lists fetched before another process acknowledged an add never drop the favorite")
    func mergeAfterAcknowledgedAdd() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        try store.setFavorite(sessionID: "a", true, syncState: .pending, at: date)
        let watermark = try store.read { try $0.changeWatermark() }
        let add = try #require(try store.read { try $0.outbox() }.first)
        #expect(try store.write { try $0.acknowledge(add) })
        _ = try store.write { try $0.mergeFavorites(remote: remote(), watermark: watermark, at: date) }
        #expect(try store.favorites().map(\.sessionID) == ["a"])
    }

    @Test("what was settled before the fetch follows the service: removed and added elsewhere")
    func settledRowsFollowTheService() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        try store.write { db in
            try db.saveFavorite(Favorite(sessionID: "kept", isFavorite: true, syncState: .synced, updatedAt: self.date))
            try db.saveFavorite(Favorite(sessionID: "gone", isFavorite: true, syncState: .synced, updatedAt: self.date))
        }
        let watermark = try store.read { try $0.changeWatermark() }
        let counts = try store.write { try $0.mergeFavorites(remote: remote("kept", "new"), watermark: watermark, at: date) }
        #expect(counts.deleted == 1 && counts.inserted == 1)
        #expect(try store.favorites().map(\.sessionID) == ["kept", "new"])
    }

    @Test("feedback acknowledged after the fetch is not replaced by the service's older copy")
    func feedbackAcknowledgedAfterFetch() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        let mine = Feedback(sessionID: "a", overall: 5, content: nil, presentation: nil, comment: "mine", syncState: .pending, createdAt: date)
        try store.saveFeedback(mine)
        let watermark = try store.read { try $0.changeWatermark() }
        let entry = try #require(try store.read { try $0.outbox() }.first)
        #expect(try store.write { try $0.acknowledge(entry) })
        let older = AccountClient.RemoteFeedback(id: UUID().uuidString.lowercased(), sessionId: "a", overall: 1,
                                                 content: nil, presentation: nil, comment: "older")
        _ = try store.write { try $0.mergeFeedback(remote: [older], watermark: watermark, at: date) }
        #expect(try store.feedback(sessionID: "a")?.comment == "mine")
    }
}
