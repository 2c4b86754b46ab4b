import ConferenceModel
import Foundation
import JSON
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

extension FavoriteItem {
    /// A favorite: `favorite list --json` and the assistant's `list_favorites`.
    public static let document = DocumentShape<FavoriteItem>([
        .string("id", "the session's id", \.sessionID),
        .string("title", "its title; null when the session is no longer in the schedule", \.title),
        .string("syncState", "the account service's state: local, pending or synced", \.syncState.rawValue),
        DocumentField("stands", .string, nullable: true, "where it stands: here only; else sent to the service, in the sync folder, waiting for the service or waiting for the sync folder, joined by commas for each place it goes") { item, context in
            JSONValue(context.standing(.favorite, item.sessionID, item.syncState))
        }.only(.commandLine),
        .date("updatedAt", "when it last changed", \.updatedAt),
    ])
}

extension FeedbackItem {
    /// A feedback given: `feedback --list --json`.
    public static let document = DocumentShape<FeedbackItem>([
        .string("id", "the session's id", \.sessionID),
        .string("title", "its title; null when the session is no longer in the schedule", \.title),
        .integer("overall", "the overall rating, 1 to 5", \.overall),
        .integer("content", "the content's rating, 1 to 5; null when not rated", \.content),
        .integer("presentation", "the presentation's rating, 1 to 5; null when not rated", \.presentation),
        .string("comment", "the comment", \.comment),
        .string("syncState", "the account service's state: local, pending or synced", \.syncState.rawValue),
        DocumentField("stands", .string, nullable: true, "where it stands, as a favorite's does") { item, context in
            JSONValue(context.standing(.rating, item.sessionID, item.syncState))
        }.only(.commandLine),
    ])
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
