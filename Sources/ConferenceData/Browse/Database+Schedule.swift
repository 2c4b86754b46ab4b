import SQLiteDatabase

extension Database {
    /// The schedule `query` asks for: by start time, or best match first with a search.
    ///
    /// Empty when the search has no word to look for.
    public func schedule(_ query: ScheduleQuery) throws -> [ScheduleItem] {
        try query.search.flatMap(SearchQuery.init)?.checkBounds()
        guard let statement = Database.scheduleStatement(query) else { return [] }
        return try readAll(literal: statement) { row in
            var item = ScheduleItem(sessionID: row.text("id"), eventID: row.text("event_id"), number: row.optionalInt("event_content_id"),
                         title: row.text("title"), type: row.line("type"), track: row.line("track"), room: row.line("room"),
                         startTime: row.optionalDouble("start_time"), endTime: row.optionalDouble("end_time"),
                         utcOffset: row.optionalInt("utc_offset"), isFavorite: row.bool("is_favorite"), topic: row.line("topic"),
                         topics: row.list("topics"), publishedTime: row.optionalDouble("original_publishing_date"))
            item.watch = WatchMark.read(row)
            return item
        }
    }

    /// The statement `schedule(_:)` runs; nil when the search has no word to look for.
    public static func scheduleStatement(_ query: ScheduleQuery) -> SQL? {
        var hits: SQL = ""
        var joins: SQL = ""
        var conditions: [SQL] = []
        // Scheduled items only, unless a search (which finds every item) or the unscheduled listing.
        var from: SQL = "instances i\nJOIN sessions s ON s.sid = i.sid"
        var order: SQL = "i.start_time, r.ordinal, s.id"

        if query.unscheduledOnly {
            from = "sessions s\nLEFT JOIN instances i ON i.sid = s.sid"
            conditions.append("i.sid IS NULL")
            order = "s.original_publishing_date IS NULL, s.original_publishing_date, s.event_content_id, s.id"
        }
        if let search = query.search {
            let number = SearchText.sessionNumber(in: search)
            from = "sessions s\nLEFT JOIN instances i ON i.sid = s.sid"
            switch (SearchQuery(search), number) {
            case (nil, nil):
                return nil
            case (let words?, nil):
                hits = SearchText.hits(words)
                joins = "JOIN hit ON hit.sid = s.sid"
                order = SearchText.ranking + ", i.start_time"
            case (let words?, let number?):
                hits = SearchText.hits(words)
                joins = "LEFT JOIN hit ON hit.sid = s.sid"
                conditions.append("(hit.sid IS NOT NULL OR s.event_content_id = \(number))")
                order = "s.event_content_id IS \(number) DESC, \(SearchText.ranking), i.start_time"
            case (nil, let number?):
                conditions.append("s.event_content_id = \(number)")
                order = "i.start_time IS NULL, i.start_time, s.id"
            }
        }
        if let events = query.eventIDs {
            if joins.text.hasPrefix("JOIN hit") {
                // Hits outside the events are dropped through the event index, before their session
                // row is read (the unary + keeps the filter out of the full-text index, where it
                // would run one lookup per session).
                conditions.append("+hit.sid IN (SELECT sid FROM sessions WHERE event_id IN (\(list: events)))")
            }
            conditions.append("s.event_id IN (\(list: events))")
        }
        switch query.day {
        case .instants(let range)?:
            conditions.append("i.start_time >= \(range.lowerBound) AND i.start_time < \(range.upperBound)")
        case .conferenceDate(let date)?:
            // The index narrows to the instants that can be on that date at any offset (−12 h to +14 h);
            // the exact test uses each instance's own offset.
            let midnight = Double(date.daysSince1970 * 86_400)
            conditions.append("i.start_time >= \(midnight - 14 * 3600) AND i.start_time < \(midnight + 86_400 + 12 * 3600)")
            conditions.append("""
                i.start_time + coalesce(i.utc_offset, e.utc_offset, 0) >= \(midnight) \
                AND i.start_time + coalesce(i.utc_offset, e.utc_offset, 0) < \(midnight + 86_400)
                """)
        case nil:
            break
        }
        conditions += namedFilters(trackIDs: query.trackIDs, topicIDs: query.topicIDs, types: query.types, platforms: query.platforms)
        if query.favoritesOnly {
            conditions.append("f.is_favorite = 1")
        }
        if query.hasVideo {
            conditions.append("EXISTS (SELECT 1 FROM videos v WHERE v.sid = s.sid AND \(isPlayable))")
        }
        if let now = query.notEndedBefore {
            conditions.append("coalesce(i.end_time, i.start_time) > \(now)")
        }
        var sql: SQL = """
            \(hits)SELECT s.id, s.event_id, s.event_content_id, s.title, s.type, t.name AS track, r.name AS room, i.start_time,
                   i.end_time, coalesce(i.utc_offset, e.utc_offset) AS utc_offset, coalesce(f.is_favorite, 0) AS is_favorite,
                   \(primaryTopicColumn) AS topic, \(topicsColumn) AS topics, s.original_publishing_date,
                   \(WatchMark.columns)
            FROM \(from)
            \(joins)
            LEFT JOIN events e ON e.id = s.event_id
            LEFT JOIN tracks t ON t.id = coalesce(i.track_id, s.track_id)
            LEFT JOIN rooms r ON r.id = i.room_id
            LEFT JOIN favorites f ON f.session_id = s.id
            \(WatchMark.join)
            """
        if !conditions.isEmpty { sql += "\nWHERE " + conditions.joined(separator: "\n  AND ") }
        sql += "\nORDER BY \(order)"
        if let limit = query.limit {
            sql += "\nLIMIT \(limit)"
        }
        return sql
    }

