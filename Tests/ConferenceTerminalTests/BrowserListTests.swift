@testable import ConferenceTerminal
import TerminalUI
import Testing

/// A browser's list refreshed in place: fewer rows than before, the selection kept by its session.
@Suite("browser list")
struct BrowserListTests {
    private static let layout = TableLayout(columns: [.init(minimum: 3), .init(minimum: 8, flexible: true)])

    private func rows(_ ids: [String]) -> [BrowserRow] {
        ids.map { BrowserRow(sessionID: $0, cells: [$0, "Title of " + $0], title: 1) }
    }

    @Test("new rows, fewer than before, the last one selected: the selection follows its session, or the first row when it is gone")
    func replacedByFewer() {
        var list = BrowserList(rows: rows(["a", "b", "c", "d", "e"]), layout: Self.layout, title: 1)
        list.state.select(3)
        #expect(list.selectedSession == "d")
        list.replace(rows(["d", "e"]))
        #expect(list.selectedSession == "d")
        list.state.select(1)
        list.replace(rows(["a"]))
        #expect(list.selectedSession == "a")
        list.replace([])
        #expect(list.selectedSession == nil)
    }
}
