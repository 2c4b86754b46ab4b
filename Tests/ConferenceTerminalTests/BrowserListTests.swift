import TestTraits
import Testing
@testable import ConferenceTerminal
import TerminalUI

@Suite("BrowserList: new rows", .offThePool)
struct BrowserListTests {
    private static func rows(_ numbers: [Int]) -> [BrowserRow] {
        numbers.map { BrowserRow(sessionID: "wwdc2026-\($0)", cells: ["\($0)", "Session \($0)"], title: 1) }
    }

    private static func list(_ numbers: [Int]) -> BrowserList {
        BrowserList(rows: rows(numbers), layout: BrowserContent.exploreLayout, title: 1)
    }

    @Test("fewer rows than the selection's place (a search that now finds nothing): nothing selected, nothing out of range")
    func fewerRows() {
        var list = Self.list([101, 102, 103])
        list.state.select(2)
        list.replace([])
        #expect(list.selectedSession == nil)
        list.replace(Self.rows([201, 202]))
        #expect(list.selectedSession == "wwdc2026-201")
        list.state.select(1)
        list.replace(Self.rows([301]))
        #expect(list.selectedSession == "wwdc2026-301")
    }

    @Test("the selection follows its session to its new place; a narrowing kept")
    func selectionKept() {
        var list = Self.list([101, 102, 103])
        list.state.select(1)
        list.replace(Self.rows([100, 101, 102, 103]))
        #expect(list.selectedSession == "wwdc2026-102")
        list.narrow("session 10")
        list.replace(Self.rows([99, 102, 200]))
        #expect(list.selectedSession == "wwdc2026-102")
        #expect(list.state.count == 1)
    }

    @Test("narrowing typed on looks only at what is shown, and keeps what the whole list would: a word typed on, a word added, a word taken back")
    func narrowingTypedOn() {
        var list = Self.list([101, 102, 103])
        list.replace([BrowserRow(sessionID: "a", cells: ["1", "Meet Metal shaders"], title: 1),
                      BrowserRow(sessionID: "b", cells: ["2", "Metal for games"], title: 1),
                      BrowserRow(sessionID: "c", cells: ["3", "Meet SwiftUI"], title: 1)])
        list.narrow("me")
        #expect(list.shown.count == 3)
        list.narrow("met")
        #expect(list.shown.map { list.rows[$0].sessionID } == ["a", "b"])
        list.narrow("met sha")
        #expect(list.shown.map { list.rows[$0].sessionID } == ["a"])
        list.narrow("met")
        #expect(list.shown.map { list.rows[$0].sessionID } == ["a", "b"])
        list.narrow("mee")
        #expect(list.shown.map { list.rows[$0].sessionID } == ["a", "c"])
    }
}

@Suite("BrowserList: Explore's columns", .offThePool)
struct BrowserExploreColumnsTests {
    @Test("a topic's count is whole beside long topic names (Apple's 2019 topics in a 48-column pane); the names are cut instead")
    func countsWhole() {
        let topics = [("Special Events", "3 sessions"), ("Internationalization and Localization", "1 session"),
                      ("Machine Learning and Vision", "16 sessions"), ("UI Frameworks", "42 sessions")]
        let rows = topics.map { BrowserRow(sessionID: nil, cells: ["", $0.0, $0.1, ""], title: 1) }
        var list = BrowserList(rows: rows, layout: BrowserContent.exploreLayout, title: 1)
        var screen = ScreenBuffer(width: 48, height: rows.count)
        list.draw(in: &screen, rect: screen.bounds, focused: true)
        for (line, topic) in zip(screen.lines, topics) {
            #expect(line.hasSuffix(topic.1), "\(line)")
        }
        #expect(screen.lines[1].contains("Internationalization and Loc…"), "\(screen.lines[1])")
    }
}
