import SQLiteDatabase

extension Database {
    /// Every topic: id and name, by name.
    public func topics() throws -> [(id: Int, name: String)] {
        try readAll("SELECT id, name FROM topics ORDER BY name, id") { ($0.int("id"), $0.text("name")) }
    }

    /// Topic categories with their topics and item counts (`eventIDs` nil counts every event);
    /// topics in no category come last, under "Other topics".
    public func topicGroups(eventIDs: [String]? = nil) throws -> [TopicGroup] {
        var counts: [Int: Int] = [:]
        var sql: SQL = "SELECT st.topic_id, count(DISTINCT st.sid) AS items FROM session_topics st"
        if let eventIDs {
            sql += " JOIN sessions s ON s.sid = st.sid WHERE s.event_id IN (\(list: eventIDs))"
        }
        sql += " GROUP BY st.topic_id"
        try makeStatement(sql.text).forEachRow(sql.arguments) { counts[$0.int("topic_id")] = $0.int("items") }
        var names: [Int: (name: String, ordinal: Int?)] = [:]
        for (id, name, ordinal) in try readAll("SELECT id, name, ordinal FROM topics", [], { ($0.int("id"), $0.text("name"), $0.optionalInt("ordinal")) }) {
            names[id] = (name, ordinal)
        }
        var groups: [TopicGroup] = []
        var listed = Set<Int>()
        let categories = try readAll("SELECT id, name FROM topic_categories ORDER BY ordinal, id") { ($0.int("id"), $0.text("name")) }
        for (id, name) in categories {
            let topicIDs = try fetchAll("SELECT topic_id FROM topic_category_topics WHERE category_id = ? ORDER BY position", [id]) { $0.int("topic_id") }
            let topics = topicIDs.compactMap { topicID -> TopicSummary? in
                guard let topic = names[topicID] else { return nil }
                listed.insert(topicID)
                return TopicSummary(id: topicID, name: topic.name, itemCount: counts[topicID] ?? 0)
            }
            groups.append(TopicGroup(id: id, name: name, topics: topics))
        }
        let others = names.filter { !listed.contains($0.key) }
            .sorted { ($0.value.ordinal ?? .max, $0.value.name, $0.key) < ($1.value.ordinal ?? .max, $1.value.name, $1.key) }
            .map { TopicSummary(id: $0.key, name: $0.value.name, itemCount: counts[$0.key] ?? 0) }
        if !others.isEmpty { groups.append(TopicGroup(id: nil, name: groups.isEmpty ? "Topics" : "Other topics", topics: others)) }
        return groups
    }

    /// The topics of an item, in its order.
    func topicNames(sid: Int64) throws -> [String] {
        try readAll("""
            SELECT t.name FROM session_topics st JOIN topics t ON t.id = st.topic_id WHERE st.sid = ? ORDER BY st.position
            """, [sid]) { $0.text("name") }
    }
}
