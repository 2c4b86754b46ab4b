extension Database {
    /// The schedule `query` asks for: by start time, or best match first with a search.
    ///
    /// Empty when the search has no word to look for.
    public func schedule(_ query: ScheduleQuery) throws -> [ScheduleItem] {
        try query.search.flatMap(SearchQuery.init)?.checkBounds()
        guard let statement = Database.scheduleStatement(query) else { return [] }
        return try readAll(statement.sql, statement.arguments) { row in
            ScheduleItem(sessionID: row.text(0), eventID: row.text(1), number: row.optionalInt(2), title: row.text(3),
                         type: row.line(4), track: row.line(5), room: row.line(6), startTime: row.optionalDouble(7),
                         endTime: row.optionalDouble(8), utcOffset: row.optionalInt(9), isFavorite: row.bool(10),
                         topic: row.line(11), topics: row.list(12), publishedTime: row.optionalDouble(13))
        }
    }

    /// The statement `schedule(_:)` runs; nil when the search has no word to look for.
    public static func scheduleStatement(_ query: ScheduleQuery) -> BrowseStatement? {
        var prefix = ""
        var prefixArguments: [DatabaseValue] = []
        var joins = ""
        var conditions: [String] = []
        var arguments: [DatabaseValue] = []
        // Scheduled items only, unless a search (which finds every item) or the unscheduled listing.
        var from = "instances i\nJOIN sessions s ON s.sid = i.sid"
        var order = "i.start_time, r.ordinal, s.id"
        var orderArguments: [DatabaseValue] = []

        if query.unscheduledOnly {
            from = "sessions s\nLEFT JOIN instances i ON i.sid = s.sid"
            conditions.append("i.sid IS NULL")
            order = "s.original_publishing_date IS NULL, s.original_publishing_date, s.event_content_id, s.id"
        }
        if let search = query.search {
            let number = SearchText.sessionNumber(in: search)
            let match = Database.matchExpression(for: search)
            from = "sessions s\nLEFT JOIN instances i ON i.sid = s.sid"
            switch (match, number) {
            case (nil, nil):
                return nil
            case (let match?, nil):
                prefix = SearchText.hitsCTE
                prefixArguments = SearchText.hitsArguments(match)
                joins = "JOIN hit ON hit.sid = s.sid"
                order = SearchText.ranking + ", i.start_time"
            case (let match?, let number?):
                prefix = SearchText.hitsCTE
                prefixArguments = SearchText.hitsArguments(match)
                joins = "LEFT JOIN hit ON hit.sid = s.sid"
                conditions.append("(hit.sid IS NOT NULL OR s.event_content_id = ?)")
                arguments.append(.integer(Int64(number)))
                order = "s.event_content_id IS ? DESC, " + SearchText.ranking + ", i.start_time"
                orderArguments = [.integer(Int64(number))]
            case (nil, let number?):
                conditions.append("s.event_content_id = ?")
                arguments.append(.integer(Int64(number)))
                order = "i.start_time IS NULL, i.start_time, s.id"
            }
        }
        if let events = query.eventIDs {
            if joins.hasPrefix("JOIN hit") {
                // Hits outside the events are dropped through the event index, before their session
                // row is read (the unary + keeps the filter out of the full-text index, where it
                // would run one lookup per session).
                conditions.append("+hit.sid IN (SELECT sid FROM sessions WHERE event_id IN (\(placeholders(events.count))))")
                arguments += events.map { .text($0) }
            }
            conditions.append("s.event_id IN (\(placeholders(events.count)))")
            arguments += events.map { .text($0) }
        }
        switch query.day {
        case .instants(let range)?:
            conditions.append("i.start_time >= ? AND i.start_time < ?")
            arguments += [.real(range.lowerBound), .real(range.upperBound)]
        case .conferenceDate(let date)?:
            // The index narrows to the instants that can be on that date at any offset (−12 h to +14 h);
            // the exact test uses each instance's own offset.
            let midnight = Double(date.daysSince1970 * 86_400)
            conditions.append("i.start_time >= ? AND i.start_time < ?")
            arguments += [.real(midnight - 14 * 3600), .real(midnight + 86_400 + 12 * 3600)]
            conditions.append("i.start_time + coalesce(i.utc_offset, e.utc_offset, 0) >= ? AND i.start_time + coalesce(i.utc_offset, e.utc_offset, 0) < ?")
            arguments += [.real(midnight), .real(midnight + 86_400)]
        case nil:
            break
        }
        if !query.trackIDs.isEmpty {
            conditions.append("coalesce(i.track_id, s.track_id) IN (\(placeholders(query.trackIDs.count)))")
            arguments += query.trackIDs.map { .integer(Int64($0)) }
        }
        if !query.topicIDs.isEmpty {
            conditions.append("EXISTS (SELECT 1 FROM session_topics st WHERE st.sid = s.sid AND st.topic_id IN (\(placeholders(query.topicIDs.count))))")
            arguments += query.topicIDs.map { .integer(Int64($0)) }
        }
        if !query.types.isEmpty {
            conditions.append("lower(s.type) IN (\(placeholders(query.types.count)))")
            arguments += query.types.map { .text($0.lowercased()) }
        }
        if !query.platforms.isEmpty {
            conditions.append("EXISTS (SELECT 1 FROM session_platforms p WHERE p.sid = s.sid AND lower(p.platform) IN (\(placeholders(query.platforms.count))))")
            arguments += query.platforms.map { .text($0.lowercased()) }
        }
        if query.favoritesOnly {
            conditions.append("f.is_favorite = 1")
        }
        if let now = query.notEndedBefore {
            conditions.append("coalesce(i.end_time, i.start_time) > ?")
            arguments.append(.real(now))
        }
        var sql = prefix + """
            SELECT s.id, s.event_id, s.event_content_id, s.title, s.type, t.name, r.name, i.start_time, i.end_time,
                   coalesce(i.utc_offset, e.utc_offset), coalesce(f.is_favorite, 0), \(primaryTopicColumn), \(topicsColumn),
                   s.original_publishing_date
            FROM \(from)
            \(joins)
            LEFT JOIN events e ON e.id = s.event_id
            LEFT JOIN tracks t ON t.id = coalesce(i.track_id, s.track_id)
            LEFT JOIN rooms r ON r.id = i.room_id
            LEFT JOIN favorites f ON f.session_id = s.id
            """
        if !conditions.isEmpty { sql += "\nWHERE " + conditions.joined(separator: "\n  AND ") }
        sql += "\nORDER BY " + order
        var all = prefixArguments + arguments + orderArguments
        if let limit = query.limit {
            sql += "\nLIMIT ?"
            all.append(.integer(Int64(limit)))
        }
        return BrowseStatement(sql: sql, arguments: all)
    }

    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// The name of an item's primary topic (else its first), for a listing row of `s`.
    static let primaryTopicColumn = """
        (SELECT name FROM topics WHERE id = coalesce(s.primary_topic_id,
            (SELECT topic_id FROM session_topics WHERE sid = s.sid ORDER BY position LIMIT 1)))
        """

    /// The names of an item's topics, in its order, separated by U+001F (see ``list(_:)``).
    static let topicsColumn = """
        (SELECT group_concat(name, char(31)) FROM (SELECT t.name AS name FROM session_topics st
            JOIN topics t ON t.id = st.topic_id WHERE st.sid = s.sid ORDER BY st.position))
        """

    /// The elements of a list a query joined with U+001F.
    static func list(_ joined: String?) -> [String] {
        guard let joined, !joined.isEmpty else { return [] }
        return joined.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
    }
}
