import ConferenceData
import ConferenceModel
import Foundation

extension PersonalExport {
    /// The lists asked for as a Markdown document for people: a section per list, favorites and
    /// history as tables, bookmarks under their session, notes under their session as written (they
    /// are the user's own Markdown). Text from the feed is escaped so that it shows as it is and
    /// cannot make links, emphasis, HTML or a table's cells; a feed's link is a link only when wwdc
    /// would fetch it (``WebAddress``). A bookmark note is on the line of its bookmark, escaped
    /// like a title so that it cannot run into the command after it (its line breaks become spaces).
    public func markdown(title: String) -> String {
        var out = ["# " + Markdown.escaped(title)]
        if let favorites {
            out += ["", "## Favorites", ""]
            out += favorites.isEmpty ? ["None."] : Markdown.table(["Session", "Title", "Event", "Start", "End", "Link"], favorites.map {
                [Markdown.code($0.sessionID), Markdown.escaped($0.title ?? "(no longer in the feed)"), Markdown.escaped($0.eventID ?? ""),
                 $0.start ?? "", $0.end ?? "", $0.url.map(Markdown.link) ?? ""]
            })
        }
        if let bookmarks {
            out += ["", "## Bookmarks"]
            if bookmarks.isEmpty { out += ["", "None."] }
            var session: String?
            for bookmark in bookmarks {
                if bookmark.sessionID != session {
                    session = bookmark.sessionID
                    out += ["", "### " + Markdown.heading(bookmark.sessionID, bookmark.title), ""]
                }
                let note = Markdown.escaped(bookmark.note)
                out.append("\(bookmark.number). **\(VideoTime.text(bookmark.time))** " + (note.isEmpty ? "" : note + " ")
                           + "— " + Markdown.code(bookmark.command))
            }
        }
        if let notes {
            out += ["", "## Notes"]
            if notes.isEmpty { out += ["", "None."] }
            for note in notes {
                out += ["", "### " + Markdown.heading(note.sessionID, note.title), "", note.text]
            }
        }
        if let history {
            out += ["", "## History", ""]
            out += history.isEmpty ? ["None."] : Markdown.table(["Session", "Title", "State", "Position", "Duration", "Updated"], history.map {
                [Markdown.code($0.sessionID), Markdown.escaped($0.title ?? "(no longer in the feed)"),
                 $0.state.rawValue + ($0.progress.map { $0 < 1 ? " (\(Int(($0 * 100).rounded(.down)))%)" : "" } ?? ""),
                 $0.position.map(VideoTime.text) ?? "", VideoTime.duration($0.duration), ISO8601DateFormatter().string(from: $0.updatedAt)]
            })
        }
        return out.joined(separator: "\n") + "\n"
    }
}
