#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport
import TestTraits
import Testing
@testable import TerminalUI

/// The full-screen widgets and session in a real terminal: `terminal-demo browse` in tmux, driven
/// with its keys and read from its screen. Serialized, so that one tmux server at a time competes
/// for the machine.
@Suite("Full screen in tmux", .serialized, .offThePool,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed (Debian's package tmux, which .ci/run installs)"))
struct FullScreenTmuxTests {
    static let sizes = [(80, 24), (40, 20), (200, 50)]

    /// The demo in a window of `columns` × `rows`.
    private func start(_ columns: Int, _ rows: Int, _ arguments: [String] = [], environment: [String: String] = [:]) throws -> TmuxSession {
        try TmuxSession([try DemoProgram.require(), "browse"] + arguments, columns: columns, rows: rows, environment: environment)
    }

    /// The demo started from a shell that waits for Enter first and keeps the terminal open after,
    /// printing how the demo ended: the terminal can be read before and after.
    private func startWrapped(_ columns: Int, _ rows: Int, _ arguments: [String] = [], environment: [String: String] = [:]) throws -> TmuxSession {
        let script = #"printf 'READY\n'; read go; "$0" "$@"; printf 'EXITED %s\n' "$?"; read done"#
        let session = try TmuxSession(["/bin/sh", "-c", script, try DemoProgram.require(), "browse"] + arguments,
                                      columns: columns, rows: rows, environment: environment)
        try session.wait(forText: "READY")
        return session
    }

    /// Waits for a whole frame of the demo: the tabs at the top, the keys at the bottom.
    @discardableResult
    private func waitForFrame(_ session: TmuxSession, _ description: String = "a frame", styles: Bool = false,
                              until condition: @escaping (TmuxSession.Snapshot) -> Bool = { _ in true }) throws -> TmuxSession.Snapshot {
        try session.wait(for: description, styles: styles) { snapshot in
            snapshot.alternateOn && snapshot.lines.first?.contains("Items") == true && snapshot.lines.count == snapshot.rows
                && snapshot.lines[snapshot.rows - 2].hasPrefix("───") && snapshot.lines[snapshot.rows - 1].hasPrefix(" ↑↓")
                && condition(snapshot)
        }
    }

    /// No line is wider than the screen.
    private func expectFits(_ snapshot: TmuxSession.Snapshot, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(snapshot.lines.count == snapshot.rows, "\(snapshot)", sourceLocation: sourceLocation)
        for line in snapshot.lines {
            #expect(line.displayWidth <= snapshot.columns, "\(line.debugDescription) is wider than \(snapshot.columns)", sourceLocation: sourceLocation)
        }
    }

    /// The line with the selection mark.
    private func selected(_ snapshot: TmuxSession.Snapshot) -> String? {
        snapshot.lines.first { $0.contains("▸") }
    }

    @Test("the first frame at 80×24, 40×20 and 200×50: tabs, the list, the page beside it when wide, the keys; alternate screen, no cursor",
          arguments: sizes)
    func firstFrame(columns: Int, rows: Int) throws {
        let session = try start(columns, rows)
        let frame = try waitForFrame(session) { $0.contains("What's new in Metal") }
        #expect(frame.lines[0].hasPrefix(" [1 Items]"))
        #expect(frame.lines[rows - 2].hasPrefix("───"))
        #expect(!frame.cursorVisible)
        #expect(frame.mouseReporting)
        #expect(selected(frame)?.contains("100") == true)
        if columns >= 100 {
            #expect(frame.contains("Progress   16:02 of 38:10"))
            #expect(frame.lines[1].contains("│"))
            #expect(frame.contains("Graphics & Games"))
        } else {
            #expect(!frame.contains("Progress"))
        }
        if columns == 40 {
            // The title has the room first: the kind and the track are gone, the title is whole.
            #expect(!frame.contains("Session") && frame.contains("What's new in Metal"))
        }
        expectFits(frame)
        let styled = try session.snapshot(styles: true)
        let line = try #require(styled.lines.first { $0.contains("▸") })
        #expect(line.contains("\u{1B}[7m") || line.contains(";7m") || line.contains("[7;"), "the selection is not in reverse video: \(line.debugDescription)")
    }

    @Test("the list moves: ↓ and j, PgDn, End, Home; Enter opens the page in one pane, Esc comes back", arguments: sizes)
    func listMoves(columns: Int, rows: Int) throws {
        let session = try start(columns, rows)
        try waitForFrame(session)
        try session.press("Down", "j", "Down")
        try waitForFrame(session, "the fourth item selected") { selected($0)?.contains("103") == true }
        try session.press("NPage")
        let page = rows - 3  // the list's rows: all but the tabs, the rule and the status line
        try waitForFrame(session, "a page down") { selected($0)?.contains(String(103 + page)) == true }
        try session.press("End")
        try waitForFrame(session, "the last item") { selected($0)?.contains("219") == true }
        try session.press("Home")
        try waitForFrame(session, "the first item") { selected($0)?.contains("100") == true }
        try session.press("Enter")
        let opened = try waitForFrame(session, "the page") { $0.contains("Progress   16:02") }
        if columns < 100 { #expect(!opened.contains("▸")) }
        try session.press("Escape")
        try waitForFrame(session, "the list again") { selected($0)?.contains("100") == true && (columns >= 100 || !$0.contains("Progress")) }
    }

    @Test("a dialog over the screen: its box and buttons, ← → choose, Enter answers", arguments: sizes)
    func dialog(columns: Int, rows: Int) throws {
        let session = try start(columns, rows)
        try waitForFrame(session)
        try session.press("d")
        let shown = try session.wait(for: "the dialog") { $0.contains("A dialog over the screen") && $0.contains("[ OK ]") }
        expectFits(shown)
        #expect(shown.lines.last?.contains("Enter confirm") == true)
        try session.press("Right")
        try session.wait(for: "Cancel chosen") { $0.contains("[ Cancel ]") && !$0.contains("[ OK ]") }
        try session.press("Enter")
        try waitForFrame(session, "the answer") { $0.contains("dialog: Cancel") && !$0.contains("A dialog over") }
    }

    @Test("resized in the middle of a dialog: redrawn whole at each size, centred, nothing left of the old frame")
    func resizeInDialog() throws {
        let session = try start(80, 24)
        try waitForFrame(session)
        try session.press("d")
        try session.wait(for: "the dialog") { $0.contains("[ OK ]") }
        for (columns, rows) in [(40, 20), (200, 50), (50, 14), (80, 24)] {
            try session.resize(columns: columns, rows: rows)
            // The frame drawn for the new size, not the old one as the terminal cut it: the whole box, centred.
            let frame = try session.wait(for: "the dialog at \(columns)×\(rows)") { snapshot in
                guard snapshot.columns == columns, snapshot.rows == rows, snapshot.lines.count == rows,
                      snapshot.lines.last?.contains("Enter confirm") == true, snapshot.contains("[ OK ]"),
                      let top = snapshot.lines.first(where: { $0.contains("┌─ A dialog") }),
                      let left = top.firstIndex(of: "┌"), let right = top.firstIndex(of: "┐") else { return false }
                let margin = top[..<left].displayWidth
                return abs(margin - (columns - margin - top[left...right].displayWidth)) <= 1
            }
            expectFits(frame)
            let top = try #require(frame.lines.firstIndex { $0.contains("┌─ A dialog") })
            let bottom = try #require(frame.lines.firstIndex { $0.contains("└──") })
            let left = try #require(frame.lines[top].firstIndex(of: "┌"))
            let leftColumn = frame.lines[top][..<left].displayWidth
            for row in (top + 1)..<bottom {
                let line = frame.lines[row]
                let bar = try #require(line.firstIndex(of: "│"), "row \(row) lost the box: \(line.debugDescription)")
                #expect(line[..<bar].displayWidth == leftColumn, "row \(row) is out of line: \(frame)")
            }
            // Centred: as much room on the left as on the right, within a column.
            let right = try #require(frame.lines[top].firstIndex(of: "┐"))
            let width = frame.lines[top][left...right].displayWidth
            #expect(abs(leftColumn - (columns - leftColumn - width)) <= 1, "\(frame)")
            // Nothing of the frame before: exactly one box.
            #expect(frame.lines.filter { $0.contains("┌─ A dialog") }.count == 1)
        }
        try session.press("Escape")
        try waitForFrame(session, "the dialog gone") { $0.contains("dialog: cancelled") }
    }

    @Test("too small: one line says so; grown again, the frame comes back")
    func tooSmall() throws {
        let session = try start(30, 10)
        try session.wait(for: "the message") { $0.alternateOn && $0.lines.first?.hasPrefix("Terminal too small: 30×10") == true }
        try session.resize(columns: 80, rows: 24)
        try waitForFrame(session, "the frame at 80×24") { $0.contains("What's new in Metal") }
    }

    @Test("/ narrows the list as you type; a paste goes into it whole; Esc clears")
    func narrowing() throws {
        let session = try start(80, 24)
        try waitForFrame(session)
        try session.type("/metal")
        let narrowed = try session.wait(for: "the narrowed list") { $0.contains("/metal") && $0.contains("of 120") }
        let titles = narrowed.lines.dropFirst(2).dropLast(2).filter { $0.contains("1") }
        #expect(!titles.isEmpty && titles.allSatisfy { $0.contains("Metal") }, "\(narrowed)")
        try session.press("Escape")
        try waitForFrame(session, "the whole list") { !$0.contains("/metal") && $0.contains("Meet SwiftUI") }
        try session.paste("in depth\nswift")
        let pasted = try session.wait(for: "the pasted narrowing") { $0.contains("/in depth swift") }
        let rows = pasted.lines.dropFirst(2).dropLast(2).filter { $0.contains("in depth") }
        #expect(!rows.isEmpty && rows.allSatisfy { $0.contains("in depth") })
        #expect(!pasted.contains("Meet SwiftUI"))
    }

    @Test("the mouse: a click selects its row, the wheel scrolls, a click on a tab selects it")
    func mouse() throws {
        let session = try start(80, 24)
        try waitForFrame(session)
        // Row 6 of the screen (from 1) is the list's fifth row: item 104.
        try session.send(bytes: Array("\u{1B}[<0;20;6M\u{1B}[<0;20;6m".utf8))
        try waitForFrame(session, "the click") { $0.contains("clicked 104") && selected($0)?.contains("104") == true }
        try session.send(bytes: Array("\u{1B}[<65;20;6M\u{1B}[<65;20;6M".utf8))
        try waitForFrame(session, "the wheel") { $0.lines[1].contains("106") }
        try session.send(bytes: Array("\u{1B}[<0;14;1M".utf8))
        try waitForFrame(session, "the second tab") { $0.lines[0].contains("[2 Notes]") }
    }

    @Test("a refresh from a background operation keeps the selected item on its row")
    func refresh() throws {
        let session = try start(80, 24)
        try waitForFrame(session)
        try session.press("NPage", "Down", "Down")
        let before = try waitForFrame(session, "item 123") { selected($0)?.contains("123") == true }
        let row = try #require(before.lines.firstIndex { $0.contains("▸") })
        try session.press("r")
        let after = try waitForFrame(session, "the refresh") { $0.contains("refreshed: 121 items") }
        #expect(after.lines.firstIndex { $0.contains("▸") } == row)
        #expect(selected(after)?.contains("123") == true)
    }

    @Test("hostile titles (escapes, bidi, 2,000 characters, CJK, emoji, combining marks) keep every frame aligned",
          arguments: sizes)
    func hostile(columns: Int, rows: Int) throws {
        let session = try start(columns, rows, ["--hostile"])
        try waitForFrame(session) { $0.contains("日本語のタイトル") }
        // Through the hostile items, each on the page beside the list when it is wide.
        for step in 0..<16 {
            let frame = try waitForFrame(session, "step \(step)")
            expectFits(frame)
            #expect(!frame.contains("pwned") && !frame.contains("[31m"))
            if columns >= 100 {
                let bars = frame.lines.dropFirst().dropLast(2).map { line in line.firstIndex(of: "│").map { line[..<$0].displayWidth } }
                #expect(Set(bars) == [columns / 2], "the separator is out of line: \(frame)")
            }
            try session.press("Down")
        }
        let title = try session.run(["display-message", "-p", "-t", session.target, "#{pane_title}"])
        #expect(!title.contains("pwned"))
    }

    @Test("every way out restores the terminal exactly: q, Ctrl-C, SIGTERM, SIGHUP with the terminal kept open, a failure, a crash",
          arguments: ["q", "C-c", "TERM", "HUP", "fail", "crash"])
    func waysOut(way: String) throws {
        let session = try startWrapped(80, 24, ["--crashable"], environment: ["SWIFT_BACKTRACE": "enable=no"])
        let before = try session.stty()
        try session.press("Enter")
        try waitForFrame(session)
        #expect(try session.stty() != before)
        switch way {
        case "q", "C-c": try session.press(way)
        case "fail": try session.press("E")
        case "crash": try session.press("X")
        default: kill(try session.programPID(), way == "TERM" ? SIGTERM : SIGHUP)
        }
        let expected = ["q": "EXITED 0", "C-c": "EXITED 130", "TERM": "EXITED 143", "HUP": "EXITED 129", "fail": "EXITED 1"]
        let after = try session.wait(for: "the demo's end") { snapshot in
            snapshot.lines.contains { $0.hasPrefix("EXITED") } && !snapshot.alternateOn
        }
        if let status = expected[way] {
            #expect(after.contains(status), "\(after)")
        } else {
            let status = try #require(after.lines.first { $0.hasPrefix("EXITED") })
            #expect(Int(status.dropFirst("EXITED ".count)).map { $0 > 128 } == true, "\(status)")
        }
        #expect(after.cursorVisible)
        #expect(after.wraps)
        #expect(!after.mouseReporting)
        #expect(try session.stty() == before)
        // Back on the screen it started from: what was there before is still there.
        #expect(after.lines.first == "READY")
    }

    @Test("Ctrl-Z gives the terminal back to the shell; fg takes it again and draws the whole frame")
    func suspendAndResume() throws {
        let session = try TmuxSession(["/bin/bash", "--norc", "--noprofile", "-i"], columns: 80, rows: 24,
                                      environment: ["PS1": "PROMPT$ "])
        try session.wait(forText: "PROMPT$")
        let atPrompt = try session.stty()
        try session.type(TmuxSession.quoted(try DemoProgram.require()) + " browse")
        try session.press("Enter")
        try waitForFrame(session)
        try session.press("Down", "Down")
        try waitForFrame(session, "item 102") { selected($0)?.contains("102") == true }
        try session.press("C-z")
        let stopped = try session.wait(for: "the shell again") { !$0.alternateOn && $0.lines.filter { $0.hasPrefix("PROMPT$") }.count >= 2 }
        #expect(stopped.cursorVisible && stopped.wraps && !stopped.mouseReporting)
        #expect(stopped.contains("Stopped"))
        #expect(try session.stty() == atPrompt)
        try session.type("fg")
        try session.press("Enter")
        let back = try waitForFrame(session, "the frame again") { selected($0)?.contains("102") == true }
        #expect(!back.cursorVisible && back.mouseReporting)
        try session.press("Down")
        try waitForFrame(session, "item 103") { selected($0)?.contains("103") == true }
        try session.press("q")
        let done = try session.wait(for: "the end") { !$0.alternateOn && $0.contains("BYE") }
        #expect(done.cursorVisible)
        try session.wait(for: "the prompt") { $0.lines.last { !$0.isEmpty } == "PROMPT$" }
        #expect(try session.stty() == atPrompt)
    }

    @Test("a program run in the foreground has the terminal, then the frame comes back whole")
    func foreground() throws {
        let session = try start(80, 24, environment: ["TERMINAL_DEMO_FOREGROUND": "printf 'IN THE FOREGROUND\\n'; read answer; exit 3"])
        try waitForFrame(session)
        try session.press("!")
        let outside = try session.wait(for: "the program") { !$0.alternateOn && $0.contains("IN THE FOREGROUND") }
        #expect(outside.cursorVisible && !outside.mouseReporting)
        try session.press("Enter")
        let back = try waitForFrame(session, "the frame again") { $0.contains("foreground program exited 3") }
        #expect(selected(back)?.contains("100") == true)
        try session.press("q")
    }

    @Test("a program in the foreground killed with its own raw mode on: the frame comes back, and q leaves the terminal as it was")
    func foregroundKilled() throws {
        let session = try startWrapped(80, 24, environment: ["TERMINAL_DEMO_FOREGROUND": "stty raw -echo; kill -KILL $$"])
        let before = try session.stty()
        try session.press("Enter")
        try waitForFrame(session)
        try session.press("!")
        try waitForFrame(session, "the frame again") { $0.contains("foreground program exited 137") }
        try session.press("Down")
        try waitForFrame(session, "item 101") { selected($0)?.contains("101") == true }
        try session.press("q")
        let after = try session.wait(for: "the demo's end") { !$0.alternateOn && $0.contains("EXITED") }
        #expect(after.contains("EXITED 0"), "\(after)")
        #expect(after.cursorVisible)
        #expect(try session.stty() == before)
    }

    @Test("a snapshot is one moment: a program flipping between the alternate screen and the main one is never read half in each")
    func snapshotIsOneMoment() throws {
        // MAIN is on the main screen only, ALT (or the part of it the terminal has read) on the
        // alternate one only.
        let script = #"printf 'MAIN\n'; while :; do printf '\033[?1049h\033[HALT'; printf '\033[?1049l'; done"#
        let session = try TmuxSession(["/bin/sh", "-c", script], columns: 40, rows: 10)
        // The shell has started: MAIN is written, and the screen is never blank again.
        try session.wait(for: "the program") { $0.alternateOn || $0.lines.first == "MAIN" }
        var seen = (alternate: 0, main: 0)
        for _ in 0..<200 {
            let snapshot = try session.snapshot()
            #expect(snapshot.alternateOn ? !snapshot.contains("MAIN") : snapshot.lines.first == "MAIN", "\(snapshot)")
            if snapshot.alternateOn { seen.alternate += 1 } else { seen.main += 1 }
        }
        // Both states were read, or the test proves nothing.
        #expect(seen.alternate > 0 && seen.main > 0, "\(seen)")
    }
}
