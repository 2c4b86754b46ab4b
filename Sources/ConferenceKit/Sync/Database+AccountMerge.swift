import Foundation

// The save step's merge of the account's lists with the user's rows here. A change made here and not
// yet uploaded (pending) wins over the service's copy; what this sync uploaded becomes synced.
extension Database {
    /// Merges the service's favorites; `remote` nil means the list was not fetched.
    func mergeFavorites(remote: [AccountClient.RemoteFavorite]?, uploaded: [String: Bool], at date: Date) throws -> ChangeCounts {
        var counts = ChangeCounts()
        for (sessionID, isFavorite) in uploaded {
            guard let current = try favorite(sessionID: sessionID), current.syncState == .pending,
                  current.isFavorite == isFavorite else { continue }
            if isFavorite {
                _ = try setFavoriteSyncState(sessionID: sessionID, .synced)
                counts.updated += 1
            } else {
                try deleteFavorite(sessionID: sessionID)
                counts.deleted += 1
            }
        }
        guard let remote else { return counts }
        let remoteIDs = Set(remote.map(\.sessionId))
        var local: [String: Favorite] = [:]
        for favorite in try favorites(onlyFavorites: false) { local[favorite.sessionID] = favorite }
        for favorite in local.values where favorite.syncState != .pending && !remoteIDs.contains(favorite.sessionID) {
            // Removed elsewhere.
            try deleteFavorite(sessionID: favorite.sessionID)
            counts.deleted += 1
        }
        for sessionID in remoteIDs.sorted() {
            if let existing = local[sessionID] {
                guard existing.syncState != .pending, !existing.isFavorite || existing.syncState != .synced else { continue }
                try saveFavorite(Favorite(sessionID: sessionID, isFavorite: true, syncState: .synced, updatedAt: date))
                counts.updated += 1
            } else {
                try saveFavorite(Favorite(sessionID: sessionID, isFavorite: true, syncState: .synced, updatedAt: date))
                counts.inserted += 1
            }
        }
        return counts
    }

    /// Merges the service's feedback; `remote` nil means the list was not fetched.
    func mergeFeedback(remote: [AccountClient.RemoteFeedback]?, uploaded: Set<UUID>, at date: Date) throws -> ChangeCounts {
        var counts = ChangeCounts()
        for item in try allFeedback(in: .pending) where uploaded.contains(item.clientID) {
            _ = try setFeedbackSyncState(sessionID: item.sessionID, .synced)
            counts.updated += 1
        }
        guard let remote else { return counts }
        for item in remote {
            guard let clientID = UUID(uuidString: item.id) else { continue }
            let existing = try feedback(sessionID: item.sessionId)
            if let existing, existing.syncState == .pending || existing.clientID == clientID && existing.syncState == .synced
                && existing.overall == item.overall && existing.comment == item.comment {
                continue
            }
            try saveFeedback(Feedback(clientID: clientID, sessionID: item.sessionId, overall: item.overall,
                                      content: item.content, presentation: item.presentation,
                                      comment: item.comment, syncState: .synced, createdAt: existing?.createdAt ?? date, updatedAt: date))
            if existing == nil { counts.inserted += 1 } else { counts.updated += 1 }
        }
        return counts
    }
}
