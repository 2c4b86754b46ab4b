import ConferenceModel
import Foundation
import SQLiteDatabase

extension Database {
    // MARK: Favorites

    /// The favorite row of a session, including an unfavorite waiting for upload.
    public func favorite(sessionID: String) throws -> Favorite? {
        try fetchOne("SELECT \(FavoriteCodec.table.selection) FROM favorites WHERE session_id = ?", [sessionID], FavoriteCodec.item(from:))
    }

    /// Every favorite row, by session identifier; with `onlyFavorites`, rows marked unfavorite are left out.
    public func favorites(onlyFavorites: Bool = true) throws -> [Favorite] {
        let filter = onlyFavorites ? "WHERE is_favorite = 1 " : ""
        return try fetchAll("SELECT \(FavoriteCodec.table.selection) FROM favorites \(filter)ORDER BY session_id", [], FavoriteCodec.item(from:))
    }

    /// Rows whose sync state is `state` (e.g. `.pending`, to upload).
    public func favorites(in state: SyncState) throws -> [Favorite] {
        try fetchAll("SELECT \(FavoriteCodec.table.selection) FROM favorites WHERE sync_state = ? ORDER BY session_id", [state.rawValue],
                     FavoriteCodec.item(from:))
    }

    /// Writes a favorite row as given (insert or replace), its version included: the account's
    /// copy, or a rebuild's restore. Not a change of personal data (`setFavorite` makes one).
    public func saveFavorite(_ favorite: Favorite) throws {
        try FavoriteCodec.table.upsert([favorite], in: self)
    }

    /// Marks or unmarks a session here: a local change, with the next outbox version, written by
    /// the one writer of personal data (`apply`, as ``FavoriteCodec`` says): its row waits for
    /// upload in `syncState` (`.pending`, or `.local` when there is no account to upload it to),
    /// and the change waits in the outbox of personal data, for a sync folder. Unmarking a session
    /// without a row writes none.
    public func setFavorite(sessionID: String, _ isFavorite: Bool, syncState: SyncState = .pending, at date: Date = Date()) throws {
        let favorite = Favorite(sessionID: sessionID, isFavorite: isFavorite, syncState: syncState, updatedAt: date, version: try nextChangeVersion())
        try apply([(.favorite(session: sessionID, isFavorite, version: favorite.version, at: date), .favorite(favorite))])
    }

    /// Changes only the sync state (after an upload); false when the session has no favorite row.
    @discardableResult
    public func setFavoriteSyncState(sessionID: String, _ state: SyncState) throws -> Bool {
        try execute("UPDATE favorites SET sync_state = ? WHERE session_id = ?", [state.rawValue, sessionID])
        return changesCount > 0
    }

    /// Removes the row entirely (e.g. an unfavorite the service has confirmed).
    public func deleteFavorite(sessionID: String) throws {
        try execute("DELETE FROM favorites WHERE session_id = ?", [sessionID])
    }

    // MARK: Feedback

    /// The feedback given on a session.
    public func feedback(sessionID: String) throws -> Feedback? {
        try fetchOne("SELECT \(RatingCodec.table.selection) FROM feedback WHERE session_id = ?", [sessionID], RatingCodec.item(from:))
    }

    /// All feedback, by session identifier; with `state`, only rows in that sync state.
    public func allFeedback(in state: SyncState? = nil) throws -> [Feedback] {
        if let state {
            return try fetchAll("SELECT \(RatingCodec.table.selection) FROM feedback WHERE sync_state = ? ORDER BY session_id",
                                [state.rawValue], RatingCodec.item(from:))
        }
        return try fetchAll("SELECT \(RatingCodec.table.selection) FROM feedback ORDER BY session_id", [], RatingCodec.item(from:))
    }

    /// Writes the feedback of its session, replacing an earlier one but keeping the earlier client
    /// identifier and creation time (the service treats the client identifier as the feedback's identity).
    /// A local change (not `.synced`) takes the next outbox version and is written by the one writer
    /// of personal data (`apply`, as ``RatingCodec`` says), so it also waits in the outbox of
    /// personal data, as your rating, for a sync folder; the service's copy keeps the version given.
    ///
    /// Ratings outside 1...5 fail with `SQLITE_CONSTRAINT_CHECK`.
    public func saveFeedback(_ feedback: Feedback) throws {
        guard feedback.syncState != .synced else {
            try RatingCodec.table.upsert([feedback], in: self)
            return
        }
        var rating = RatingCodec.keeping(try self.feedback(sessionID: feedback.sessionID), in: feedback)
        rating.version = try nextChangeVersion()
        try apply([(.rating(rating, version: rating.version), .rating(rating))])
    }

    /// Changes only the sync state; false when the session has no feedback.
    @discardableResult
    public func setFeedbackSyncState(sessionID: String, _ state: SyncState) throws -> Bool {
        try execute("UPDATE feedback SET sync_state = ? WHERE session_id = ?", [state.rawValue, sessionID])
        return changesCount > 0
    }

    // MARK: Sync metadata

    /// What the last sync recorded for `feed`.
    public func syncMetadata(feed: String) throws -> SyncMetadata? {
        try fetchOne("SELECT feed, etag, last_sync FROM sync_metadata WHERE feed = ?", [feed], Database.syncMetadata(from:))
    }

    /// Every feed's sync metadata, by name.
    public func allSyncMetadata() throws -> [SyncMetadata] {
        try fetchAll("SELECT feed, etag, last_sync FROM sync_metadata ORDER BY feed", [], Database.syncMetadata(from:))
    }

    /// Records a feed's ETag and sync time.
    public func saveSyncMetadata(_ metadata: SyncMetadata) throws {
        try UpsertStatement(self, table: "sync_metadata", key: "feed", columns: [
            StoredColumn("etag", \SyncMetadata.etag),
            StoredColumn("last_sync", \SyncMetadata.lastSync?.timeIntervalSince1970),
        ], update: .always()).write(metadata, key: metadata.feed)
    }

    private static func syncMetadata(from row: Statement) -> SyncMetadata {
        SyncMetadata(feed: row.string("feed") ?? "", etag: row.string("etag"),
                     lastSync: row.optionalDouble("last_sync").map(Date.init(timeIntervalSince1970:)))
    }
}
