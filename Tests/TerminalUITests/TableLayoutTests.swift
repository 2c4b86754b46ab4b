import Testing
import TerminalUI

/// Rows in columns: on a terminal the flexible column takes what the others leave, droppable
/// columns shrink and then go, cells are cut with an ellipsis; in a pipe nothing is cut.
@Suite("Table layout")
struct TableLayoutTests {
    static let rows = [["101", "Keynote about everything", "Hall A"], ["102", "Platforms", "Room 2"]]
    static let layout = TableLayout(columns: [.init(), .init(minimum: 8, flexible: true), .init(minimum: 4, dropOrder: 1)])

    func render(width: Int?) -> String {
        Self.layout.render(Self.rows, headings: [:], indent: "", width: width, heading: { $0 }) { $1 }
    }

    @Test("in a pipe every cell is whole, the flexible column padded to its widest cell")
    func pipe() {
        #expect(render(width: nil) == "101  Keynote about everything  Hall A\n102  Platforms                 Room 2\n")
    }

    @Test("on a terminal the droppable column shrinks first, to give the title its room")
    func shrunk() {
        #expect(render(width: 36) == "101  Keynote about everything  Hall…\n102  Platforms                 Room…\n")
    }

    @Test("narrower, the droppable column goes before a title is cut")
    func droppedBeforeCutting() {
        #expect(render(width: 30) == "101  Keynote about everything\n102  Platforms\n")
    }

    @Test("narrower still, with nothing left to go, the title is cut with an ellipsis")
    func dropped() {
        #expect(render(width: 16) == "101  Keynote ab…\n102  Platforms\n")
    }

    @Test("one title far longer than the others is cut rather than empty the listing of its details")
    func outlier() {
        let rows = (1...9).map { ["\($0)", "Title \($0)", "Hall"] } + [["10", "A title longer than any terminal would show whole", "Hall"]]
        let lines = Self.layout.render(rows, headings: [:], indent: "", width: 30, heading: { $0 }) { $1 }.split(separator: "\n")
        #expect(lines.first == "1   Title 1               Hall")
        #expect(lines.last == "10  A title longer than…  Hall")
    }
}

/// What is printed as one unit (a command, "just now") is never split over two lines.
@Suite("Units kept whole")
struct WholeUnitsTests {
    @Test("wrapping keeps a command on one line, moving it whole to the next")
    func wrapKeepsCommands() {
        let text = "42%, 6:10 of 21:12 — wwdc watch 201 --at 6:10"
        #expect(text.wrapped(width: 30) == ["42%, 6:10 of 21:12 — wwdc", "watch 201 --at 6:10"])
        #expect(text.wrapped(width: 30, keepingWhole: ["wwdc watch 201 --at 6:10"]) == ["42%, 6:10 of 21:12 —", "wwdc watch 201 --at 6:10"])
        // Wider than the width: on a line of its own, whole, never split between characters.
        #expect(text.wrapped(width: 20, keepingWhole: ["wwdc watch 201 --at 6:10"]) == ["42%, 6:10 of 21:12 —", "wwdc watch 201 --at 6:10"])
    }

    @Test("units joined on lines break only between them")
    func unitLines() {
        let parts = ["████████████████ 29%", "6:10 / 21:12", "just now"]
        #expect(parts.lines(separator: "  ", width: 80, indent: "  ") == ["  ████████████████ 29%  6:10 / 21:12  just now"])
        #expect(parts.lines(separator: "  ", width: 40, indent: "  ") == ["  ████████████████ 29%  6:10 / 21:12", "  just now"])
        #expect(parts.lines(separator: "  ", width: 10, indent: "  ") == ["  ████████████████ 29%", "  6:10 / 21:12", "  just now"])
    }
}