    /// The conditions of the filters a person names (tracks, topics, types, platforms) on a session
    /// `s` and its instance `i`, as the schedule and the videos share them: one of each kind named.
    static func namedFilters(trackIDs: [Int], topicIDs: [Int], types: [String], platforms: [String]) -> [SQL] {
        var conditions: [SQL] = []
        if !trackIDs.isEmpty {
            conditions.append("coalesce(i.track_id, s.track_id) IN (\(list: trackIDs))")
        }
        if !topicIDs.isEmpty {
            conditions.append(hasTopic(topicIDs))
        }
        if !types.isEmpty {
            conditions.append("lower(s.type) IN (\(list: types.map { $0.lowercased() }))")
        }
        if !platforms.isEmpty {
            let platforms = platforms.map { $0.lowercased() }
            conditions.append("EXISTS (SELECT 1 FROM session_platforms p WHERE p.sid = s.sid AND lower(p.platform) IN (\(list: platforms)))")
        }
        return conditions
    }

    /// That a video row `v` has something to play: a stream or a file.
    static let isPlayable: SQL = "(v.hls IS NOT NULL OR v.download_hd IS NOT NULL OR v.download_sd IS NOT NULL)"

    /// The condition that a session (as `s`) carries one of the topics `topicIDs`.
    static func hasTopic(_ topicIDs: [Int]) -> SQL {
        "EXISTS (SELECT 1 FROM session_topics st WHERE st.sid = s.sid AND st.topic_id IN (\(list: topicIDs)))"
    }

    /// The name of an item's primary topic (else its first), for a listing row of `s`.
    static let primaryTopicColumn: SQL = """
        (SELECT name FROM topics WHERE id = coalesce(s.primary_topic_id,
            (SELECT topic_id FROM session_topics WHERE sid = s.sid ORDER BY position LIMIT 1)))
        """

    /// The names of an item's topics, in its order, separated by U+001F (see ``list(_:)``).
    static let topicsColumn: SQL = """
        (SELECT group_concat(name, char(31)) FROM (SELECT t.name AS name FROM session_topics st
            JOIN topics t ON t.id = st.topic_id WHERE st.sid = s.sid ORDER BY st.position))
        """

    /// The elements of a list a query joined with U+001F.
    static func list(_ joined: String?) -> [String] {
        guard let joined, !joined.isEmpty else { return [] }
        return joined.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
    }
}
