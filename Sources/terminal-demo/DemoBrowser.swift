// A full-screen program built only from TerminalUI's widgets, for the tests that drive it in tmux
// and on a pseudo-terminal: tabs, a list beside its page (one pane at a time below 100 columns),
// narrowing with `/`, a dialog, a refresh that arrives from a background operation, a program run
// in the foreground. Its items are made up; `--hostile` adds titles a feed might send to break a
// screen.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Operations
import TerminalUI

struct DemoItem: Sendable {
    var id: Int
    var title: String
    var kind: String
    var track: String
    var marks: String

    static func sample(count: Int, hostile: Bool) -> [DemoItem] {
        let kinds = ["Session", "Lab", "Video"]
        let tracks = ["Graphics & Games", "Developer Tools", "App Services", "Design"]
        let words = ["Metal", "SwiftUI", "Xcode", "CloudKit", "Concurrency", "Widgets", "RealityKit", "Accessibility"]
        let forms = ["What's new in %@", "Meet %@", "Dive deeper into %@", "%@ in depth", "Build apps with %@"]
        var items = (0..<count).map { index in
            DemoItem(id: 100 + index, title: String(format: forms[index % forms.count], words[index % words.count]),
                     kind: kinds[index % kinds.count], track: tracks[index % tracks.count],
                     marks: index % 7 == 0 ? "★" : index % 5 == 0 ? "✓" : "")
        }
        if hostile {
            let titles = [
                "\u{1B}[31mRed\u{1B}[0m escape \u{1B}]0;pwned\u{07}title \u{1B}[2J\u{1B}[H",
                "bidi \u{202E}desrever\u{202C} \u{2067}isolate\u{2069} text",
                String(repeating: "long ", count: 400),
                "日本語のタイトル 한국어 中文標題 ｆｕｌｌ",
                "Party 🎉 rocket 🚀 globe 🌍 done",
                "Cafe\u{301} e\u{301}le\u{300}ve na\u{308}ive",
                "tab\there\nnewline\rreturn\u{0}nul\u{7F}del",
            ]
            for (offset, title) in titles.enumerated() {
                items.insert(DemoItem(id: 900 + offset, title: title, kind: "日本語", track: "🎉 Hostile \u{1B}[7m",
                                      marks: "★"), at: min(items.count, 1 + offset * 2))
            }
        }
        return items
    }

    var page: [StyledLine] {
        var lines: [StyledLine] = [StyledLine(title, style: .bold), StyledLine("\(id) · \(kind) · \(track)", style: .dim), ""]
        lines.append("Progress   16:02 of 38:10 — p resumes, P from the start")
        lines.append("Topics     \(track)")
        lines.append("")
        lines += StyledLine.lines(of: "Discover \(title): " + String(repeating: "a paragraph about what this session shows, ", count: 6)
                                     + "and more.\nChapters\n  0:00  Introduction\n  4:12  The details\n  9:30  Wrapping up")
        return lines
    }
}

/// Why the demo ended.
enum DemoExit: Sendable {
    case quit, interrupted, failed
}

final class DemoBrowser: FullScreenApp {
    private enum Focus { case list, page }

    private var items: [DemoItem]
    /// The items shown (all, or those the narrowing leaves), as indexes into `items`.
    private var shown: [Int]
    private var list: ListState
    private var page = TextView()
    private var pageFor: Int?
    private var tabs = TabBar(tabs: [.init(key: "1", title: "Items"), .init(key: "2", title: "Notes"), .init(key: "3", title: "About")],
                              trailing: "terminal-demo")
    private var focus = Focus.list
    /// One pane at a time: whether the page is the one shown.
    private var pageOpen = false
    private var narrowing: TextArea?
    private var narrowingScroll = 0
    private var dialogButton: Int?
    private var message = "ready"
    private var columnWidths: (width: Int, shown: Int, widths: [Int?])?
    private let queue = AdvancedOperationQueue()
    private let crashable: Bool
    private let foreground: String?
    private(set) var exit = DemoExit.quit
    private var listRect = Rect(x: 0, y: 0, width: 0, height: 0)
    private var tabRect = Rect(x: 0, y: 0, width: 0, height: 0)

    private let table = TableLayout(columns: [
        .init(minimum: 3, alignRight: true),
        .init(minimum: 8, flexible: true),
        .init(minimum: 4, dropOrder: 2),
        .init(minimum: 6, dropOrder: 1),
        .init(minimum: 1),
    ])

    init(items: [DemoItem], crashable: Bool, foreground: String?) {
        self.items = items
        shown = Array(items.indices)
        list = ListState(count: items.count)
        self.crashable = crashable
        self.foreground = foreground
    }

