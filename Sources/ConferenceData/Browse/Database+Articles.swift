import ConferenceModel
import Foundation
import SQLiteDatabase

extension Database {
    /// The `Article` items of `eventIDs` (nil: every event), newest first; with a search, best match first.
    public func articles(eventIDs: [String]? = nil, search: String? = nil, limit: Int? = nil) throws -> [ArticleItem] {
        var hits: SQL = ""
        var joins: SQL = ""
        var conditions: [SQL] = ["lower(s.type) = 'article'"]
        var order: SQL = "s.original_publishing_date IS NULL, s.original_publishing_date DESC, s.id"
        if let search {
            try SearchQuery(search)?.checkBounds()
            guard let words = SearchQuery(search) else { return [] }
            hits = SearchText.hits(words)
            joins = "JOIN hit ON hit.sid = s.sid"
            order = "hit.score, \(order)"
        }
        if let eventIDs {
            conditions.append("s.event_id IN (\(list: eventIDs))")
        }
        var sql: SQL = """
            \(hits)SELECT s.id, s.event_id, s.title, s.original_publishing_date, s.web_permalink, a.body IS NOT NULL AS has_body,
                   coalesce(f.is_favorite, 0) AS is_favorite
            FROM sessions s
            \(joins)
            LEFT JOIN articles a ON a.id = s.article_id
            LEFT JOIN favorites f ON f.session_id = s.id
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY \(order)
            """
        if let limit {
            sql += "\nLIMIT \(limit)"
        }
        return try readAll(literal: sql) { row in
            ArticleItem(sessionID: row.text("id"), eventID: row.text("event_id"), title: row.text("title"),
                        publishedTime: row.optionalDouble("original_publishing_date"), url: row.line("web_permalink"),
                        hasBody: row.bool("has_body"), isFavorite: row.bool("is_favorite"))
        }
    }

    /// How many items an event has: in all, scheduled, with a video.
    public func eventContents(_ eventID: String) throws -> (items: Int, scheduled: Int, videos: Int) {
        try fetchOne("""
            SELECT count(*) AS items, count(i.sid) AS scheduled, count(v.sid) AS videos FROM sessions s
            LEFT JOIN instances i ON i.sid = s.sid LEFT JOIN videos v ON v.sid = s.sid
            WHERE s.event_id = ?
            """, [eventID], Database.contentCounts) ?? (0, 0, 0)
    }

    /// How many items of the topics `topicIDs` the events `eventIDs` (nil: every event) have, how
    /// many of them are scheduled and how many have a video.
    public func topicContents(_ topicIDs: [Int], eventIDs: [String]?) throws -> (items: Int, scheduled: Int, videos: Int) {
        var sql: SQL = """
            SELECT count(DISTINCT s.sid) AS items, count(DISTINCT i.sid) AS scheduled, count(DISTINCT v.sid) AS videos FROM sessions s
            LEFT JOIN instances i ON i.sid = s.sid LEFT JOIN videos v ON v.sid = s.sid
            WHERE \(Database.hasTopic(topicIDs))
            """
        if let eventIDs {
            sql += " AND s.event_id IN (\(list: eventIDs))"
        }
        return try fetchOne(literal: sql, Database.contentCounts) ?? (0, 0, 0)
    }

    /// The counts `eventContents(_:)` and `topicContents(_:eventIDs:)` read.
    private static func contentCounts(_ row: Statement) -> (items: Int, scheduled: Int, videos: Int) {
        (row.int("items"), row.int("scheduled"), row.int("videos"))
    }

    /// The event with videos that starts last, when `eventID` has none.
    public func latestEventWithVideos() throws -> String? {
        try fetchString("""
            SELECT e.id FROM events e WHERE EXISTS (SELECT 1 FROM sessions s JOIN videos v ON v.sid = s.sid WHERE s.event_id = e.id)
            ORDER BY e.start_time DESC LIMIT 1
            """)
    }

    /// The config's depiction of the current event (`eventHero`), from the config the last sync saved.
    public func eventHero() throws -> EventHero? {
        guard let body = try fetchOne("SELECT body FROM sync_metadata WHERE feed = 'config'", [], { $0.blob("body") }) ?? nil else { return nil }
        guard let hero = try? FeedDecoder.config(from: Data(body)).eventHero else { return nil }
        return EventHero(title: Clean.line(hero.title), body: hero.body.map(Clean.paragraphs), backgroundImage: hero.backgroundImage.map(Clean.line))
    }
}
