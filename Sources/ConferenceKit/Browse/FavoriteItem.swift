import Foundation

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
            FavoriteItem(sessionID: row.text(0), title: row.line(1), syncState: SyncState(rawValue: row.text(2)) ?? .local,
                         updatedAt: Date(timeIntervalSince1970: row.double(3)))
        }
    }

    /// The feedback given, by session id, with the sessions' titles.
    public func feedbackList() throws -> [FeedbackItem] {
        try readAll("""
            SELECT f.session_id, s.title, f.overall, f.content, f.presentation, f.comment, f.sync_state
            FROM feedback f LEFT JOIN sessions s ON s.id = f.session_id ORDER BY f.session_id
            """) { row in
            FeedbackItem(sessionID: row.text(0), title: row.line(1), overall: row.int(2), content: row.optionalInt(3),
                         presentation: row.optionalInt(4), comment: row.paragraphs(5) ?? "",
                         syncState: SyncState(rawValue: row.text(6)) ?? .local)
        }
    }

    /// The id and title of a session, cleaned for printing (messages about it).
    public func sessionLabel(id: String) throws -> (id: String, title: String?) {
        try readOne("SELECT id, title FROM sessions WHERE id = ?", [id]) { ($0.text(0), $0.line(1)) } ?? (Clean.line(id), nil)
    }
}
