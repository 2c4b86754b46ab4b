extension Database {
    /// The news, newest first (items without a date last), with their photos: the items of
    /// `news.json` and the articles of the event `news` (how feeds from 2020 on publish news).
    public func news(limit: Int? = nil) throws -> [NewsItem] {
        var items = try fetchAll("""
            SELECT * FROM (
                SELECT id, title, body, timestamp, visibility, type, NULL AS url, 0 AS is_html FROM news
                UNION ALL
                SELECT s.id, s.title, coalesce(a.body, nullif(s.description, '')), s.original_publishing_date, NULL,
                       lower(s.type), s.web_permalink, a.body IS NOT NULL
                FROM sessions s LEFT JOIN articles a ON a.id = s.article_id
                WHERE s.event_id = 'news')
            ORDER BY timestamp IS NULL, timestamp DESC, id LIMIT ?
            """, [limit ?? -1]) { row in
            NewsItem(id: row.string(at: 0) ?? "", title: row.string(at: 1) ?? "",
                     body: row.int(at: 7) != 0 ? row.string(at: 2).map(HTMLText.plainText) : row.string(at: 2),
                     timestamp: row.optionalDouble(at: 3).map { FeedDate(secondsSince1970: $0) },
                     visibility: row.string(at: 4), type: row.string(at: 5), url: row.string(at: 6))
        }
        var photos: [String: [NewsItem.Photo]] = [:]
        try cachedStatement("SELECT news_id, photo_id, ratio FROM news_photos ORDER BY news_id, position").forEachRow { row in
            photos[row.string(at: 0) ?? "", default: []].append(NewsItem.Photo(id: row.string(at: 1) ?? "", ratio: row.optionalDouble(at: 2)))
        }
        for index in items.indices { items[index].photos = photos[items[index].id] ?? [] }
        return items
    }
}
