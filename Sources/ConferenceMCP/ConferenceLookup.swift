import JSON
import ConferenceData
import MCPServer
import PlainText
import SQLiteDatabase

/// What a tool's arguments name in the store: events, topics, tracks, sessions, moments.
enum ConferenceLookup {
    /// The ids of the events `text` names (an id, a name, a year or `all`: nil for every event);
    /// without text, the current event, or every event when `defaultAll`.
    static func eventIDs(_ text: String?, in db: Database, defaultAll: Bool = false) throws -> [String]? {
        if text == nil && defaultAll { return nil }
        return try FilterNames.events(text, in: db).ids
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
        ShellWord.command(["wwdc", "watch", id] + (seconds.flatMap { $0 >= 1 ? ["--at", timestamp($0)] : nil } ?? []))
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
