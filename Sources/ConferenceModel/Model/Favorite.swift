import Foundation

/// The user's mark on a session, kept by session identifier so it survives the session leaving the feed.
///
/// An unfavorited session keeps its row (`isFavorite == false`) until the removal is synced.
public struct Favorite: Hashable, Sendable {
    public var sessionID: String
    public var isFavorite: Bool
    public var syncState: SyncState
    public var updatedAt: Date
    /// The outbox version of the last local change (0 for none): later changes have higher versions.
    public var version: Int64

    public init(sessionID: String, isFavorite: Bool = true, syncState: SyncState, updatedAt: Date, version: Int64 = 0) {
        self.sessionID = sessionID
        self.isFavorite = isFavorite
        self.syncState = syncState
        self.updatedAt = updatedAt
        self.version = version
    }
}
