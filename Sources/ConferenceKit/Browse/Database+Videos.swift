extension Database {
    /// Sessions with a video: newest event first, then its scheduled items by number and its others
    /// by publishing date; best match first with a search.
    public func videos(_ query: VideoQuery) throws -> [VideoItem] {
        try query.search.flatMap(SearchQuery.init)?.checkBounds()
        guard let statement = Database.videosStatement(query) else { return [] }
        return try readAll(statement.sql, statement.arguments) { row in
            VideoItem(sessionID: row.text(0), eventID: row.text(1), number: row.optionalInt(2), title: row.text(3),
                      type: row.line(4), duration: row.optionalDouble(5), streamURL: row.line(6), hdURL: row.line(7),
                      sdURL: row.line(8), date: row.optionalDouble(9), utcOffset: row.optionalInt(10), isFavorite: row.bool(11),
                      isPublishingDate: row.bool(12), topic: row.line(13), topics: row.list(14))
        }
    }

    /// The statement `videos(_:)` runs; nil when the search has no word to look for.
    public static func videosStatement(_ query: VideoQuery) -> BrowseStatement? {
        var prefix = ""
        var joins = ""
        var conditions = ["(v.hls IS NOT NULL OR v.download_hd IS NOT NULL OR v.download_sd IS NOT NULL)"]
        var arguments: [DatabaseValue] = []
        var order = "e.start_time DESC, s.event_id DESC, CASE WHEN i.sid IS NULL THEN s.original_publishing_date END, s.event_content_id, s.id"
        var orderArguments: [DatabaseValue] = []
        if let search = query.search {
            let number = SearchText.sessionNumber(in: search)
            let match = Database.matchExpression(for: search)
            if let match {
                prefix = SearchText.hitsCTE
                arguments += SearchText.hitsArguments(match)
                joins = number == nil ? "JOIN hit ON hit.sid = s.sid" : "LEFT JOIN hit ON hit.sid = s.sid"
            }
            switch (match, number) {
            case (nil, nil):
                return nil
            case (_?, nil):
                order = SearchText.ranking
            case (_?, let number?):
                conditions.append("(hit.sid IS NOT NULL OR s.event_content_id = ?)")
                arguments.append(.integer(Int64(number)))
                order = "s.event_content_id IS ? DESC, " + SearchText.ranking
                orderArguments = [.integer(Int64(number))]
            case (nil, let number?):
                conditions.append("s.event_content_id = ?")
                arguments.append(.integer(Int64(number)))
            }
        }
        if let events = query.eventIDs {
            conditions.append("s.event_id IN (\(placeholders(events.count)))")
            arguments += events.map { .text($0) }
        }
        if query.favoritesOnly {
            conditions.append("f.is_favorite = 1")
        }
        if !query.topicIDs.isEmpty {
            conditions.append("EXISTS (SELECT 1 FROM session_topics st WHERE st.sid = s.sid AND st.topic_id IN (\(placeholders(query.topicIDs.count))))")
            arguments += query.topicIDs.map { .integer(Int64($0)) }
        }
        var sql = prefix + """
            SELECT s.id, s.event_id, s.event_content_id, s.title, s.type, v.duration, v.hls, v.download_hd, v.download_sd,
                   coalesce(i.start_time, s.original_publishing_date), coalesce(i.utc_offset, e.utc_offset),
                   coalesce(f.is_favorite, 0), i.sid IS NULL AND s.original_publishing_date IS NOT NULL,
                   \(primaryTopicColumn), \(topicsColumn)
            FROM videos v
            JOIN sessions s ON s.sid = v.sid
            \(joins)
            LEFT JOIN instances i ON i.sid = s.sid
            LEFT JOIN events e ON e.id = s.event_id
            LEFT JOIN favorites f ON f.session_id = s.id
            WHERE \(conditions.joined(separator: "\n  AND "))
            ORDER BY \(order)
            """
        arguments += orderArguments
        if let limit = query.limit {
            sql += "\nLIMIT ?"
            arguments.append(.integer(Int64(limit)))
        }
        return BrowseStatement(sql: sql, arguments: arguments)
    }
}
