import Foundation
import Operations

/// Uploads one favorite (or its removal), already saved in the store as pending.
///
/// It only declares what it needs; the conditions generate the rest of the graph:
///
///     save favorite ── requires ──▶ developer status ── requires ──▶ logged in (login prompt)
///                  └── requires ──▶ cloud access
///
/// On success the favorite is marked synced; otherwise it stays pending for the next sync.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
public final class SaveFavoriteOperation: AdvancedOperation, @unchecked Sendable {
    public let sessionID: String
    public let isFavorite: Bool
    private let session: AccountSession
    private let store: ConferenceStore

    public init(sessionID: String, isFavorite: Bool, session: AccountSession, store: ConferenceStore) {
        self.sessionID = sessionID
        self.isFavorite = isFavorite
        self.session = session
        self.store = store
        super.init()
        name = "save favorite"
        addCondition(DeveloperStatus(session: session))
        addCondition(CloudAccess(session: session))
        addObserver(TimeoutObserver(timeout: session.timeout))
    }

    public override func execute() async throws {
        let client = try session.client()
        let token = try session.token()
        if isFavorite {
            try await client.putFavorite(token: token, sessionID: sessionID)
        } else {
            try await client.deleteFavorite(token: token, sessionID: sessionID)
        }
        // Marked synced only if nobody changed it meanwhile (another command, a sync).
        try store.write { db in
            if let current = try db.favorite(sessionID: sessionID), current.isFavorite == isFavorite, current.syncState == .pending {
                _ = try db.setFavoriteSyncState(sessionID: sessionID, .synced)
            }
        }
    }
}
