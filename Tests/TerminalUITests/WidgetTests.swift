import Testing
@testable import TerminalUI

@Suite("Full-screen widgets")
struct WidgetTests {
    @Test("a styled line wraps at spaces, keeps the spaces inside a line and the styles, splits long words")
    func wrapping() {
        var line = StyledLine("Progress   16:02", style: .bold)
        line.append(" of 38:10 — p resumes")
        let wrapped = line.wrapped(width: 20)
        #expect(wrapped.map(\.text) == ["Progress   16:02 of", "38:10 — p resumes"])
        #expect(wrapped[0].spans.map(\.style) == [.bold, .plain])
        #expect(StyledLine("abcdefghij").wrapped(width: 4).map(\.text) == ["abcd", "efgh", "ij"])
        #expect(StyledLine("  indented text here").wrapped(width: 10).map(\.text) == ["  indented", "text here"])
        #expect(StyledLine("日本語の文章です").wrapped(width: 5).map(\.text) == ["日本", "語の", "文章", "です"])
        #expect(StyledLine("").wrapped(width: 5).map(\.text) == [""])
        #expect(StyledLine.lines(of: "a\n\tb\u{1B}[31m").map(\.text) == ["a", " b"])
        for piece in StyledLine("Swift 日本語 🎉 emoji and a verylongwordthatneedsbreaking here").wrapped(width: 7) {
            #expect(piece.width <= 7)
        }
    }

    @Test("text Style marked becomes styled spans: bold, dim, colours and their ends, a style running across a line break; other escapes go")
    func marked() {
        let style = Style(enabled: true)
        let text = style.bold("Title") + " plain " + style.dim("dim " + style.yellow("★")) + "\n" + "\u{1B}[1mstill bold\n\u{1B}[22mplain \u{1B}]0;pwned\u{07}x"
        let lines = StyledLine.lines(marked: text)
        #expect(lines.count == 3)
        #expect(lines[0].text == "Title plain dim ★")
        #expect(lines[0].spans.map(\.text) == ["Title", " plain ", "dim ", "★"])
        #expect(lines[0].spans.map(\.style) == [.bold, .plain, .dim, CellStyle(foreground: .yellow, attributes: .dim)])
        #expect(lines[1].spans.map(\.style) == [.bold])
        #expect(lines[2].spans.allSatisfy { $0.style == .plain })
        #expect(!lines[2].text.contains("\u{1B}") && !lines[2].text.contains("\u{07}"))
        #expect(StyledLine(marked: "no marks").spans == StyledLine("no marks").spans)
    }

    @Test("a text view reveals a line (scrolling as little as it can) and says on which row a line is drawn")
    func reveal() {
        var view = TextView(lines: (0..<30).map { StyledLine("line \($0)") })
        var screen = ScreenBuffer(width: 20, height: 5)
        view.draw(in: &screen, rect: screen.bounds)
        #expect(view.row(ofLine: 3) == 3)
        #expect(view.row(ofLine: 7) == nil)
        view.reveal(line: 7)
        #expect(view.offset == 3)
        #expect(view.row(ofLine: 7) == 4)
        view.reveal(line: 1)
        #expect(view.offset == 1)
    }

    @Test("a text view scrolls within its text and keeps its place when the text is replaced")
    func textView() {
        var view = TextView(lines: (1...30).map { StyledLine("line \($0)") })
        var screen = ScreenBuffer(width: 10, height: 5)
        view.draw(in: &screen, rect: screen.bounds)
        #expect(screen.lines.first == "line 1")
        #expect(view.handle(.pageDown) && view.offset == 5)
        #expect(view.handle(.character("j")) && view.offset == 6)
        #expect(view.handle(.end) && view.offset == 25)
        #expect(view.handle(.mouse(MouseEvent(action: .wheelUp, column: 0, row: 0))) && view.offset == 22)
        view.lines = (1...30).map { StyledLine("new \($0)") }
        screen = ScreenBuffer(width: 10, height: 5)
        view.draw(in: &screen, rect: screen.bounds)
        #expect(screen.lines == ["new 23", "new 24", "new 25", "new 26", "new 27"])
        #expect(view.handle(.home) && view.offset == 0)
        #expect(view.handle(.character("x")) == false)
    }

    @Test("a text view scrolled to a line of text just set puts it at the top once drawn (wrapped), as far as the text goes")
    func textViewScrollsToLine() {
        var view = TextView()
        view.lines = ["a long first line"] + (2...20).map { StyledLine("line \($0)") }
        view.scroll(toLine: 3)
        var screen = ScreenBuffer(width: 10, height: 4)
        view.draw(in: &screen, rect: screen.bounds)
        // The first line wraps to two rows: line 3 (index 3, "line 4") starts at row 4.
        #expect(screen.lines.first == "line 4")
        view.scroll(toLine: 19)
        screen = ScreenBuffer(width: 10, height: 4)
        view.draw(in: &screen, rect: screen.bounds)
        #expect(screen.lines == ["line 17", "line 18", "line 19", "line 20"])
    }

