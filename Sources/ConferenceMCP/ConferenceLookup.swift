import ConferenceKit
import MCPServer
import PlainText
import SQLiteDatabase

/// What a tool's arguments name in the store: events, topics, tracks, sessions, moments.
enum ConferenceLookup {
    /// The ids of the events `text` names (an id, a name, a year or `all`: nil for every event);
    /// without text, the current event.
    static func eventIDs(_ text: String?, in db: Database, defaultAll: Bool = false) throws -> [String]? {
        let events = try db.events()
        guard let text else { return defaultAll ? nil : events.first.map { [$0.id] } ?? [] }
        let lowered = text.lowercased()
        if lowered == "all" { return nil }
        let found = events.first { $0.id.lowercased() == lowered }
            ?? events.first { $0.webURLKey?.lowercased() == lowered || $0.name.lowercased() == lowered }
            ?? events.first { event in
                guard let number = Int(lowered), let start = event.startTime else { return false }
                let year = LocalTime(secondsSince1970: start, utcOffset: event.utcOffset ?? 0).date.year
                return lowered.count == 4 ? year == number : lowered.count == 2 && year % 100 == number
            }
        guard let found else {
            throw ToolFailure("No event '\(TextSanitizer.singleLine.sanitize(text))'. Events: " + events.map { $0.id + ($0.isCurrent ? " (current)" : "") }.joined(separator: ", ")
                              + ", or 'all'.")
        }
        return [found.id]
    }

    /// The ids of the topics `values` name (a name, a unique prefix or an id; any case).
    static func topicIDs(_ values: [String], in db: Database) throws -> [Int] {
        try ids(values, kind: "topic", known: try db.topics())
    }

    /// The ids of the tracks `values` name.
    static func trackIDs(_ values: [String], in db: Database) throws -> [Int] {
        try ids(values, kind: "track", known: try db.tracks())
    }

    private static func ids(_ values: [String], kind: String, known: [(id: Int, name: String)]) throws -> [Int] {
        try values.flatMap { value -> [Int] in
            if let id = Int(value), known.contains(where: { $0.id == id }) { return [id] }
            let lowered = value.lowercased()
            var matches = known.filter { $0.name.lowercased() == lowered }
            if matches.isEmpty { matches = known.filter { $0.name.lowercased().hasPrefix(lowered) } }
            let names = Set(matches.map(\.name))
            guard names.count == 1 else {
                let choices = Set(known.map(\.name)).sorted().joined(separator: ", ")
                throw ToolFailure((names.isEmpty ? "No \(kind) '\(TextSanitizer.singleLine.sanitize(value))'." : "'\(TextSanitizer.singleLine.sanitize(value))' could be more than one \(kind).")
                                  + (choices.isEmpty ? " This store has none." : " Choose among: \(choices)."))
            }
            return matches.map(\.id)
        }
    }

    /// The stored id of the session `text` names (an id, a number in the current event, a link).
    static func sessionID(_ text: String, in db: Database) throws -> String {
        try SessionResolver.resolve(text, in: db)
    }

    /// A moment into a video: `0:42`, `12:05` or `1:02:03`.
    static func timestamp(_ seconds: Double) -> String {
        VideoTime.text(seconds)
    }

    /// The command that plays `id` from `seconds`.
    static func watchCommand(_ id: String, at seconds: Double?) -> String {
        "wwdc watch \(id)" + (seconds.map { $0 >= 1 ? " --at " + timestamp($0) : "" } ?? "")
    }

    /// What the user keeps of a session: progress, bookmarks, note.
    static func personal(_ record: PersonalRecord, sessionID: String) -> [String: JSONValue] {
        let progress: JSONValue = record.progress.map { progress in
            ["watched": .bool(progress.watched), "position": JSONValue(progress.position), "duration": JSONValue(progress.duration),
             "progress": JSONValue(progress.progress), "resume": .string(watchCommand(sessionID, at: progress.watched ? nil : progress.position))]
        } ?? .null
        return ["progress": progress, "bookmarks": .array(record.bookmarks.map(bookmark)), "note": JSONValue(record.note?.text)]
    }

    static func bookmark(_ item: BookmarkItem) -> JSONValue {
        ["id": .string(item.sessionID), "title": JSONValue(item.title), "n": JSONValue(item.number), "at": .double(item.time),
         "time": .string(timestamp(item.time)), "note": .string(item.note), "command": .string(watchCommand(item.sessionID, at: item.time))]
    }

    /// A time of the conference as ISO 8601 in the zone the feed wrote it in.
    static func iso(_ seconds: Double?, offset: Int?) -> JSONValue {
        JSONValue(seconds.map { TimeZoneChoice.conference.localTime($0, recordedOffset: offset).iso8601 })
    }
}
