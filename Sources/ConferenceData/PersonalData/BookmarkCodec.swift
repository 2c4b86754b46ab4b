import ConferenceModel
import Foundation
import JSON
import SQLiteDatabase

/// A bookmark, keyed by its own id (a UUID made where it was made):
/// `{"created":…,"note":…,"session":…,"time":…}`, kept in `bookmarks` (whose triggers keep the
/// personal search index). A change rewrites the row; a removal deletes it.
enum BookmarkCodec: PersonalCodec {
    struct Value: PersonalValue {
        var session: String
        var time: Double
        var note: String
        var created: Double

        init(session: String, time: Double, note: String, created: Double) {
            self.session = session
            self.time = time
            self.note = note
            self.created = created
        }

        static let memberNames = ["session", "time", "note", "created"]

        init?(members object: PersonalMembers) {
            guard case .string(let session)? = object["session"], let time = object["time"]?.numberValue,
                  case .string(let note)? = object["note"], let created = object["created"]?.numberValue else { return nil }
            self.init(session: session, time: time, note: note, created: created)
        }
    }

    static let kind = PersonalKind.bookmark
    static let key: @Sendable (Bookmark) -> String = \.id

    static func value(of bookmark: Bookmark) -> Value? {
        Value(session: bookmark.sessionID, time: bookmark.time, note: bookmark.note, created: bookmark.createdAt.timeIntervalSince1970)
    }

    /// Nil when its time is out of a video's range, or its date out of a date's.
    static func item(_ value: Value, of change: PersonalChange) -> Bookmark? {
        guard FeedRange.videoSeconds.contains(value.time), FeedRange.dateSeconds.contains(value.created) else { return nil }
        return Bookmark(id: change.key, sessionID: value.session, time: value.time, note: value.note,
                        createdAt: Date(timeIntervalSince1970: value.created))
    }

    /// Its session is an ``ItemID``: the session's id reaches the commands it prints.
    static func isUsable(_ bookmark: Bookmark) -> Bool { ItemID.isUsable(bookmark.sessionID) }

    static let table = StoredTable<Bookmark>("bookmarks", key: [StoredColumn("id", key)], columns: [
        StoredColumn("session_id", \.sessionID),
        StoredColumn("time", \.time),
        StoredColumn("note", \.note),
        StoredColumn("created_at", \.createdAt.timeIntervalSince1970),
    ])

    static func item(from row: Statement) -> Bookmark {
        Bookmark(id: row.string("id") ?? "", sessionID: row.string("session_id") ?? "", time: row.double("time"),
                 note: row.string("note") ?? "", createdAt: Date(timeIntervalSince1970: row.double("created_at")))
    }

    static func content(_ bookmark: Bookmark) -> PersonalChange.Content { .bookmark(bookmark) }

    static func item(in content: PersonalChange.Content) -> Bookmark? {
        if case .bookmark(let bookmark) = content { bookmark } else { nil }
    }
}
