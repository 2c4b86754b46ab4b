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

    @Test("a combining mark joins the character before it; the length limit holds, counted in Unicode scalars")
    func combiningAndLimit() {
        var area = TextArea(multiline: false, maximumLength: 3)
        type("e\u{301}", into: &area)
        #expect(area.text == "e\u{301}")
        #expect(area.lines[0].count == 1)
        // The mark is a scalar of its own: a character of many marks cannot pass the limit.
        type("abcd", into: &area)
        #expect(area.text == "e\u{301}a")
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
