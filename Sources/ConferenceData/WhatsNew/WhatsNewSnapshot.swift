import ConferenceModel
import SQLiteDatabase

/// What the store holds that a sync compares before and after saving: every session (with whether
/// it has a video), every news item, and when and where each favorite takes place.
public struct WhatsNewSnapshot: Sendable {
    public struct Session: Sendable {
        var title: String
        var isNews: Bool
        var hasVideo: Bool
    }

    /// When and where a favorite takes place; nil fields when it is not scheduled.
    struct Slot: Sendable, Equatable {
        var start: Double?
        var end: Double?
        var roomID: Int?
    }

    var sessions: [String: Session]
    var news: [String: String]
    var favorites: [String: Slot]

    /// Reads it, inside the save's transaction.
    public init(_ db: Database) throws {
        var sessions: [String: Session] = [:]
        for (id, session) in try db.readAll("""
            SELECT s.id, s.title, s.event_id = 'news' AS is_news,
                   (v.hls IS NOT NULL OR v.download_hd IS NOT NULL OR v.download_sd IS NOT NULL) AS has_video
            FROM sessions s LEFT JOIN videos v ON v.sid = s.sid
            """, [], { row in (row.line("id") ?? "", Session(title: row.line("title") ?? "", isNews: row.bool("is_news"), hasVideo: row.bool("has_video"))) }) {
            sessions[id] = session
        }
        self.sessions = sessions
        var news: [String: String] = [:]
        for (id, title) in try db.readAll("SELECT id, title FROM news", [], { ($0.line("id") ?? "", $0.line("title") ?? "") }) {
            news[id] = title
        }
        self.news = news
        var favorites: [String: Slot] = [:]
        for (id, slot) in try db.readAll("""
            SELECT f.session_id, i.start_time, i.end_time, i.room_id
            FROM favorites f JOIN sessions s ON s.id = f.session_id LEFT JOIN instances i ON i.sid = s.sid
            WHERE f.is_favorite = 1
            """, [], { row in
                (row.line("session_id") ?? "", Slot(start: row.optionalDouble("start_time"), end: row.optionalDouble("end_time"),
                                                     roomID: row.optionalInt("room_id")))
            }) {
            favorites[id] = slot
        }
        self.favorites = favorites
    }

    /// What the store holds now that this did not, read inside the same transaction. Nothing when
    /// this held no session (a first sync): everything would be new, so the store is not read again.
    public func changes(in db: Database) throws -> WhatsNew {
        guard !sessions.isEmpty else { return WhatsNew() }
        return changes(to: try WhatsNewSnapshot(db))
    }

    /// What `after` holds that this did not; nothing when this held no session (a first sync).
    func changes(to after: WhatsNewSnapshot) -> WhatsNew {
        guard !sessions.isEmpty else { return WhatsNew() }
        var found = WhatsNew()
        for (id, session) in after.sessions.sorted(by: { $0.key < $1.key }) {
            let item = WhatsNew.Item(id: id, title: session.title)
            let before = sessions[id]
            if session.isNews {
                if before == nil { found.news.append(item) }
            } else if session.hasVideo, before?.hasVideo != true {
                found.videos.append(item)
            } else if before == nil {
                found.sessions.append(item)
            }
        }
        for (id, title) in after.news.sorted(by: { $0.key < $1.key }) where news[id] == nil {
            found.news.append(WhatsNew.Item(id: id, title: title))
        }
        for (id, slot) in after.favorites.sorted(by: { $0.key < $1.key }) {
            if let before = favorites[id], before != slot {
                found.favoritesChanged.append(WhatsNew.Item(id: id, title: after.sessions[id]?.title ?? ""))
            }
        }
        return found
    }
}
