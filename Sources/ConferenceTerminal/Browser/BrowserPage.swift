import ConferenceData
import ConferenceMedia
import ConferenceModel
import TerminalUI

/// A session's page in the browser: what `SessionPage` shows for the session (the same page as the
/// program's `session` command), drawn into a scrolling ``TextView``, with its related sessions
/// to choose from and open.
struct BrowserPage: Sendable {
    /// What the page is made of, read from the store off the drawing queue.
    struct Content: Sendable {
        var detail: SessionDetail
        var personal: PersonalRecord
        var downloads: [DownloadRecord]
        var currentEvent: String?

        /// Reads the session's page; nil for a session the store no longer has.
        static func read(_ store: ConferenceStore, sessionID: String) throws -> Content? {
            try store.read { db in
                guard let detail = try db.sessionDetail(id: sessionID) else { return nil }
                return Content(detail: detail, personal: try db.personalRecord(sessionID: sessionID),
                               downloads: try db.downloadRecords(sessionID: sessionID), currentEvent: try SessionResolver.currentEvent(in: db))
            }
        }
    }

    let sessionID: String
    private(set) var content: Content?
    private var view = TextView()
    /// The width the page was laid out for.
    private var renderedWidth: Int?
    /// The lines of the related sessions in the text, with the sessions they name.
    private var related: [(line: Int, sessionID: String)] = []
    /// The related session chosen (its index in ``related``), to open with Enter.
    private(set) var chosen: Int?
    /// The code snippet to scroll to once the page is laid out (its number, from 1).
    private var snippetToReveal: Int?

    init(sessionID: String) {
        self.sessionID = sessionID
    }

    /// The session the chosen related line names.
    var chosenSession: String? { chosen.map { related[$0].sessionID } }

    var title: String { content?.detail.title ?? sessionID }

    /// Scrolls to code snippet `number` (from 1), now or once the page is laid out.
    mutating func reveal(snippet number: Int) {
        snippetToReveal = number
        renderedWidth = nil
    }

    /// New content (loaded, or read again after a change): the scroll kept.
    mutating func show(_ content: Content?) {
        self.content = content
        renderedWidth = nil
    }

    /// Applies a scrolling key, or `]` and `[` to choose the next or the previous related session.
    mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character("]"), .character("["):
            guard !related.isEmpty else { return true }
            let step = key == .character("]") ? 1 : -1
            chosen = chosen.map { ($0 + step + related.count) % related.count } ?? (step > 0 ? 0 : related.count - 1)
            view.reveal(line: related[chosen!].line)
            return true
        default:
            return view.handle(key)
        }
    }

    /// Draws the page in `rect`, laid out again when the width changed.
    mutating func draw(in screen: inout ScreenBuffer, rect: Rect, zone: TimeZoneChoice, now: Double) {
        guard let content else {
            screen.write("Loading \(sessionID)…", column: rect.x, row: rect.y, width: rect.width, style: .dim)
            return
        }
        if renderedWidth != rect.width {
            layOut(content, width: rect.width, zone: zone, now: now)
        }
        view.draw(in: &screen, rect: rect)
        if let chosen, let row = view.row(ofLine: related[chosen].line), row < rect.height {
            screen.restyle(Rect(x: rect.x, y: rect.y + row, width: rect.width, height: 1)) { $0.attributes.formUnion(.reverse) }
        }
    }

    private mutating func layOut(_ content: Content, width: Int, zone: TimeZoneChoice, now: Double) {
        let commands = SessionPage.Commands(resume: "p resumes, P plays from the start", transcript: "Search finds its lines",
                                            code: "the page of the session command shows them")
        let page = SessionPage(detail: content.detail, zone: zone, width: width, style: Style(enabled: true), commands: commands)
        let text = page.render(currentEvent: content.currentEvent, now: now, showsCode: true, personal: content.personal,
                               downloaded: content.downloads.filter(\.isComplete).map { "\($0.item.quality.label), \($0.item.path)" }
                                   .joined(separator: "; "))
        var lines = StyledLine.lines(marked: text)
        if lines.last?.spans.isEmpty == true { lines.removeLast() }
        // The related sessions' lines follow their heading, one each, in the detail's order.
        related = []
        if let heading = lines.firstIndex(where: { $0.text == "Related sessions" }) {
            for (offset, item) in content.detail.related.enumerated() where heading + 1 + offset < lines.count {
                related.append((heading + 1 + offset, item.sessionID))
            }
        }
        if let chosen, chosen >= related.count { self.chosen = nil }
        view.lines = lines
        if let number = snippetToReveal, let heading = lines.firstIndex(where: { $0.text == "Code" }),
           let line = lines[heading...].firstIndex(where: { $0.text.hasPrefix("  \(number). ") }) {
            view.scroll(toLine: line)
            snippetToReveal = nil
        }
        renderedWidth = width
    }
}
