import Foundation

/// The user's mark on a session, kept by session identifier so it survives the session leaving the feed.
///
/// An unfavorited session keeps its row (`isFavorite == false`) until the removal is synced.
public struct Favorite: Hashable, Sendable {
    public var sessionID: String
    public var isFavorite: Bool
    public var syncState: SyncState
    public var updatedAt: Date

    public init(sessionID: String, isFavorite: Bool = true, syncState: SyncState, updatedAt: Date) {
        self.sessionID = sessionID
        self.isFavorite = isFavorite
        self.syncState = syncState
        self.updatedAt = updatedAt
    }
}