    private var selectedItem: DemoItem? { list.selection.map { items[shown[$0]] } }

    // MARK: Keys

    func handle(_ key: Key, in session: FullScreenSession<DemoBrowser>) {
        if key == .interrupt {
            exit = .interrupted
            return session.quit()
        }
        if case .mouse(let event) = key { return handle(event) }
        if dialogButton != nil { return handleDialog(key) }
        if narrowing != nil, handleNarrowing(key) { return }
        switch key {
        case .character("q") where narrowing == nil:
            session.quit()
        case .character("/"):
            narrowing = TextArea(multiline: false, maximumLength: 200)
            narrowingScroll = 0
        case .paste(let text):
            narrowing = narrowing ?? TextArea(multiline: false, maximumLength: 200)
            for character in text { _ = narrowing?.handle(.character(character.isNewline ? " " : character)) }
            narrow()
        case .character("d"):
            dialogButton = 0
        case .character("r"):
            refreshInBackground(session)
        case .character("!"):
            runForeground(session)
        case .character("X") where crashable:
            fatalError("the demo crashed on purpose")
        case .character("E") where crashable:
            exit = .failed
            session.quit()
        case .character(let digit) where ("1"..."3").contains(digit):
            tabs.selected = Int(String(digit))! - 1
        case .tab:
            tabs.selected = (tabs.selected + 1) % tabs.tabs.count
        case .backTab:
            tabs.selected = (tabs.selected + tabs.tabs.count - 1) % tabs.tabs.count
        case .enter where focus == .list:
            pageOpen = true
            focus = .page
        case .escape, .backspace:
            if focus == .page {
                focus = .list
                pageOpen = false
            } else if narrowing != nil {
                narrowing = nil
                narrow()
            }
        default:
            if focus == .page {
                _ = page.handle(key)
            } else {
                _ = list.handle(key)
            }
        }
    }

    /// Keys for the narrowing field; true when taken.
    private func handleNarrowing(_ key: Key) -> Bool {
        switch key {
        case .escape:
            narrowing = nil
            narrow()
            return true
        case .enter:
            return false
        case .up, .down, .pageUp, .pageDown:
            return false
        default:
            guard var area = narrowing, area.handle(key) != .unhandled else { return false }
            narrowing = area
            narrow()
            return true
        }
    }

    private func handleDialog(_ key: Key) {
        switch key {
        case .left, .right, .tab, .backTab:
            dialogButton = dialogButton == 0 ? 1 : 0
        case .enter:
            message = "dialog: " + (dialogButton == 0 ? "OK" : "Cancel")
            dialogButton = nil
        case .escape:
            message = "dialog: cancelled"
            dialogButton = nil
        default:
            break
        }
    }

    private func handle(_ event: MouseEvent) {
        if tabRect.contains(column: event.column, row: event.row), case .press(.left) = event.action {
            if let tab = tabs.tab(atColumn: event.column, in: tabRect) { tabs.selected = tab }
            return
        }
        if let index = list.handle(event, in: listRect) {
            message = "clicked \(items[shown[index]].id)"
        }
    }

    /// Keeps the items whose title has every word typed as the start of one of its words.
    private func narrow() {
        let selected = selectedItem?.id
        let words = (narrowing?.text ?? "").lowercased().split(separator: " ")
        shown = items.indices.filter { index in
            let titleWords = items[index].title.lowercased().split { !$0.isLetter && !$0.isNumber }
            return words.allSatisfy { word in titleWords.contains { $0.hasPrefix(word) } }
        }
        columnWidths = nil
        list.reload(count: shown.count, selecting: shown.firstIndex { items[$0].id == selected })
    }

    /// A refresh made off the drawing queue: the items come back through `post`.
    private func refreshInBackground(_ session: FullScreenSession<DemoBrowser>) {
        message = "refreshing…"
        let current = items
        queue.addOperation(ClosureOperation(name: "refresh") {
            var refreshed = current
            let next = (current.map(\.id).max() ?? 0) + 1
            refreshed.insert(DemoItem(id: next, title: "Added by a refresh \(next)", kind: "Video", track: "News", marks: "↓"), at: 0)
            let result = refreshed
            session.post { app in app.apply(result) }
        })
    }

    private func apply(_ refreshed: [DemoItem]) {
        let selected = selectedItem?.id
        items = refreshed
        let words = narrowing?.text ?? ""
        shown = Array(items.indices)
        columnWidths = nil
        if words.isEmpty {
            list.reload(count: shown.count, selecting: shown.firstIndex { items[$0].id == selected })
        } else {
            narrow()
        }
        message = "refreshed: \(items.count) items"
    }

