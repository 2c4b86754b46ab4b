import Testing
@testable import TerminalUI

@Suite("DrawnRegion: erasing what was drawn")
struct DrawnRegionTests {
    @Test("no resize: one row a line, the cursor's line counts")
    func sameWidth() {
        let region = DrawnRegion(lines: [String(repeating: "a", count: 45), ""], cursorLine: 1, cursorColumn: 0, columns: 100)
        #expect(region.rowsAbove(columns: 100) == 1)
        #expect(region.eraseSequence(columns: 100) == "\r\u{1B}[1A\u{1B}[J")
    }

    @Test("a narrower window whose signal has not been handled yet: erased by the rewrapped height")
    func narrowerBeforeTheSignal() {
        // Drawn at 100 columns; the window is 30 now, and no SIGWINCH has been counted: a 45-column
        // line now takes 2 rows, so the erase must go up 2, not 1, or its first row stays behind.
        let region = DrawnRegion(lines: [String(repeating: "a", count: 45), ""], cursorLine: 1, cursorColumn: 0, columns: 100)
        #expect(region.wasResized(columns: 30))
        #expect(region.rowsAbove(columns: 30) == 2)
    }
}
