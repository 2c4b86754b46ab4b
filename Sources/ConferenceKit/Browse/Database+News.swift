extension Database {
    /// The news, newest first (items without a date last), with their photos: the items of
    /// `news.json` and the articles of the event `news` (how feeds from 2020 on publish news).
    public func news(limit: Int? = nil) throws -> [NewsItem] {
        var items = try readAll("""
            SELECT * FROM (
                SELECT id, title, body, timestamp, visibility, type, NULL AS url, 0 AS is_html FROM news
                UNION ALL
                SELECT s.id, s.title, coalesce(a.body, nullif(s.description, '')), s.original_publishing_date, NULL,
                       lower(s.type), s.web_permalink, a.body IS NOT NULL
                FROM sessions s LEFT JOIN articles a ON a.id = s.article_id
                WHERE s.event_id = 'news')
            ORDER BY timestamp IS NULL, timestamp DESC, id LIMIT ?
            """, [limit ?? -1]) { row in
            // An article's body is HTML: its text is what is shown.
            NewsItem(id: row.text(0), title: row.text(1), body: row.bool(7) ? row.paragraphs(2).map(HTMLText.plainText) : row.paragraphs(2),
                     timestamp: row.optionalDouble(3).map { FeedDate(secondsSince1970: $0) },
                     visibility: row.line(4), type: row.line(5), url: row.line(6))
        }
        var photos: [String: [NewsItem.Photo]] = [:]
        let rows = try readAll("SELECT news_id, photo_id, ratio FROM news_photos ORDER BY news_id, position") { row in
            (row.text(0), NewsItem.Photo(id: row.text(1), ratio: row.optionalDouble(2)))
        }
        for (newsID, photo) in rows { photos[newsID, default: []].append(photo) }
        for index in items.indices { items[index].photos = photos[items[index].id] ?? [] }
        return items
    }
}
