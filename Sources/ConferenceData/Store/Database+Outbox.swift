import ConferenceModel
import Foundation
import SQLiteDatabase

/// A local change waiting for upload: a favorite (or its removal), or a feedback.
public enum OutboxEntry: Hashable, Sendable {
    case favorite(Favorite)
    case feedback(Feedback)

    /// The change's outbox version: acknowledged only for this version.
    public var version: Int64 {
        switch self {
        case .favorite(let favorite): favorite.version
        case .feedback(let feedback): feedback.version
        }
    }

    /// The session it is about.
    public var sessionID: String {
        switch self {
        case .favorite(let favorite): favorite.sessionID
        case .feedback(let feedback): feedback.sessionID
        }
    }
}

extension Database {
    /// Takes the next number of the store's change counter: the version of a local change.
    public func nextChangeVersion() throws -> Int64 {
        try fetchOne("UPDATE change_counter SET value = value + 1 WHERE only = 1 RETURNING value") { $0.int64("value") } ?? 0
    }

    /// The first of `count` consecutive versions of the change counter, taken at once.
    func nextChangeVersions(_ count: Int) throws -> Int64 {
        try fetchOne("UPDATE change_counter SET value = value + ? WHERE only = 1 RETURNING value", [count]) { $0.int64("value") - Int64(count) + 1 } ?? 0
    }

    /// The version of the latest local change: a sync's fetched lists are older than any change above it.
    public func changeWatermark() throws -> Int64 {
        try fetchOne("SELECT value FROM change_counter WHERE only = 1") { $0.int64("value") } ?? 0
    }

    /// The store's name as the writer of its changes: made at random the first time it is asked
    /// for (in a write), so every store, a rebuilt one too, writes as its own. The service orders
    /// one writer's changes by their versions.
    public func changeWriter() throws -> String {
        if let writer = try setting("change-writer") { return writer }
        try execute("INSERT INTO settings (key, value) VALUES ('change-writer', ?) ON CONFLICT (key) DO NOTHING",
                    [UUID().uuidString.lowercased()])
        return try setting("change-writer") ?? ""
    }

    /// Gives a pending change a version above `version` (the service's latest of this store for
    /// it: the counter is behind, as in a copy or a backup put back), so the service takes it as
    /// the latest it is. True when the change was still pending as sent.
    public func raiseVersion(of entry: OutboxEntry, above version: Int64) throws -> Bool {
        try execute("UPDATE change_counter SET value = max(value, ?) WHERE only = 1", [version])
        let raised = try nextChangeVersion()
        switch entry {
        case .favorite(let favorite):
            try execute("""
                UPDATE favorites SET version = :raised
                WHERE session_id = :session_id AND version = :sent AND sync_state = 'pending'
                """, named: [":raised": raised, ":session_id": favorite.sessionID, ":sent": favorite.version])
        case .feedback(let feedback):
            try execute("""
                UPDATE feedback SET version = :raised
                WHERE client_id = :client_id AND version = :sent AND sync_state = 'pending'
                """, named: [":raised": raised, ":client_id": feedback.clientID.uuidString.lowercased(), ":sent": feedback.version])
        }
        return changesCount > 0
    }

    /// The changes waiting for upload, oldest first.
    public func outbox() throws -> [OutboxEntry] {
        let favorites = try favorites(in: .pending).map(OutboxEntry.favorite)
        let feedback = try allFeedback(in: .pending).map(OutboxEntry.feedback)
        return (favorites + feedback).sorted { ($0.version, $0.sessionID) < ($1.version, $1.sessionID) }
    }

    /// Records that the service holds `entry`: only if it is still the version sent, so a change made
    /// meanwhile stays pending. True when acknowledged.
    ///
    /// The row takes a new version from the change counter, as a change does: a sync whose lists were
    /// fetched before this moment sees the row as newer than its lists and leaves it alone. An
    /// acknowledged removal stays as a row that is not a favorite for the same reason, until a sync
    /// fetched after it finds the service agreeing.
    @discardableResult
    public func acknowledge(_ entry: OutboxEntry) throws -> Bool {
        let acknowledged = try nextChangeVersion()
        switch entry {
        case .favorite(let favorite):
            try execute("""
                UPDATE favorites SET sync_state = 'synced', version = :acknowledged
                WHERE session_id = :session_id AND version = :sent AND sync_state = 'pending'
                """, named: [":acknowledged": acknowledged, ":session_id": favorite.sessionID, ":sent": favorite.version])
        case .feedback(let feedback):
            try execute("""
                UPDATE feedback SET sync_state = 'synced', version = :acknowledged
                WHERE client_id = :client_id AND version = :sent AND sync_state = 'pending'
                """, named: [":acknowledged": acknowledged, ":client_id": feedback.clientID.uuidString.lowercased(), ":sent": feedback.version])
        }
        return changesCount > 0
    }
}
