extension Database {
    /// News items, newest first (items without a date last), with their photos.
    public func news(limit: Int? = nil) throws -> [NewsItem] {
        var items = try fetchAll("""
            SELECT id, title, body, timestamp, visibility, type FROM news
            ORDER BY timestamp IS NULL, timestamp DESC, id LIMIT ?
            """, [limit ?? -1]) { row in
            NewsItem(id: row.string(at: 0) ?? "", title: row.string(at: 1) ?? "", body: row.string(at: 2),
                     timestamp: row.optionalDouble(at: 3).map { FeedDate(secondsSince1970: $0) },
                     visibility: row.string(at: 4), type: row.string(at: 5))
        }
        var photos: [String: [NewsItem.Photo]] = [:]
        try cachedStatement("SELECT news_id, photo_id, ratio FROM news_photos ORDER BY news_id, position").forEachRow { row in
            photos[row.string(at: 0) ?? "", default: []].append(NewsItem.Photo(id: row.string(at: 1) ?? "", ratio: row.optionalDouble(at: 2)))
        }
        for index in items.indices { items[index].photos = photos[items[index].id] ?? [] }
        return items
    }
}
