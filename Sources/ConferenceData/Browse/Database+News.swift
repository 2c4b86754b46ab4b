import ConferenceModel
import SQLiteDatabase

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
            NewsItem(id: row.text("id"), title: row.text("title"),
                     body: row.bool("is_html") ? row.paragraphs("body").map(HTMLText.plainText) : row.paragraphs("body"),
                     timestamp: row.optionalDouble("timestamp").map { FeedDate(secondsSince1970: $0) },
                     visibility: row.line("visibility"), type: row.line("type"), url: row.line("url"))
        }
        var photos: [String: [NewsItem.Photo]] = [:]
        let columns = NewsItem.Photo.storedColumns.map(\.name).joined(separator: ", ")
        let rows = try readAll("SELECT news_id, \(columns) FROM news_photos ORDER BY news_id, position") { row in
            (row.text("news_id"), NewsItem.Photo(row: row))
        }
        for (newsID, photo) in rows { photos[newsID, default: []].append(photo) }
        for index in items.indices { items[index].photos = photos[items[index].id] ?? [] }
        return items
    }
}
