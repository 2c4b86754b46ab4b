import ConferenceData
import ConferenceModel
import PlainText

/// One line of a list in the browser: a session (a scheduled occurrence, a video, a search hit, a
/// download) in the cells its list lays out, or a heading between groups of them.
struct BrowserRow: Sendable, Hashable {
    /// The session the line opens; nil for a heading or a line that opens nothing (a topic).
    var sessionID: String?
    /// The cells, sanitised, in the columns of the list's ``BrowserList/layout``.
    var cells: [String]
    /// A line of its own between groups (Explore's sections): drawn in bold, left out by a narrowing.
    var isHeading = false
    /// A search hit's moment in the video.
    var at: Double?
    /// A search hit's code snippet (its number on the page, from 1).
    var snippet: Int?
    /// The title's words as a narrowing compares them (``SearchQuery/foldedWords(in:)``).
    let words: [String]

    init(sessionID: String?, cells: [String], title: Int, isHeading: Bool = false, at: Double? = nil, snippet: Int? = nil) {
        self.sessionID = sessionID
        self.cells = cells.map { TextSanitizer.singleLine.sanitize($0) }
        self.isHeading = isHeading
        self.at = at
        self.snippet = snippet
        words = isHeading ? [] : SearchQuery.foldedWords(in: self.cells[title])
    }

    /// A heading line: its text in the title's column.
    static func heading(_ text: String, columns: Int, title: Int) -> BrowserRow {
        var cells = Array(repeating: "", count: columns)
        cells[title] = text
        return BrowserRow(sessionID: nil, cells: cells, title: title, isHeading: true)
    }

    /// The marks of a session: ★ a favorite, ✓ watched or the share watched, ↓ downloaded, `now`
    /// on at this moment (or its live stream on the air), `next` among what starts next.
    static func marks(favorite: Bool, watch: WatchMark?, downloaded: Bool, now: Bool = false, next: Bool = false) -> String {
        [favorite ? "★" : nil, watch?.text, downloaded ? "↓" : nil, now ? "now" : nil, next ? "next" : nil].compactMap { $0 }
            .joined(separator: " ")
    }
}
