import ConferenceData
import ConferenceModel
import Foundation
import SQLiteDatabase

extension Database {
    /// The lists of `lists`, by session id (history: most recent first). `command` gives the command
    /// line that plays a session's video from its bookmark number N (it is the program's).
    public func personalExport(_ lists: Set<PersonalExport.List>,
                               command: (_ sessionID: String, _ number: Int) -> String) throws -> PersonalExport {
        var export = PersonalExport()
        if lists.contains(.favorites) { export.favorites = try exportedFavorites() }
        if lists.contains(.bookmarks) { export.bookmarks = try exportedBookmarks(command: command) }
        if lists.contains(.notes) { export.notes = try exportedNotes() }
        if lists.contains(.history) { export.history = try exportedHistory() }
        return export
    }

    private func exportedFavorites() throws -> [PersonalExport.Favorite] {
        try fetchAll("""
            SELECT f.session_id, s.title, s.event_id, s.web_permalink, i.start_time, i.end_time, i.utc_offset, f.updated_at
            FROM favorites f LEFT JOIN sessions s ON s.id = f.session_id LEFT JOIN instances i ON i.sid = s.sid
            WHERE f.is_favorite = 1 ORDER BY f.session_id
            """) { statement in
            let row = CleanRow(statement)
            let offset = row.optionalInt("utc_offset") ?? 0
            let time = { (column: String) in row.optionalDouble(column).map { LocalTime(secondsSince1970: $0, utcOffset: offset).iso8601 } }
            return PersonalExport.Favorite(sessionID: row.line("session_id") ?? "", title: row.line("title"), eventID: row.line("event_id"),
                                           start: time("start_time"), end: time("end_time"), url: row.line("web_permalink"),
                                           updatedAt: Date(timeIntervalSince1970: row.double("updated_at")))
        }
    }

    private func exportedBookmarks(command: (String, Int) -> String) throws -> [PersonalExport.Bookmark] {
        try fetchAll("""
            SELECT b.session_id, s.title, b.time, b.note, b.created_at,
                   row_number() OVER (PARTITION BY b.session_id ORDER BY b.time, b.created_at, b.id) AS number
            FROM bookmarks b LEFT JOIN sessions s ON s.id = b.session_id
            ORDER BY b.session_id, number
            """) { statement in
            let row = CleanRow(statement)
            let id = row.line("session_id") ?? ""
            let number = row.int("number")
            // The note as the user typed it: a file keeps it faithfully.
            return PersonalExport.Bookmark(sessionID: id, title: row.line("title"), number: number, time: row.double("time"),
                                           note: statement.string("note") ?? "", createdAt: Date(timeIntervalSince1970: row.double("created_at")),
                                           command: command(id, number))
        }
    }

    private func exportedNotes() throws -> [PersonalExport.Note] {
        try fetchAll("""
            SELECT n.session_id, s.title, n.text, n.updated_at FROM notes n LEFT JOIN sessions s ON s.id = n.session_id
            ORDER BY n.session_id
            """) { statement in
            let row = CleanRow(statement)
            return PersonalExport.Note(sessionID: row.line("session_id") ?? "", title: row.line("title"), text: statement.string("text") ?? "",
                                       updatedAt: Date(timeIntervalSince1970: row.double("updated_at")))
        }
    }

    private func exportedHistory() throws -> [PersonalExport.HistoryEntry] {
        try fetchAll("""
            SELECT p.session_id, s.title, p.position, p.duration, p.watched, p.updated_at
            FROM watch_progress p LEFT JOIN sessions s ON s.id = p.session_id
            ORDER BY p.updated_at DESC, p.session_id
            """) { statement in
            let row = CleanRow(statement)
            let progress = WatchProgress(sessionID: row.line("session_id") ?? "", position: row.optionalDouble("position"),
                                         duration: row.optionalDouble("duration"), watched: row.bool("watched"),
                                         updatedAt: Date(timeIntervalSince1970: row.double("updated_at")))
            return PersonalExport.HistoryEntry(sessionID: progress.sessionID, title: row.line("title"),
                                               state: progress.watched ? .watched : .inProgress, position: progress.position,
                                               duration: progress.duration, progress: progress.progress, updatedAt: progress.updatedAt)
        }
    }
}
