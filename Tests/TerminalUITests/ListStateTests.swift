import Testing
@testable import TerminalUI

@Suite("ListState and ListView")
struct ListStateTests {
    /// A list drawn in `rows` rows; which items were drawn.
    private func draw(_ state: inout ListState, rows: Int) -> [Int] {
        var screen = ScreenBuffer(width: 20, height: rows)
        var drawn: [Int] = []
        ListView.draw(&state, in: &screen, rect: screen.bounds) { row, screen in
            drawn.append(row.index)
            screen.write("item \(row.index)", column: row.rect.x, row: row.rect.y)
        }
        return drawn
    }

    @Test("only the visible rows are drawn, the selected one in reverse video")
    func visibleRows() {
        var state = ListState(count: 20_000)
        var screen = ScreenBuffer(width: 20, height: 5)
        var drawn: [Int] = []
        ListView.draw(&state, in: &screen, rect: Rect(x: 0, y: 1, width: 20, height: 3)) { row, screen in
            drawn.append(row.index)
            screen.write("item \(row.index)", column: row.rect.x, row: row.rect.y)
        }
        #expect(drawn == [0, 1, 2])
        #expect(screen.lines == ["", "item 0", "item 1", "item 2", ""])
        #expect(screen[0, 1].style.attributes.contains(.reverse) && screen[19, 1].style.attributes.contains(.reverse))
        #expect(!screen[0, 2].style.attributes.contains(.reverse))
    }

    @Test("a list made with an item selected below its first (past headings) is drawn from its first when it fits, else down to the selection")
    func selectedBeforeDrawn() {
        var state = ListState(count: 30, selecting: 2)
        #expect(draw(&state, rows: 10) == Array(0..<10))
        #expect(state.selection == 2 && state.offset == 0)
        var deep = ListState(count: 30, selecting: 14)
        #expect(draw(&deep, rows: 10) == Array(5..<15))
        #expect(deep.selection == 14)
        var empty = ListState(count: 0, selecting: 3)
        #expect(empty.selection == nil && draw(&empty, rows: 10).isEmpty)
    }

    @Test("keys move the selection and scroll: arrows, j k, PgUp/PgDn, Home/End, g G")
    func keys() {
        var state = ListState(count: 100)
        _ = draw(&state, rows: 10)
        #expect(state.handle(.down) && state.handle(.character("j")))
        #expect(state.selection == 2 && state.offset == 0)
        #expect(state.handle(.pageDown) == true)
        #expect(state.selection == 12 && state.offset == 10)
        #expect(draw(&state, rows: 10) == Array(10..<20))
        #expect(state.handle(.character("k")) && state.selection == 11 && state.offset == 10)
        #expect(state.handle(.up) && state.handle(.up) && state.selection == 9 && state.offset == 9)
        #expect(state.handle(.end) && state.selection == 99 && state.offset == 90)
        #expect(state.handle(.pageDown) && state.selection == 99)
        #expect(state.handle(.character("g")) && state.selection == 0 && state.offset == 0)
        #expect(state.handle(.character("G")) && state.selection == 99)
        #expect(state.handle(.pageUp) && state.selection == 89 && state.offset == 80)
        #expect(state.handle(.home) && state.selection == 0)
        #expect(state.handle(.character("x")) == false)
        var empty = ListState(count: 0)
        #expect(!empty.handle(.down) && empty.selection == nil)
    }

    @Test("a refresh keeps the selected item on the row it was on")
    func reload() {
        var state = ListState(count: 100)
        _ = draw(&state, rows: 10)
        state.select(40)
        #expect(state.offset == 31)  // the selection on the last row
        state.select(35)  // row 4
        // Two items came in above: the item selected is now at 37; it stays on row 4.
        state.reload(count: 102, selecting: 37)
        #expect(state.selection == 37 && state.offset == 33)
        #expect(draw(&state, rows: 10) == Array(33..<43))
        // Narrowed to a few: all of them shown, the selection clamped.
        state.reload(count: 3, selecting: nil)
        #expect(state.selection == 0 && state.offset == 0)
        state.reload(count: 0, selecting: 5)
        #expect(state.selection == nil && state.visibleRange.isEmpty)
    }

    @Test("the mouse: a click selects its row, the wheel scrolls keeping the selection in view")
    func mouse() {
        var state = ListState(count: 50)
        let rect = Rect(x: 0, y: 2, width: 20, height: 10)
        var screen = ScreenBuffer(width: 20, height: 12)
        ListView.draw(&state, in: &screen, rect: rect) { _, _ in }
        #expect(state.handle(MouseEvent(action: .press(.left), column: 3, row: 5), in: rect) == 3)
        #expect(state.selection == 3)
        #expect(state.handle(MouseEvent(action: .press(.left), column: 3, row: 0), in: rect) == nil)
        #expect(state.handle(MouseEvent(action: .wheelDown, column: 3, row: 5), in: rect) == nil)
        #expect(state.offset == 3 && state.selection == 3)
        _ = state.handle(MouseEvent(action: .wheelDown, column: 3, row: 5), in: rect)
        #expect(state.offset == 6 && state.selection == 6)
        _ = state.handle(MouseEvent(action: .wheelUp, column: 3, row: 5), in: rect)
        #expect(state.offset == 3 && state.selection == 6)
    }
}
