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

    /// The commands the tools' documents name: wwdc's, each word quoted for the shell where it needs it.
    static let commands = DocumentCommands(
        show: { ShellWord.command("wwdc", "session", $0) },
        play: { watchCommand($0, at: $1) },
        transcript: { ShellWord.command("wwdc", "transcript", $0) },
        code: { ShellWord.command("wwdc", "code", $0, String($1)) },
        note: { ShellWord.command("wwdc", "note", $0) })

    /// What the tools' documents are read with: the assistant's view, the conference's times, `now`.
    static func documents(now: Double) -> DocumentContext {
        DocumentContext(view: .assistant, zone: .conference, now: now, commands: commands)
    }

    /// A time of the conference as ISO 8601 in the zone the feed wrote it in.
    static func iso(_ seconds: Double, offset: Int?) -> String {
        TimeZoneChoice.conference.localTime(seconds, recordedOffset: offset).iso8601
    }
}
