import ConferenceData
import ConferenceModel
import Foundation
import SQLiteDatabase

// The save step's merge of the account's lists with the user's rows here. A change made here and not
// yet uploaded (pending) wins over the service's copy, and so does any change made after the lists
// were fetched (its version is above the watermark the fetch recorded): the merge never undoes what
// another command did meanwhile.
extension Database {
    /// Merges the service's favorites; `remote` nil means the list was not fetched.
    func mergeFavorites(remote: [AccountClient.RemoteFavorite]?, watermark: Int64, at date: Date) throws -> ChangeCounts {
        var counts = ChangeCounts()
        guard let remote else { return counts }
        let remoteIDs = Set(remote.map(\.sessionId))
        var local: [String: Favorite] = [:]
        for favorite in try favorites(onlyFavorites: false) { local[favorite.sessionID] = favorite }
        /// Whether the service's copy may replace this row.
        func settled(_ favorite: Favorite) -> Bool { favorite.syncState != .pending && favorite.version <= watermark }
        for favorite in local.values where settled(favorite) && !remoteIDs.contains(favorite.sessionID) {
            // Removed elsewhere, or a removal from here that the service now agrees with.
            try deleteFavorite(sessionID: favorite.sessionID)
            if favorite.isFavorite { counts.deleted += 1 }
        }
        for sessionID in remoteIDs.sorted() {
            if let existing = local[sessionID] {
                guard settled(existing), !existing.isFavorite || existing.syncState != .synced else { continue }
                try saveFavorite(Favorite(sessionID: sessionID, isFavorite: true, syncState: .synced, updatedAt: date, version: existing.version))
                counts.updated += 1
            } else {
                try saveFavorite(Favorite(sessionID: sessionID, isFavorite: true, syncState: .synced, updatedAt: date))
                counts.inserted += 1
            }
        }
        return counts
    }

    /// Merges the service's feedback; `remote` nil means the list was not fetched.
    func mergeFeedback(remote: [AccountClient.RemoteFeedback]?, watermark: Int64, at date: Date) throws -> ChangeCounts {
        var counts = ChangeCounts()
        guard let remote else { return counts }
        let stars = 1...5
        for item in remote {
            // Ratings are one to five stars: an item with another number is the service's mistake, left out.
            guard let clientID = UUID(uuidString: item.id), stars.contains(item.overall),
                  item.content.map(stars.contains) ?? true, item.presentation.map(stars.contains) ?? true else { continue }
            let existing = try feedback(sessionID: item.sessionId)
            if let existing {
                if existing.syncState == .pending || existing.version > watermark { continue }
                if existing.clientID == clientID, existing.syncState == .synced, existing.overall == item.overall,
                   existing.content == item.content, existing.presentation == item.presentation, existing.comment == item.comment {
                    continue
                }
            }
            try saveFeedback(Feedback(clientID: clientID, sessionID: item.sessionId, overall: item.overall,
                                      content: item.content, presentation: item.presentation, comment: item.comment,
                                      syncState: .synced, createdAt: existing?.createdAt ?? date, updatedAt: date,
                                      version: existing?.version ?? 0))
            if existing == nil { counts.inserted += 1 } else { counts.updated += 1 }
        }
        return counts
    }
}
