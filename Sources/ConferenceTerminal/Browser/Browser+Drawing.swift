import ConferenceData
import ConferenceModel
import PlainText
import TerminalUI

extension Browser {
    /// Draws the whole frame: the tabs, the list and the page (side by side from
    /// `Layout.sideBySideWidth` columns, one at a time below), a rule, and the status line with the keys
    /// of the pane in focus; the keys overlay over it all when asked for.
    public func draw(into screen: inout ScreenBuffer) {
        let parts = Layout.split(screen.bounds, .vertical, [.fixed(1), .minimum(3), .fixed(1), .fixed(1)])
        tabRect = parts[0]
        tabBar().draw(in: &screen, rect: parts[0])
        screen.write(String(repeating: "─", count: screen.width), column: 0, row: parts[2].y, style: .dim)
        StatusLine(hints: hints(), message: statusMessage(status())).draw(in: &screen, rect: parts[3])

        let body = parts[1]
        let wasSideBySide = sideBySide
        sideBySide = body.width >= Layout.sideBySideWidth
        if sideBySide != wasSideBySide, sideBySide { followSelection() }
        let panes = Layout.listAndPage(body, pageOpen: pageOpen, drawingRuleIn: &screen)
        if let rect = panes.list { drawList(in: &screen, rect: rect) }
        if let rect = panes.page { drawPage(in: &screen, rect: rect) }
        if showsKeys { drawKeys(in: &screen) }
        drawQuestion(in: &screen)
    }

    func tabBar() -> TabBar {
        // What the last sync found new, counted on Explore.
        let title = { (tab: BrowserTab) in tab == .explore && self.newCount > 0 ? tab.title + " (\(self.newCount) new)" : tab.title }
        return TabBar(tabs: BrowserTab.allCases.map { TabBar.Tab(key: String($0.rawValue + 1), title: title($0)) }, selected: tab.rawValue,
               trailing: event.map { TextSanitizer.singleLine.sanitize($0.name) } ?? "")
    }

