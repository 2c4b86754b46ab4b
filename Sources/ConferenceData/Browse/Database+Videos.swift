import SQLiteDatabase

extension Database {
    /// Sessions with a video: newest event first, then its scheduled items by number and its others
    /// by publishing date; best match first with a search.
    public func videos(_ query: VideoQuery) throws -> [VideoItem] {
        try query.search.flatMap(SearchQuery.init)?.checkBounds()
        guard let statement = Database.videosStatement(query) else { return [] }
        return try readAll(literal: statement) { row in
            var item = VideoItem(sessionID: row.text("id"), eventID: row.text("event_id"), number: row.optionalInt("event_content_id"),
                      title: row.text("title"), type: row.line("type"), duration: row.optionalDouble("duration"),
                      streamURL: row.line("hls"), hdURL: row.line("download_hd"), sdURL: row.line("download_sd"),
                      date: row.optionalDouble("date"), utcOffset: row.optionalInt("utc_offset"), isFavorite: row.bool("is_favorite"),
                      isPublishingDate: row.bool("is_publishing_date"), topic: row.line("topic"), topics: row.list("topics"))
            item.watch = WatchMark.read(row)
            return item
        }
    }

    /// The statement `videos(_:)` runs; nil when the search has no word to look for.
    public static func videosStatement(_ query: VideoQuery) -> SQL? {
        var hits: SQL = ""
        var joins: SQL = ""
        var conditions: [SQL] = [isPlayable]
        var order: SQL = "e.start_time DESC, s.event_id DESC, CASE WHEN i.sid IS NULL THEN s.original_publishing_date END, s.event_content_id, s.id"
        if let search = query.search {
            let number = SearchText.sessionNumber(in: search)
            let words = SearchQuery(search)
            if let words {
                hits = SearchText.hits(words)
                joins = number == nil ? "JOIN hit ON hit.sid = s.sid" : "LEFT JOIN hit ON hit.sid = s.sid"
            }
            switch (words, number) {
            case (nil, nil):
                return nil
            case (_?, nil):
                order = SearchText.ranking
            case (_?, let number?):
                conditions.append("(hit.sid IS NOT NULL OR s.event_content_id = \(number))")
                order = "s.event_content_id IS \(number) DESC, \(SearchText.ranking)"
            case (nil, let number?):
                conditions.append("s.event_content_id = \(number)")
            }
        }
        if let events = query.eventIDs {
            conditions.append("s.event_id IN (\(list: events))")
        }
        if query.favoritesOnly {
            conditions.append("f.is_favorite = 1")
        }
        if query.ratedOnly {
            conditions.append("EXISTS (SELECT 1 FROM feedback r WHERE r.session_id = s.id)")
        }
        if let filter = query.watchFilter {
            conditions.append(filter.condition)
        }
        conditions += namedFilters(trackIDs: query.trackIDs, topicIDs: query.topicIDs, types: query.types, platforms: query.platforms)
        if let downloaded = query.downloaded {
            conditions.append(downloaded ? "s.id IN (\(Database.completeDownloads))" : "s.id NOT IN (\(Database.completeDownloads))")
        }
        if query.bookmarkedOnly {
            conditions.append("EXISTS (SELECT 1 FROM bookmarks b WHERE b.session_id = s.id)")
        }
        var sql: SQL = """
            \(hits)SELECT s.id, s.event_id, s.event_content_id, s.title, s.type, v.duration, v.hls, v.download_hd, v.download_sd,
                   coalesce(i.start_time, s.original_publishing_date) AS date, coalesce(i.utc_offset, e.utc_offset) AS utc_offset,
                   coalesce(f.is_favorite, 0) AS is_favorite,
                   i.sid IS NULL AND s.original_publishing_date IS NOT NULL AS is_publishing_date,
                   \(primaryTopicColumn) AS topic, \(topicsColumn) AS topics, \(WatchMark.columns)
            FROM videos v
            JOIN sessions s ON s.sid = v.sid
            \(joins)
            LEFT JOIN instances i ON i.sid = s.sid
            LEFT JOIN events e ON e.id = s.event_id
            LEFT JOIN favorites f ON f.session_id = s.id
            \(WatchMark.join)
            WHERE \(conditions.joined(separator: "\n  AND "))
            ORDER BY \(order)
            """
        if let limit = query.limit {
            sql += "\nLIMIT \(limit)"
        }
        return sql
    }
}
