import Foundation

extension Database {
    /// The `Article` items of `eventIDs` (nil: every event), newest first; with a search, best match first.
    public func articles(eventIDs: [String]? = nil, search: String? = nil, limit: Int? = nil) throws -> [ArticleItem] {
        var prefix = ""
        var joins = ""
        var conditions = ["lower(s.type) = 'article'"]
        var arguments: [DatabaseValue] = []
        var order = "s.original_publishing_date IS NULL, s.original_publishing_date DESC, s.id"
        if let search {
            try SearchQuery(search)?.checkBounds()
            guard let match = Database.matchExpression(for: search) else { return [] }
            prefix = SearchText.hitsCTE
            arguments += SearchText.hitsArguments(match)
            joins = "JOIN hit ON hit.sid = s.sid"
            order = "hit.score, " + order
        }
        if let eventIDs {
            conditions.append("s.event_id IN (\(Database.placeholders(eventIDs.count)))")
            arguments += eventIDs.map { .text($0) }
        }
        var sql = prefix + """
            SELECT s.id, s.event_id, s.title, s.original_publishing_date, s.web_permalink, a.body IS NOT NULL,
                   coalesce(f.is_favorite, 0)
            FROM sessions s
            \(joins)
            LEFT JOIN articles a ON a.id = s.article_id
            LEFT JOIN favorites f ON f.session_id = s.id
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY \(order)
            """
        if let limit {
            sql += "\nLIMIT ?"
            arguments.append(.integer(Int64(limit)))
        }
        return try readAll(sql, arguments) { row in
            ArticleItem(sessionID: row.text(0), eventID: row.text(1), title: row.text(2), publishedTime: row.optionalDouble(3),
                        url: row.line(4), hasBody: row.bool(5), isFavorite: row.bool(6))
        }
    }

    /// How many items an event has: in all, scheduled, with a video.
    public func eventContents(_ eventID: String) throws -> (items: Int, scheduled: Int, videos: Int) {
        try fetchOne("""
            SELECT count(*), count(i.sid), count(v.sid) FROM sessions s
            LEFT JOIN instances i ON i.sid = s.sid LEFT JOIN videos v ON v.sid = s.sid
            WHERE s.event_id = ?
            """, [eventID]) { ($0.int(at: 0), $0.int(at: 1), $0.int(at: 2)) } ?? (0, 0, 0)
    }

    /// How many items of the topics `topicIDs` the events `eventIDs` (nil: every event) have, how
    /// many of them are scheduled and how many have a video.
    public func topicContents(_ topicIDs: [Int], eventIDs: [String]?) throws -> (items: Int, scheduled: Int, videos: Int) {
        var sql = """
            SELECT count(DISTINCT s.sid), count(DISTINCT i.sid), count(DISTINCT v.sid) FROM sessions s
            LEFT JOIN instances i ON i.sid = s.sid LEFT JOIN videos v ON v.sid = s.sid
            WHERE EXISTS (SELECT 1 FROM session_topics st WHERE st.sid = s.sid AND st.topic_id IN (\(Database.placeholders(topicIDs.count))))
            """
        var arguments = topicIDs.map { DatabaseValue.integer(Int64($0)) }
        if let eventIDs {
            sql += " AND s.event_id IN (\(Database.placeholders(eventIDs.count)))"
            arguments += eventIDs.map { .text($0) }
        }
        return try fetchOne(sql, arguments) { ($0.int(at: 0), $0.int(at: 1), $0.int(at: 2)) } ?? (0, 0, 0)
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
        guard let body = try fetchOne("SELECT body FROM sync_metadata WHERE feed = 'config'", [], { $0.blob(at: 0) }) ?? nil else { return nil }
        guard let hero = try? FeedDecoder.config(from: Data(body)).eventHero else { return nil }
        return EventHero(title: Clean.line(hero.title), body: hero.body.map(Clean.paragraphs), backgroundImage: hero.backgroundImage.map(Clean.line))
    }
}