    private func runForeground(_ session: FullScreenSession<DemoBrowser>) {
        guard let foreground else { return message = "no foreground program (TERMINAL_DEMO_FOREGROUND)" }
        let status = session.runInForeground { Self.runShell(foreground) }
        message = "foreground program exited \(status)"
    }

    /// Runs `command` with /bin/sh on the terminal and waits for it; its exit status.
    private static func runShell(_ command: String) -> Int32 {
        var pid: pid_t = 0
        let words: [String] = ["/bin/sh", "-c", command]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0 else { return 127 }
        return TerminalChild.wait(pid)
    }

    // MARK: Drawing

    func draw(into screen: inout ScreenBuffer) {
        let parts = Layout.split(screen.bounds, .vertical, [.fixed(1), .minimum(3), .fixed(1), .fixed(1)])
        tabRect = parts[0]
        tabs.draw(in: &screen, rect: parts[0])
        screen.write(String(repeating: "─", count: screen.width), column: 0, row: parts[2].y, style: .dim)
        var status = StatusLine(hints: hints(), message: StyledLine(message))
        if narrowing != nil { status.message = StyledLine("\(shown.count) of \(items.count)") }
        status.draw(in: &screen, rect: parts[3])

        let body = parts[1]
        let panes = Layout.listAndPage(body, pageOpen: pageOpen, drawingRuleIn: &screen)
        if let rect = panes.list { drawList(in: &screen, rect: rect) }
        if let rect = panes.page { drawPage(in: &screen, rect: rect) }
        if let dialogButton {
            let content = Dialog(title: "A dialog over the screen", width: 44, height: 5).draw(in: &screen, bounds: screen.bounds)
            for (row, line) in StyledLine("It stays in the middle, whatever the size, and its text wraps inside it.")
                .wrapped(width: content.width).prefix(max(0, content.height - 2)).enumerated() {
                screen.write(line, column: content.x, row: content.y + row, width: content.width)
            }
            Dialog.drawButtons(["OK", "Cancel"], selected: dialogButton, in: &screen, rect: content.row(content.height - 1))
        }
    }

    private func hints() -> [StatusLine.Hint] {
        if dialogButton != nil { return [.init("←→", "choose"), .init("Enter", "confirm"), .init("Esc", "cancel")] }
        if narrowing != nil { return [.init("type", "narrow"), .init("↑↓", "move"), .init("Esc", "clear")] }
        if focus == .page { return [.init("↑↓", "scroll"), .init("Esc", "back"), .init("q", "quit")] }
        return [.init("↑↓", "move"), .init("Enter", "page"), .init("/", "narrow"), .init("d", "dialog"), .init("r", "refresh"),
                .init("q", "quit")]
    }

    private func drawList(in screen: inout ScreenBuffer, rect: Rect) {
        var rows = rect
        if let narrowing {
            TextField.draw(narrowing, prompt: "/", scroll: &narrowingScroll, in: &screen, rect: rect.row(0).inset(columns: 1, rows: 0))
            rows = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height - 1)
        }
        listRect = rows
        let width = rows.width - 3
        if columnWidths?.width != width || columnWidths?.shown != shown.count {
            let rows = shown.map { cells(items[$0]) }
            columnWidths = (width, shown.count, table.widths(for: rows, width: width))
        }
        let widths = columnWidths!.widths
        let focused = focus == .list
        ListView.draw(&list, in: &screen, rect: rows, selection: focused ? .reverse : .underline) { row, screen in
            if row.isSelected { screen.write("▸", column: row.rect.x + 1, row: row.rect.y) }
            let line = Rect(x: row.rect.x + 3, y: row.rect.y, width: width, height: 1)
            table.draw(cells(items[shown[row.index]]), widths: widths, in: &screen, rect: line) {
                $0 == 2 || $0 == 3 ? .dim : $0 == 4 ? CellStyle(foreground: .yellow) : .plain
            }
        }
    }

    private func cells(_ item: DemoItem) -> [String] {
        [String(item.id), item.title, item.kind, item.track, item.marks]
    }

    private func drawPage(in screen: inout ScreenBuffer, rect: Rect) {
        guard let item = selectedItem else {
            screen.write("Nothing matches.", column: rect.x, row: rect.y, width: rect.width, style: .dim)
            return
        }
        if pageFor != item.id {
            page = TextView(lines: item.page)
            pageFor = item.id
        }
        page.draw(in: &screen, rect: rect)
    }
}
