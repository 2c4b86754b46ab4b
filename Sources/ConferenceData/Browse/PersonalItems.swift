import ConferenceModel
import Foundation
import JSON
import SQLiteDatabase

/// A video the user is in the middle of, for `continue`.
public struct ContinueItem: Hashable, Sendable {
    public var sessionID: String
    /// Nil when the session is no longer in the feed.
    public var title: String?
    /// Seconds; nil when the player could not say.
    public var position: Double?
    public var duration: Double?
    public var updatedAt: Date
    /// Its page on Apple's site (nil when it has none, or is no longer in the feed).
    public var link: SessionLink? = nil

    /// The share watched, 0 to 1; nil when unknown.
    public var progress: Double? {
        guard let position, let duration, duration > 0 else { return nil }
        return min(max(position / duration, 0), 1)
    }
}

/// A bookmark with its session's title and its number among the session's bookmarks.
public struct BookmarkItem: Hashable, Sendable {
    public var sessionID: String
    public var title: String?
    /// 1 up, in time order within the session.
    public var number: Int
    public var time: Double
    /// Cleaned for printing, on one line.
    public var note: String
    public var createdAt: Date
    /// Its session's page on Apple's site (nil when it has none, or is no longer in the feed).
    public var link: SessionLink? = nil
}

/// What the user keeps of one session: progress, bookmarks and note, cleaned for printing.
public struct PersonalRecord: Hashable, Sendable {
    public var progress: WatchProgress?
    public var bookmarks: [BookmarkItem]
    /// Cleaned, its paragraphs kept.
    public var note: SessionNote?
}

extension ContinueItem {
    /// A video you are in the middle of: `continue --json` and the assistant's `continue_watching`.
    public static let document = DocumentShape<ContinueItem>([
        .string("id", "the session's id", \.sessionID),
        .string("title", "its title; null when the session is no longer in the schedule", \.title),
        .number("position", "where you stopped, in seconds; null when the player could not say", \.position),
        .number("duration", "the video's length in seconds; null when unknown", \.duration),
        .number("progress", "how far you got, 0 to 1; null when the position or the length is unknown", \.progress),
        .date("updatedAt", "when you last played it", \.updatedAt),
        DocumentField("command", .string, nullable: true, "the command that plays it from there") { item, context in
            JSONValue(context.commands.play(item.sessionID, item.position))
        }.only(.assistant),
        SessionLink.field { item in (item.link, item.position) },
    ])
}

extension BookmarkItem {
    /// A bookmark: `bookmark list --json` and the assistant's `list_bookmarks` (a session's own,
    /// without its id and title, in its document).
    public static let document = DocumentShape<BookmarkItem>([
        .string("id", "the session's id", \.sessionID),
        .string("title", "its title; null when the session is no longer in the schedule", \.title),
        .integer("number", "the bookmark's place among its session's, from 1, in time order", \.number),
        .number("time", "its moment, in seconds into the video", \.time),
        .string("note", "its note", \.note),
        .date("createdAt", "when it was made", \.createdAt),
        DocumentField("command", .string, nullable: true, "the command that plays the video from there") { item, context in
            JSONValue(context.commands.play(item.sessionID, item.time))
        }.only(.assistant),
        SessionLink.field { item in (item.link, item.time) },
    ])
}

extension Database {
    /// The videos the user is in the middle of (started, not watched), most recent first.
    public func continueWatching(limit: Int? = nil) throws -> [ContinueItem] {
        try readAll(literal: Database.continueWatchingStatement(limit: limit)) { row in
            ContinueItem(sessionID: row.text("session_id"), title: row.line("title"), position: row.optionalDouble("position"),
                         duration: row.optionalDouble("duration"), updatedAt: Date(timeIntervalSince1970: row.double("updated_at")),
                         link: SessionLink.read(row))
        }
    }

    /// The statement `continueWatching(limit:)` runs.
    public static func continueWatchingStatement(limit: Int? = nil) -> SQL {
        """
        SELECT p.session_id, s.title, p.position, p.duration, p.updated_at, \(SessionLink.columns)
        FROM watch_progress p LEFT JOIN sessions s ON s.id = p.session_id
        WHERE p.watched = 0 ORDER BY p.updated_at DESC, p.session_id LIMIT \(limit ?? -1)
        """
    }

    /// The bookmarks of a session, or of every session (by session id) when nil; each session's in time order.
    public func bookmarkList(sessionID: String? = nil, limit: Int? = nil) throws -> [BookmarkItem] {
        let filter: SQL = sessionID.map { "WHERE b.session_id = \($0)" } ?? ""
        return try readAll(literal: """
            SELECT b.session_id, s.title, b.time, b.note, b.created_at, \(SessionLink.columns),
                   row_number() OVER (PARTITION BY b.session_id ORDER BY b.time, b.created_at, b.id) AS number
            FROM bookmarks b LEFT JOIN sessions s ON s.id = b.session_id
            \(filter)
            ORDER BY b.session_id, number
            LIMIT \(limit ?? -1)
            """) { row in
            BookmarkItem(sessionID: row.text("session_id"), title: row.line("title"), number: row.int("number"), time: row.double("time"),
                         note: row.line("note") ?? "", createdAt: Date(timeIntervalSince1970: row.double("created_at")), link: SessionLink.read(row))
        }
    }

    /// A session's progress, bookmarks and note, cleaned for printing.
    public func personalRecord(sessionID: String) throws -> PersonalRecord {
        let note = try readOne("SELECT session_id, text, updated_at FROM notes WHERE session_id = ?", [sessionID]) { row in
            SessionNote(sessionID: row.text("session_id"), text: row.paragraphs("text") ?? "",
                        updatedAt: Date(timeIntervalSince1970: row.double("updated_at")))
        }
        return PersonalRecord(progress: try watchProgress(sessionID: sessionID), bookmarks: try bookmarkList(sessionID: sessionID), note: note)
    }

    /// The marks of the sessions among `sessionIDs` that were played.
    public func watchMarks(sessionIDs: [String]) throws -> [String: WatchMark] {
        let unique = Array(Set(sessionIDs))
        guard !unique.isEmpty else { return [:] }
        let pairs = try readAll(literal: """
            SELECT p.session_id, \(WatchMark.columns) FROM watch_progress p WHERE p.session_id IN (\(list: unique))
            """) { row in (row.text("session_id"), WatchMark.read(row)) }
        return Dictionary(pairs.compactMap { id, mark in mark.map { (id, $0) } }, uniquingKeysWith: { first, _ in first })
    }
}
