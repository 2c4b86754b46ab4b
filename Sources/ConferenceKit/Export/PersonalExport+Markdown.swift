import Foundation

extension PersonalExport {
    /// The lists asked for as a Markdown document for people: a section per list, favorites and
    /// history as tables, bookmarks under their session, notes under their session as written (they
    /// are the user's own Markdown). Text from the feed is escaped so that it shows as it is and
    /// cannot make links, emphasis or HTML; a bookmark note keeps its text on the line of its
    /// bookmark (its line breaks become spaces).
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
                let note = bookmark.note.split(whereSeparator: \.isNewline).joined(separator: " ")
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

/// Markdown's escaping of text that is not Markdown.
enum Markdown {
    /// Text shown as it is, inside a line (a table cell, after a heading's `#`): the punctuation of
    /// emphasis, code, links and tables backslash-escaped, `<` and `&` as entities (no HTML, no
    /// autolink), line breaks as spaces.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "|", "~": out += "\\" + String(character)
            case "<": out += "&lt;"
            case "&": out += "&amp;"
            case let c where c.isNewline: out += " "
            default: out.append(character)
            }
        }
        return out
    }

    /// `text` as inline code, fenced with more backticks than it holds in a row.
    static func code(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        var longest = 0, run = 0
        for character in line {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = line.hasPrefix("`") || line.hasSuffix("`") ? " " : ""
        return fence + pad + line + pad + fence
    }

    /// An address as an autolink when it is one (no spaces, no angle brackets), else as text.
    static func link(_ url: String) -> String {
        url.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" }) ? escaped(url) : "<" + url + ">"
    }

    /// `wwdc2026-101 — Title` for a session's heading.
    static func heading(_ id: String, _ title: String?) -> String {
        escaped(id) + " — " + escaped(title ?? "(no longer in the feed)")
    }

    /// A table with `headings`; its cells already escaped (a `|` in them is).
    static func table(_ headings: [String], _ rows: [[String]]) -> [String] {
        let line = { (cells: [String]) in "| " + cells.joined(separator: " | ") + " |" }
        return [line(headings), line(headings.map { _ in "---" })] + rows.map(line)
    }
}
