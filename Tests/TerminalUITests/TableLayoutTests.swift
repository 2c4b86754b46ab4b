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

    @Test("on a terminal the flexible column is cut with an ellipsis to what the others leave")
    func cut() {
        #expect(render(width: 30) == "101  Keynote about ev…  Hall A\n102  Platforms          Room 2\n")
    }

    @Test("narrower still, the droppable column goes before the flexible one falls below its minimum")
    func dropped() {
        #expect(render(width: 16) == "101  Keynote ab…\n102  Platforms\n")
    }
}
