import ConferenceModel
import Foundation
import SQLiteDatabase

/// A favorite, for `wwdc favorite list`: the session's id and title, and where it stands with the account.
public struct FavoriteItem: Hashable, Sendable {
    public var sessionID: String
    /// Nil when the session is no longer in the feed.
    public var title: String?
    public var syncState: SyncState
    public var updatedAt: Date
}

/// A feedback given, for `wwdc feedback --list`.
public struct FeedbackItem: Hashable, Sendable {
    public var sessionID: String
    public var title: String?
    public var overall: Int
    public var content: Int?
    public var presentation: Int?
    public var comment: String
    public var syncState: SyncState
}

extension Database {
    /// The favorites, by session id, with their titles.
    public func favoriteList(limit: Int? = nil) throws -> [FavoriteItem] {
        try readAll("""
            SELECT f.session_id, s.title, f.sync_state, f.updated_at FROM favorites f LEFT JOIN sessions s ON s.id = f.session_id
            WHERE f.is_favorite = 1 ORDER BY f.session_id LIMIT ?
            """, [limit ?? -1]) { row in
            FavoriteItem(sessionID: row.text("session_id"), title: row.line("title"),
                         syncState: SyncState(rawValue: row.text("sync_state")) ?? .local, updatedAt: Date(timeIntervalSince1970: row.double("updated_at")))
        }
    }

    /// The feedback given, by session id, with the sessions' titles.
    public func feedbackList() throws -> [FeedbackItem] {
        try readAll("""
            SELECT f.session_id, s.title, f.overall, f.content, f.presentation, f.comment, f.sync_state
            FROM feedback f LEFT JOIN sessions s ON s.id = f.session_id ORDER BY f.session_id
            """) { row in
            FeedbackItem(sessionID: row.text("session_id"), title: row.line("title"), overall: row.int("overall"),
                         content: row.optionalInt("content"), presentation: row.optionalInt("presentation"),
                         comment: row.paragraphs("comment") ?? "", syncState: SyncState(rawValue: row.text("sync_state")) ?? .local)
        }
    }

    /// The id and title of a session, cleaned for printing (messages about it).
    public func sessionLabel(id: String) throws -> (id: String, title: String?) {
        try readOne("SELECT id, title FROM sessions WHERE id = ?", [id]) { ($0.text("id"), $0.line("title")) } ?? (Clean.line(id), nil)
    }
}
