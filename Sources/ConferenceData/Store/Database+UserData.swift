import ConferenceModel
import Foundation
import SQLiteDatabase

extension Database {
    // MARK: Favorites

    /// The favorite row of a session, including an unfavorite waiting for upload.
    public func favorite(sessionID: String) throws -> Favorite? {
        try fetchOne("SELECT session_id, is_favorite, sync_state, updated_at, version FROM favorites WHERE session_id = ?",
                     [sessionID], Database.favorite(from:))
    }

    /// Every favorite row, by session identifier; with `onlyFavorites`, rows marked unfavorite are left out.
    public func favorites(onlyFavorites: Bool = true) throws -> [Favorite] {
        let filter = onlyFavorites ? "WHERE is_favorite = 1 " : ""
        return try fetchAll("SELECT session_id, is_favorite, sync_state, updated_at, version FROM favorites \(filter)ORDER BY session_id",
                            [], Database.favorite(from:))
    }

    /// Rows whose sync state is `state` (e.g. `.pending`, to upload).
    public func favorites(in state: SyncState) throws -> [Favorite] {
        try fetchAll("SELECT session_id, is_favorite, sync_state, updated_at, version FROM favorites WHERE sync_state = ? ORDER BY session_id",
                     [state.rawValue], Database.favorite(from:))
    }

    /// Writes a favorite row as given (insert or replace), its version included.
    public func saveFavorite(_ favorite: Favorite) throws {
        try UpsertStatement(self, table: "favorites", key: "session_id", columns: Database.favoriteColumns, update: .always())
            .write(favorite, key: favorite.sessionID)
    }

    /// The columns of a favorite row but its key, `session_id`.
    private static let favoriteColumns: [StoredColumn<Favorite>] = [
        StoredColumn("is_favorite", \.isFavorite),
        StoredColumn("sync_state", \.syncState.rawValue),
        StoredColumn("updated_at", \.updatedAt.timeIntervalSince1970),
        StoredColumn("version", \.version),
    ]

    /// Marks or unmarks a session here: a local change, with the next outbox version, waiting for
    /// upload in `syncState` (`.pending`, or `.local` when there is no account to upload it to).
    /// The change also waits in the outbox of personal data, for a sync folder.
    public func setFavorite(sessionID: String, _ isFavorite: Bool, syncState: SyncState = .pending, at date: Date = Date()) throws {
        let version = try nextChangeVersion()
        try saveFavorite(Favorite(sessionID: sessionID, isFavorite: isFavorite, syncState: syncState, updatedAt: date, version: version))
        try recordChange(.favorite(session: sessionID, isFavorite, version: version, at: date))
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

    private static func favorite(from row: Statement) -> Favorite {
        Favorite(sessionID: row.string("session_id") ?? "", isFavorite: row.int("is_favorite") != 0,
                 syncState: SyncState(rawValue: row.string("sync_state") ?? "") ?? .local,
                 updatedAt: Date(timeIntervalSince1970: row.double("updated_at")), version: row.int64("version"))
    }

    // MARK: Feedback

    private static let feedbackColumns =
        "client_id, session_id, overall, content, presentation, comment, sync_state, created_at, updated_at, version"

    /// The feedback given on a session.
    public func feedback(sessionID: String) throws -> Feedback? {
        try fetchOne("SELECT \(Database.feedbackColumns) FROM feedback WHERE session_id = ?", [sessionID], Database.feedback(from:))
    }

    /// All feedback, by session identifier; with `state`, only rows in that sync state.
    public func allFeedback(in state: SyncState? = nil) throws -> [Feedback] {
        if let state {
            return try fetchAll("SELECT \(Database.feedbackColumns) FROM feedback WHERE sync_state = ? ORDER BY session_id",
                                [state.rawValue], Database.feedback(from:))
        }
        return try fetchAll("SELECT \(Database.feedbackColumns) FROM feedback ORDER BY session_id", [], Database.feedback(from:))
    }

    /// Writes the feedback of its session, replacing an earlier one but keeping the earlier client
    /// identifier and creation time (the service treats the client identifier as the feedback's identity).
    /// A local change (not `.synced`) takes the next outbox version; the service's copy keeps the one given.
    ///
    /// Ratings outside 1...5 fail with `SQLITE_CONSTRAINT_CHECK`.
    /// A local change also waits in the outbox of personal data, as your rating, for a sync folder.
    public func saveFeedback(_ feedback: Feedback) throws {
        var row = feedback
        if feedback.syncState != .synced { row.version = try nextChangeVersion() }
        try writeFeedback(row, update: .always(keeping: ["client_id", "created_at"]))
        if feedback.syncState != .synced, let saved = try self.feedback(sessionID: feedback.sessionID) {
            try recordChange(.rating(saved, version: row.version))
        }
    }

    /// Writes a feedback row as given, its version included; `update` says what becomes of a stored
    /// feedback on the same session.
    func writeFeedback(_ feedback: Feedback, update: UpsertStatement<Feedback>.Update) throws {
        try UpsertStatement(self, table: "feedback", key: "session_id", columns: Database.feedbackWriteColumns, update: update)
            .write(feedback, key: feedback.sessionID)
    }

    /// The columns of a feedback row but its key, `session_id`.
    private static let feedbackWriteColumns: [StoredColumn<Feedback>] = [
        StoredColumn(name: "client_id") { feedback, statement, index in try statement.bind(feedback.clientID.uuidString.lowercased(), at: index) },
        StoredColumn("overall", \.overall),
        StoredColumn("content", \.content),
        StoredColumn("presentation", \.presentation),
        StoredColumn("comment", \.comment),
        StoredColumn("sync_state", \.syncState.rawValue),
        StoredColumn("created_at", \.createdAt.timeIntervalSince1970),
        StoredColumn("updated_at", \.updatedAt.timeIntervalSince1970),
        StoredColumn("version", \.version),
    ]

    /// Changes only the sync state; false when the session has no feedback.
    @discardableResult
    public func setFeedbackSyncState(sessionID: String, _ state: SyncState) throws -> Bool {
        try execute("UPDATE feedback SET sync_state = ? WHERE session_id = ?", [state.rawValue, sessionID])
        return changesCount > 0
    }

    private static func feedback(from row: Statement) -> Feedback {
        Feedback(clientID: UUID(uuidString: row.string("client_id") ?? "") ?? UUID(), sessionID: row.string("session_id") ?? "",
                 overall: row.int("overall"), content: row.optionalInt("content"), presentation: row.optionalInt("presentation"),
                 comment: row.string("comment") ?? "", syncState: SyncState(rawValue: row.string("sync_state") ?? "") ?? .local,
                 createdAt: Date(timeIntervalSince1970: row.double("created_at")),
                 updatedAt: Date(timeIntervalSince1970: row.double("updated_at")), version: row.int64("version"))
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