    @Test("tabs: the selected one in brackets, as wide as the others; compact when narrow; clicks find their tab")
    func tabs() {
        let bar = TabBar(tabs: [.init(key: "1", title: "Explore"), .init(key: "2", title: "Schedule"), .init(key: "3", title: "Videos")],
                         selected: 1, trailing: "WWDC")
        var screen = ScreenBuffer(width: 50, height: 1)
        bar.draw(in: &screen, rect: screen.bounds)
        #expect(screen.lines == ["  1 Explore [2 Schedule] 3 Videos            WWDC"])
        #expect(screen[12, 0].style.attributes == [.bold, .reverse])
        #expect(bar.tab(atColumn: 3, in: screen.bounds) == 0)
        #expect(bar.tab(atColumn: 15, in: screen.bounds) == 1)
        #expect(bar.tab(atColumn: 49, in: screen.bounds) == nil)
        var narrow = ScreenBuffer(width: 22, height: 1)
        bar.draw(in: &narrow, rect: narrow.bounds)
        #expect(narrow.lines == ["  1 [2 Schedule] 3"])
    }

    @Test("the status line: the message has room first, hints that do not fit go whole")
    func statusLine() {
        let status = StatusLine(hints: [.init("↑↓", "move"), .init("Enter", "page"), .init("q", "quit")], message: "syncing 4/9")
        var screen = ScreenBuffer(width: 44, height: 1)
        status.draw(in: &screen, rect: screen.bounds)
        #expect(screen.lines == [" ↑↓ move  Enter page  q quit    syncing 4/9"])
        #expect(screen[1, 0].style == .bold && screen[10, 0].style == .bold && screen[4, 0].style == .plain)
        var narrow = ScreenBuffer(width: 30, height: 1)
        status.draw(in: &narrow, rect: narrow.bounds)
        #expect(narrow.lines == [" ↑↓ move          syncing 4/9"])
        var tiny = ScreenBuffer(width: 8, height: 1)
        StatusLine(hints: [.init("q", "quit")], message: "a long message").draw(in: &tiny, rect: tiny.bounds)
        #expect(tiny.lines == [" a long"])
    }

    @Test("a dialog: a box with its title, centred, its inside cleared; buttons with the selected one marked")
    func dialog() {
        var screen = ScreenBuffer(width: 30, height: 9)
        for row in 0..<9 { screen.write(String(repeating: "x", count: 30), column: 0, row: row) }
        let content = Dialog(title: "Log in", width: 16, height: 3).draw(in: &screen, bounds: screen.bounds)
        #expect(content == Rect(x: 7, y: 3, width: 16, height: 3))
        Dialog.drawButtons(["OK", "Cancel"], selected: 0, in: &screen, rect: content.row(2))
        let full = String(repeating: "x", count: 30)
        #expect(screen.lines == [
            full, full,
            "xxxxx┌─ Log in ─────────┐xxxxx",
            "xxxxx│                  │xxxxx",
            "xxxxx│                  │xxxxx",
            "xxxxx│ [ OK ]   Cancel  │xxxxx",
            "xxxxx└──────────────────┘xxxxx",
            full, full,
        ])
        #expect(screen[7, 5].style == .reverse && screen[16, 5].style == .plain)
        #expect(Dialog.button(atColumn: 9, ["OK", "Cancel"], in: content.row(2)) == 0)
        #expect(Dialog.button(atColumn: 18, ["OK", "Cancel"], in: content.row(2)) == 1)
        var small = ScreenBuffer(width: 12, height: 4)
        let inside = Dialog(title: "A long title", width: 40, height: 10).draw(in: &small, bounds: small.bounds)
        #expect(inside == Rect(x: 2, y: 1, width: 8, height: 2))
        #expect(small.lines.first == "┌─ A lon… ─┐")
    }

    @Test("columns on a screen: the title has the room first, the minor columns go first, cells cut with an ellipsis")
    func columns() {
        let table = TableLayout(columns: [
            .init(minimum: 3, alignRight: true), .init(minimum: 8, flexible: true),
            .init(minimum: 4, dropOrder: 2), .init(minimum: 6, dropOrder: 1),
        ])
        let rows = [["501", "What's new in Metal", "Session", "Graphics & Games"], ["8007", "Swift Lab", "Lab", "Developer Tools"]]
        for (width, expected) in [(60, " 501  What's new in Metal  Session  Graphics & Games"),
                                  (48, " 501  What's new in Metal  Session  Graphics & …"),
                                  (40, " 501  What's new in Metal  Sess…  Graph…"),
                                  (20, " 501  What's new in…")] {
            let widths = table.widths(for: rows, width: width)
            var screen = ScreenBuffer(width: width, height: 1)
            table.draw(rows[0], widths: widths, in: &screen, rect: screen.bounds) { $0 == 1 ? .bold : .plain }
            #expect(screen.lines == [expected], "width \(width)")
            #expect(screen[6, 0].style == .bold)
        }
    }

    @Test("a text field shows the end of a long text with the cursor in reverse video")
    func textField() {
        var area = TextArea(text: "a long narrowing text", multiline: false)
        var scroll = 0
        var screen = ScreenBuffer(width: 12, height: 1)
        TextField.draw(area, prompt: "/", scroll: &scroll, in: &screen, rect: screen.bounds)
        #expect(screen.lines == ["/wing text"])
        #expect(screen[10, 0].style.attributes.contains(.reverse))
        _ = area.handle(.home)
        screen = ScreenBuffer(width: 12, height: 1)
        TextField.draw(area, prompt: "/", scroll: &scroll, in: &screen, rect: screen.bounds)
        #expect(screen.lines == ["/a long nar"])
        #expect(screen[1, 0].style.attributes.contains(.reverse))
    }
}
