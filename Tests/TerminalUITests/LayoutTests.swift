import Testing
@testable import TerminalUI

@Suite("Layout")
struct LayoutTests {
    @Test("fixed and percentage parts first, the minimum ones share the rest")
    func split() {
        let screen = Rect(x: 0, y: 0, width: 120, height: 30)
        let rows = Layout.split(screen, .vertical, [.fixed(1), .minimum(3), .fixed(1), .fixed(1)])
        #expect(rows.map(\.height) == [1, 27, 1, 1])
        #expect(rows.map(\.y) == [0, 1, 28, 29])
        #expect(rows.allSatisfy { $0.width == 120 && $0.x == 0 })
        let panes = Layout.split(rows[1], .horizontal, [.percentage(50), .fixed(1), .minimum(20)])
        #expect(panes.map(\.width) == [60, 1, 59])
        #expect(panes.map(\.x) == [0, 60, 61])
        let shared = Layout.split(Rect(x: 5, y: 0, width: 11, height: 1), .horizontal, [.minimum(0), .fixed(1), .minimum(0)])
        #expect(shared.map(\.width) == [5, 1, 5])
        #expect(shared.map(\.x) == [5, 10, 11])
    }

    @Test("too small: the minimum parts give way first, then percentages, then fixed parts from the last")
    func tooSmall() {
        let parts = Layout.split(Rect(x: 0, y: 0, width: 10, height: 4), .vertical, [.fixed(1), .minimum(3), .fixed(1), .fixed(1)])
        #expect(parts.map(\.height) == [1, 1, 1, 1])
        let tiny = Layout.split(Rect(x: 0, y: 0, width: 10, height: 2), .vertical, [.fixed(1), .minimum(3), .percentage(50), .fixed(1)])
        #expect(tiny.map(\.height) == [1, 0, 0, 1])
        #expect(tiny.reduce(0) { $0 + $1.height } == 2)
    }

    @Test("rectangles: intersection, inset, centre, rows")
    func rectangles() {
        let rect = Rect(x: 2, y: 3, width: 10, height: 5)
        #expect(rect.intersection(Rect(x: 0, y: 0, width: 5, height: 5)) == Rect(x: 2, y: 3, width: 3, height: 2))
        #expect(rect.inset(columns: 1, rows: 1) == Rect(x: 3, y: 4, width: 8, height: 3))
        #expect(rect.centered(width: 4, height: 1) == Rect(x: 5, y: 5, width: 4, height: 1))
        #expect(rect.centered(width: 40, height: 10) == rect)
        #expect(rect.row(2) == Rect(x: 2, y: 5, width: 10, height: 1))
        #expect(rect.row(5).isEmpty)
        #expect(rect.contains(column: 11, row: 7) && !rect.contains(column: 12, row: 7))
    }
}
