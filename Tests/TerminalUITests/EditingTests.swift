import Testing
@testable import TerminalUI

/// Applies keys decoded from what a user would type.
private func type(_ bytes: String, into area: inout TextArea) {
    for key in KeyDecoder.keys(in: Array(bytes.utf8)) { _ = area.handle(key) }
}

@Suite("TextArea editing keys")
struct TextAreaTests {
    @Test("typing, moving and deleting on one line")
    func singleLine() {
        var area = TextArea(multiline: false)
        type("helo", into: &area)
        type("\u{1B}[Dl", into: &area)  // ← then insert
        #expect(area.text == "hello")
        type("\u{01}>", into: &area)  // Ctrl-A then insert at start
        #expect(area.text == ">hello")
        type("\u{05}!", into: &area)  // Ctrl-E then insert at end
        #expect(area.text == ">hello!")
        type("\u{7F}\u{7F}", into: &area)
        #expect(area.text == ">hell")
        type("\u{1B}[H\u{1B}[3~", into: &area)  // Home, Delete
        #expect(area.text == "hell")
        #expect(area.handle(.enter) == .unhandled)
        #expect(area.handle(.up) == .unhandled)
    }

    @Test("Ctrl-K, Ctrl-U and Ctrl-W")
    func killKeys() {
        var area = TextArea(text: "one two three", multiline: false)
        type("\u{17}", into: &area)
        #expect(area.text == "one two ")
        type("\u{17}", into: &area)
        #expect(area.text == "one ")
        area = TextArea(text: "keep|drop", multiline: false)
        type("\u{1B}[D\u{1B}[D\u{1B}[D\u{1B}[D\u{0B}", into: &area)
        #expect(area.text == "keep|")
        type("\u{15}", into: &area)
        #expect(area.text == "")
    }

    @Test("Enter breaks lines; backspace at a line start joins; arrows cross lines")
    func multiline() {
        var area = TextArea(multiline: true)
        type("first\rsecond", into: &area)
        #expect(area.text == "first\nsecond")
        #expect(area.row == 1)
        type("\u{1B}[A", into: &area)
        #expect(area.row == 0 && area.column == 5)
        #expect(area.handle(.up) == .leftTop)
        type("\u{1B}[B\u{01}\u{7F}", into: &area)
        #expect(area.text == "firstsecond")
        #expect(area.handle(.down) == .leftBottom)
    }

    @Test("a combining mark joins the character before it; the length limit holds")
    func combiningAndLimit() {
        var area = TextArea(multiline: false, maximumLength: 3)
        type("e\u{301}", into: &area)
        #expect(area.text == "e\u{301}")
        #expect(area.lines[0].count == 1)
        type("abcd", into: &area)
        #expect(area.text == "e\u{301}ab")
    }
}

@Suite("Menu keys")
struct MenuTests {
    let buttons = ["Retry", "Skip", "Cancel"]

    @Test("arrows move, wrapping around; Enter chooses the selection")
    func arrows() {
        var menu = Menu(title: "t", buttons: buttons)
        #expect(menu.handle(.right) == .moved)
        #expect(menu.handle(.right) == .moved)
        #expect(menu.handle(.right) == .moved)
        #expect(menu.selection == 0)
        #expect(menu.handle(.left) == .moved)
        #expect(menu.selection == 2)
        #expect(menu.handle(.enter) == .chosen(2))
    }

    @Test("the first letter chooses at once, in either case; an unknown letter does nothing")
    func firstLetter() {
        var menu = Menu(title: "t", buttons: buttons)
        #expect(menu.handle(.character("s")) == .chosen(1))
        #expect(menu.handle(.character("C")) == .chosen(2))
        #expect(menu.handle(.character("x")) == .none)
        var shared = Menu(title: "t", buttons: ["Save", "Skip", "Cancel"])
        #expect(shared.handle(.character("s")) == .moved)
        #expect(shared.selection == 1)
        #expect(shared.handle(.character("s")) == .moved)
        #expect(shared.selection == 0)
    }

    @Test("Escape and Ctrl-C cancel")
    func cancel() {
        var menu = Menu(title: "t", buttons: buttons)
        #expect(menu.handle(.escape) == .cancelled)
        #expect(menu.handle(.interrupt) == .cancelled)
    }

    @Test("the button row marks the selection without colour and fits the width")
    func row() {
        var menu = Menu(title: "t", buttons: buttons, defaultButton: 1)
        let plain = menu.buttonRow(width: 80, style: .plain, highlight: true)
        #expect(plain.hasPrefix(" Retry   [Skip]   Cancel "))
        #expect(!plain.contains("\u{1B}"))
        _ = menu.handle(.right)
        #expect(menu.buttonRow(width: 80, style: .plain, highlight: false) == " Retry    Skip   [Cancel]")
        let narrow = Menu(title: "t", buttons: ["A very long button label", "Another long label"]).buttonRow(width: 30, style: .plain, highlight: true)
        #expect(narrow.displayWidth <= 30)
    }
}

