import Testing
@testable import TerminalUI
import TestSupport

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

@Suite("Screen: splitting a transcript")
struct ScreenSplitTests {
    @Test("a split never cuts an escape sequence or a UTF-8 character")
    func boundary() {
        let bytes = Array("ab\u{1B}[36m⠧ x".utf8)  // ⠧ is three bytes
        #expect(Screen.boundary(in: bytes, before: 2) == 2)
        #expect(Screen.boundary(in: bytes, before: 3) == 2)  // after ESC
        #expect(Screen.boundary(in: bytes, before: 5) == 2)  // after ESC [ 3
        #expect(Screen.boundary(in: bytes, before: 7) == 7)  // after the whole sequence
        #expect(Screen.boundary(in: bytes, before: 8) == 7)  // inside ⠧
        #expect(Screen.boundary(in: bytes, before: 10) == 10)
    }
}