    private func drawList(in screen: inout ScreenBuffer, rect: Rect) {
        var rows = rect
        if tab == .search || narrowings[tab] != nil {
            let field = rect.row(0).inset(columns: 1, rows: 0)
            if tab == .search {
                TextField.draw(searchField, prompt: "Search: ", scroll: &fieldScroll, in: &screen, rect: field,
                               showsCursor: focus == .searchField)
            } else if let narrowing = narrowings[tab] {
                TextField.draw(narrowing, prompt: "/", scroll: &fieldScroll, in: &screen, rect: field,
                               style: typingNarrowing ? .plain : .dim, showsCursor: focus == .list && typingNarrowing)
            }
            rows = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: max(0, rect.height - 1))
        }
        listRect = rows
        var current = list
        if current.shown.isEmpty {
            let width = max(1, rows.width - 2)
            for (line, text) in emptyText(current).wrapped(width: width).prefix(max(0, rows.height)).enumerated() {
                screen.write(text, column: rows.x + 2, row: rows.y + line, width: width, style: .dim)
            }
        } else {
            current.draw(in: &screen, rect: rows, focused: focus == .list)
        }
        list = current
    }

    private func emptyText(_ list: BrowserList) -> String {
        if !list.narrowing.isEmpty { return "Nothing matches." }
        if tab == .videos, videoFilter.isActive { return "No videos match these filters: F changes them." }
        switch tab {
        case .search: return searching ? "Searching…" : searchField.isEmpty
            ? "Type to search titles, descriptions, transcripts, code, news and your notes." : "No matches."
        case .downloads: return "No downloads."
        case .schedule:
            guard let event else { return "Nothing here yet." }
            let name = { (event: EventSummary) in TextSanitizer.singleLine.sanitize(event.name) }
            let what = emptyCurrent.map { "\(name($0)) has no sessions yet, and \(name(event))" } ?? name(event)
            return what + " has nothing scheduled. Its videos are on tab 3."
        case .explore, .videos: return "Nothing here yet."
        }
    }

    private func drawPage(in screen: inout ScreenBuffer, rect: Rect) {
        guard var current = page else {
            screen.write("No session selected.", column: rect.x, row: rect.y, width: rect.width, style: .dim)
            return
        }
        current.draw(in: &screen, rect: rect, zone: settings.zone, now: now)
        page = current
    }

    /// The right end of the status line: the startup sync's step, a message, how many rows a
    /// narrowing left, or a search's count.
    private func status() -> String {
        if let syncStatus { return message.isEmpty ? syncStatus : syncStatus + " · " + message }
        if !message.isEmpty { return message }
        if tab == .videos, videoFilter.isActive {
            return videoFilter.summary(filterChoices) + " · " + Quantity.text(list.rows.count, "video")
        }
        if !list.narrowing.isEmpty { return "\(list.shown.count) of \(list.rows.filter { !$0.isHeading }.count)" }
        if tab == .search, !searchField.isEmpty { return searching ? "searching…" : Quantity.text(list.rows.count, "match", plural: "matches") }
        return ""
    }

    /// The keys of the pane in focus.
    private func hints() -> [StatusLine.Hint] {
        if showsKeys { return [.init("↑↓", "more"), .init("any other key", "close")] }
        switch focus {
        case .searchField:
            return [.init("type", "search"), .init("↓", "results"), .init("Esc", "clear"), .init("Tab", "next tab"), .init("?", "keys")]
        case .page:
            return [.init("↑↓", "scroll"), .init("[ ]", "related"), .init("Enter", "open"), .init("⌫", "back"), .init("Esc", "list"),
                    .init("p", "play"), .init("f", "★"), .init("w", "watched"), .init("?", "keys"), .init("q", "quit")]
        case .list where narrowings[tab] != nil && typingNarrowing:
            return [.init("type", "narrow"), .init("↑↓", "move"), .init("Enter", "page"), .init("Esc", "clear")]
        case .list:
            return [.init("↑↓", "move"), .init("Enter", "page"), .init("/", "narrow"), .init("s", "search"), .init("f", "★"),
                    .init("p", "play"), .init("w", "watched"), .init("1-5", "tabs"), .init("?", "keys"), .init("q", "quit")]
        }
    }

    /// Every key, in a dialog over the screen.
    private func drawKeys(in screen: inout ScreenBuffer) {
        let keys: [(String, String)] = [
            ("1–5 Tab ⇧Tab", "switch tabs: Explore, Schedule, Videos, Search, Downloads"),
            ("↑↓ j k", "move in a list, scroll a page"),
            ("PgUp PgDn", "a page up or down"),
            ("Home End g G", "the first or the last"),
            ("Enter", "open the selected session's page; on a page, the related session chosen, else play"),
            ("f", "make the selected session a favorite, or no longer one"),
            ("w", "mark it watched, or not watched"),
            ("b", "bookmark a moment of it (where you stopped, or a time typed in)"),
            ("r", "rate it: the feedback form"),
            ("p P", "play it from where you stopped, or from the start"),
            ("o y", "open its page on the web in your browser, or copy its link"),
            ("d D", "download its video, or remove the download (tab 5)"),
            ("n", "edit your note on it in your editor"),
            ("[ ]", "on a page: choose the previous or the next related session"),
            ("⌫", "on a page: back to the page before"),
            ("Esc", "back to the list; clear the narrowing"),
            ("/", "narrow the list as you type: every word starts a word of the title"),
            ("F", "filter the videos: event, topic, platform, track, type, favorites, watched…"),
            ("s", "search everything, best first, as you type"),
            ("?", "these keys"),
            ("q", "quit (Ctrl-C from anywhere)"),
        ]
        let width = min(screen.width - 2, 76)
        let keyWidth = keys.map(\.0.displayWidth).max() ?? 0
        // Each action wrapped beside its keys, so that a narrow terminal shows it whole.
        let actionWidth = max(1, min(width, screen.width - 4) - keyWidth - 2)
        let lines = keys.flatMap { key, action in
            action.wrapped(width: actionWidth).enumerated().map { ($0.offset == 0 ? key : "", $0.element) }
        }
        // Below the tabs and above the status line; scrolled with ↑↓ when it does not fit.
        let shown = max(1, min(lines.count, screen.height - 4))
        keysOffset = max(0, min(keysOffset, lines.count - shown))
        let title = shown < lines.count ? "Keys: lines \(keysOffset + 1)–\(keysOffset + shown) of \(lines.count)" : "Keys"
        let dialog = Dialog(title: title, width: width, height: shown)
        let content = dialog.draw(in: &screen, bounds: screen.bounds)
        for (row, (key, action)) in lines.dropFirst(keysOffset).prefix(content.height).enumerated() {
            screen.write(key, column: content.x, row: content.y + row, width: keyWidth, style: .bold)
            screen.write(action, column: content.x + keyWidth + 2, row: content.y + row, width: max(0, content.width - keyWidth - 2))
        }
    }
}