@Suite("FeedbackForm keys and drawing")
struct FeedbackFormTests {
    private func apply(_ bytes: String, to form: inout FeedbackForm) -> FeedbackForm.Action {
        var last = FeedbackForm.Action.none
        for key in KeyDecoder.keys(in: Array(bytes.utf8)) {
            last = form.handle(key)
            if case .submitted = last { return last }
            if last == .cancelled { return last }
        }
        return last
    }

    @Test("digits and arrows set ratings, Tab moves, the comment edits, Enter on Submit submits")
    func fullRun() {
        var form = FeedbackForm(title: "Session")
        let action = apply("4\t\u{1B}[C\u{1B}[C\u{1B}[C\u{1B}[D\t5\tGreat talk\u{17}session\rSecond line\t\r", to: &form)
        #expect(action == .submitted(.init(overall: 4, content: 2, presentation: 5, comment: "Great session\nSecond line")))
    }

    @Test("arrows move between fields; up/down inside the comment move between its lines first")
    func navigation() {
        var form = FeedbackForm(title: "Session")
        _ = apply("\u{1B}[B\u{1B}[B\u{1B}[B", to: &form)
        #expect(form.focus == .comment)
        _ = apply("a\rb\u{1B}[A", to: &form)
        #expect(form.focus == .comment)
        _ = apply("\u{1B}[A", to: &form)
        #expect(form.focus == .presentation)
        _ = apply("\u{1B}[Z\u{1B}[Z", to: &form)
        #expect(form.focus == .overall)
        _ = apply("\u{1B}[Z", to: &form)
        #expect(form.focus == .cancel)
    }

    @Test("submitting without an overall rating asks for one instead")
    func overallRequired() {
        var form = FeedbackForm(title: "Session")
        #expect(apply("\t\t\t\t\r", to: &form) == .changed)
        #expect(form.focus == .overall)
        #expect(form.notice?.contains("overall rating") == true)
        #expect(apply("0", to: &form) == .changed)
        #expect(form.notice == nil)
    }

    @Test("ratings stay within 0…5; 0 and Backspace clear; unrated optional fields are nil")
    func bounds() {
        var form = FeedbackForm(title: "Session")
        _ = apply("\u{1B}[D\u{1B}[D", to: &form)
        #expect(form.ratings[0] == 0)
        _ = apply("\u{1B}[C\u{1B}[C\u{1B}[C\u{1B}[C\u{1B}[C\u{1B}[C\u{1B}[C", to: &form)
        #expect(form.ratings[0] == 5)
        _ = apply("9", to: &form)
        #expect(form.ratings[0] == 5)
        _ = apply("\u{7F}", to: &form)
        #expect(form.ratings[0] == 0)
        _ = apply("3", to: &form)
        #expect(form.answer == .init(overall: 3, content: nil, presentation: nil, comment: ""))
    }

    @Test("Escape, Ctrl-C and Enter on Cancel cancel")
    func cancel() {
        for keys in ["\u{1B}", "\u{03}", "5\u{1B}[Z\r", "5\t\tcomment\u{03}"] {
            var form = FeedbackForm(title: "Session")
            #expect(apply(keys, to: &form) == .cancelled)
        }
    }

    @Test("the drawing fits the width, sanitises the title and puts the cursor in the comment")
    func frame() throws {
        var form = FeedbackForm(title: "Evil \u{1B}]0;pwned\u{07}\u{1B}[31mtitle that is rather long for a narrow terminal")
        _ = apply("4\t\t\tline one\rline two", to: &form)
        var scroll = 0
        let frame = form.frame(width: 30, height: 24, style: .plain, scroll: &scroll, status: nil)
        #expect(!frame.lines.joined().contains("\u{1B}"))
        #expect(frame.lines[0].hasPrefix("Evil title"))
        for line in frame.lines { #expect(line.displayWidth <= 30, "\(line)") }
        let cursor = try #require(frame.cursor)
        #expect(frame.lines[cursor.row] == "  │ line two")
        #expect(cursor.column == 4 + "line two".count)
        let done = form.frame(width: 30, height: 24, style: .plain, scroll: &scroll, status: "Submitted.")
        #expect(done.cursor == nil)
        #expect(done.lines.last == "  Submitted.")
    }

    @Test("a long comment scrolls so the cursor line stays visible")
    func scrolling() throws {
        var form = FeedbackForm(title: "Session")
        _ = apply("\t\t\t" + (1...30).map { "line \($0)" }.joined(separator: "\r"), to: &form)
        var scroll = 0
        let frame = form.frame(width: 40, height: 20, style: .plain, scroll: &scroll, status: nil)
        let cursor = try #require(frame.cursor)
        #expect(frame.lines[cursor.row] == "  │ line 30")
        #expect(frame.lines.count < 20)
    }
}
