import ConferenceData
import ConferenceModel
import Foundation
import JSON

/// The export's documents, defined once: `export --json` writes them (an object with a member for
/// each list asked for, each an array of its entries' documents), `--csv` writes one list's with
/// its fields as the columns, and the manual lists their fields.
extension PersonalExport {
    public static let document = DocumentShape<PersonalExport>([
        .list("favorites", "your favorites, by session", Favorite.document) { $0.favorites ?? [] },
        .list("bookmarks", "your bookmarks, by session, each session's in time order", Bookmark.document) { $0.bookmarks ?? [] },
        .list("notes", "your notes, by session", Note.document) { $0.notes ?? [] },
        .list("history", "what you watched or are watching, by session", HistoryEntry.document) { $0.history ?? [] },
    ])

    /// The export as JSON: a member for each list asked for.
    public var json: JSONValue {
        guard case .object(var members) = Self.document.json(self, Self.context) else { return .object([:]) }
        for list in List.allCases where !isAsked(list) { members[list.rawValue] = nil }
        return .object(members)
    }

    /// Read as a command's JSON is: the export's times are written out already.
    static let context = DocumentContext(view: .commandLine)

    /// Whether `list` was asked for (a list not asked for is nil).
    func isAsked(_ list: List) -> Bool {
        switch list {
        case .favorites: favorites != nil
        case .bookmarks: bookmarks != nil
        case .notes: notes != nil
        case .history: history != nil
        }
    }
}

extension PersonalExport.Favorite {
    public static let document = DocumentShape<PersonalExport.Favorite>([
        .string("id", "the session's id", \.sessionID),
        .string("title", "its title; null when the session is no longer in the schedule", \.title),
        .string("event", "its event's id", \.eventID),
        .string("start", "when it starts, in the conference's offset; null when not scheduled", \.start),
        .string("end", "when it ends, in the conference's offset; null when not scheduled", \.end),
        .string("url", "the session's web page", \.url),
        .date("updatedAt", "when it became a favorite", \.updatedAt),
    ])
}

extension PersonalExport.Bookmark {
    public static let document = DocumentShape<PersonalExport.Bookmark>([
        .string("id", "the session's id", \.sessionID),
        .string("title", "its title; null when the session is no longer in the schedule", \.title),
        .integer("number", "the bookmark's number within its session, 1 up in time order", \.number),
        .number("time", "seconds into the video", \.time),
        DocumentField("at", .string, "the time as M:SS") { bookmark, _ in .string(VideoTime.text(bookmark.time)) },
        .string("note", "its note, as typed", \.note),
        .date("createdAt", "when it was made", \.createdAt),
        .string("command", "the command that plays the video from it", \.command),
    ])
}

extension PersonalExport.Note {
    public static let document = DocumentShape<PersonalExport.Note>([
        .string("id", "the session's id", \.sessionID),
        .string("title", "its title; null when the session is no longer in the schedule", \.title),
        .string("text", "the note, as typed", \.text),
        .date("updatedAt", "when it last changed", \.updatedAt),
    ])
}

extension PersonalExport.HistoryEntry {
    public static let document = DocumentShape<PersonalExport.HistoryEntry>([
        .string("id", "the session's id", \.sessionID),
        .string("title", "its title; null when the session is no longer in the schedule", \.title),
        .string("state", "watched or in progress", \.state.rawValue),
        .number("position", "where it stands, in seconds; null once watched or when unknown", \.position),
        .number("duration", "the video's length in seconds; null when unknown", \.duration),
        .number("progress", "how much was watched, 0 to 1 (1 when watched); null when unknown", \.progress),
        .date("updatedAt", "when it last changed", \.updatedAt),
    ])
}
