#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport
import TestTraits
import Testing

/// The browser and the terminal it runs on, in tmux: every way out gives the terminal back as it
/// was (Ctrl-Z, a window closed, SIGTERM, the player killed); what the terminal sends arrives as
/// meant (the mouse, a paste); what the browser writes stays within the screen and its settings
/// (`NO_COLOR`, a window too small, hostile titles); and its keys write what the commands write.
/// Serialized: one tmux server at a time.
@Suite("Browser and its terminal in tmux", .serialized, .offThePool,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed (Debian's package tmux, which .ci/run installs)"))
struct BrowserTerminalTests: BrowserInTmux {
    @Test("Ctrl-Z gives the shell its prompt and the terminal as it was (stty, the main screen, the cursor); fg draws the whole frame again")
    func suspendAndResume() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        // The system's sh with job control: Debian's dash, unlike bash, does not put back terminal
        // settings of its own when a job stops, so stty reads what the browser left.
        let session = try TmuxSession(["/bin/sh", "-i"], columns: 80, rows: 24, environment: terminalEnvironment(browse, ["PS1": "PROMPT$ "]))
        try session.wait(forText: "PROMPT$")
        let atPrompt = try session.stty()
        try session.type(TmuxSession.quoted(CommandRunner.wwdc.path) + " browse --tab videos")
        try session.press("Enter")
        try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") && selected($0) != nil }
        try session.press("Down", "Down")
        try waitForFrame(session, "103 selected") { selected($0)?.contains("103") == true }
        #expect(try session.stty() != atPrompt, "raw mode is not on")
        try session.press("C-z")
        let stopped = try session.wait(for: "the prompt again") { snapshot in
            !snapshot.alternateOn && snapshot.lines.filter { $0.hasPrefix("PROMPT$") }.count >= 2
        }
        #expect(stopped.contains("Stopped"), "\(stopped)")
        #expect(stopped.cursorVisible && stopped.wraps && !stopped.mouseReporting, "\(stopped)")
        #expect(try session.stty() == atPrompt)
        try session.type("fg")
        try session.press("Enter")
        // The status line is written last: once it is there, the frame above it is whole again
        // (entering the alternate screen cleared it).
        let back = try waitForFrame(session, "the frame again") { selected($0)?.contains("103") == true && $0.lines[23].contains("move") }
        #expect(back.lines[1..<22].allSatisfy { !$0.isEmpty }, "rows missing after fg:\n\(back)")
        #expect(!back.cursorVisible && back.mouseReporting && !back.wraps)
        expectFits(back)
        try session.press("Down")
        try waitForFrame(session, "201 selected") { selected($0)?.contains("201") == true }
        try session.press("q")
        let done = try session.wait(for: "the prompt after q") { !$0.alternateOn && $0.lines.last { !$0.isEmpty } == "PROMPT$" }
        #expect(done.cursorVisible && done.wraps && !done.mouseReporting)
        #expect(try session.stty() == atPrompt)
    }

    @Test("a window closed (SIGHUP, the terminal kept open) and SIGTERM: status 129 and 143, the terminal as it was",
          arguments: ["HUP", "TERM"])
    func signalled(signal: String) async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let (session, before) = try startWrapped(browse, ["browse", "--tab", "videos"])
        try session.press("Enter")
        try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") && selected($0) != nil }
        #expect(try session.stty() != before, "raw mode is not on")
        #expect(kill(try session.programPID(), signal == "HUP" ? SIGHUP : SIGTERM) == 0)
        let after = try session.wait(for: "the exit") { snapshot in
            !snapshot.alternateOn && snapshot.lines.contains { $0.hasPrefix("EXITED") }
        }
        #expect(after.contains(signal == "HUP" ? "EXITED 129" : "EXITED 143"), "\(after)")
        #expect(after.cursorVisible && after.wraps && !after.mouseReporting, "\(after)")
        #expect(try session.stty() == before)
        // Back on the screen it started from.
        #expect(after.lines.first == "READY")
    }

    @Test("the player killed while it has the terminal (its raw mode and hidden cursor left behind): the browser comes back, keys work, q leaves the terminal as it was")
    func playerKilled() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let pidFile = browse.sandbox.directory.path("player.pid").path
        // As mpv does on a terminal: raw mode and the cursor hidden, undone only at a clean exit.
        let player = try await RecordingPlayer("player", in: browse.sandbox.directory, then: """
            stty raw -echo
            printf '\\033[?25lPLAYING\\r\\n'
            echo $$ > '\(pidFile).new' && mv '\(pidFile).new' '\(pidFile)'
            read answer
            """)
        let (session, before) = try startWrapped(browse, ["browse", "--tab", "videos"], environment: ["WWDC_PLAYER": player.script.path])
        try session.press("Enter")
        try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") && selected($0) != nil }
        try session.press("Down")
        try waitForFrame(session, "102 selected") { selected($0)?.contains("102") == true }
        try session.press("p")
        let playing = try session.wait(for: "the player") { snapshot in
            snapshot.contains("PLAYING") && FileManager.default.fileExists(atPath: pidFile)
        }
        #expect(!playing.alternateOn, "the player does not have the main screen")
        let pid = try #require(pid_t(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(player.arguments?.contains { $0.contains("102") } == true, "\(player.runs)")
        #expect(kill(pid, SIGKILL) == 0)
        let back = try waitForFrame(session, "the browser back") { snapshot in
            snapshot.contains("The player ended with status") && selected(snapshot)?.contains("102") == true
        }
        #expect(!back.cursorVisible && back.mouseReporting, "\(back)")
        expectFits(back)
        // The keys arrive one at a time again, as the browser's own raw mode has them.
        try session.press("Down")
        try waitForFrame(session, "103 selected") { selected($0)?.contains("103") == true }
        try session.press("q")
        let after = try session.wait(for: "the exit") { !$0.alternateOn && $0.contains("EXITED") }
        #expect(after.contains("EXITED 0"), "\(after)")
        #expect(after.cursorVisible && after.wraps && !after.mouseReporting, "\(after)")
        #expect(try session.stty() == before)
    }

    @Test("NO_COLOR: no colour in any cell, the selection still in reverse video; without it, the narrowing's matches in colour")
    func withoutColour() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        for noColor in ["1", ""] {
            let session = try start(browse, 80, 24, ["browse", "--tab", "videos"], environment: ["NO_COLOR": noColor])
            try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") && selected($0) != nil }
            try session.type("/meta")
            try waitForFrame(session, "narrowed") { $0.contains("/meta") && selected($0)?.contains("Metal") == true && $0.lines[23].contains("of") }
            let styled = try session.snapshot(styles: true)
            let colours = styled.lines.flatMap(Self.colourParameters)
            if noColor.isEmpty {
                #expect(!colours.isEmpty, "no colour without NO_COLOR:\n\(styled.text.debugDescription)")
            } else {
                #expect(colours.isEmpty, "colours with NO_COLOR: \(colours)")
            }
            let selection = try #require(styled.lines.first { $0.contains("▸") })
            #expect(Self.parameters(selection).contains { $0.contains(7) }, "the selection is not in reverse video: \(selection.debugDescription)")
        }
    }

    @Test("below 40×12 one line says the terminal is too small; at 40×12 and grown back the whole frame at once",
          arguments: [(39, 12), (40, 11)])
    func tooSmall(columns: Int, rows: Int) async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let session = try start(browse, 80, 24, ["browse", "--tab", "videos"])
        try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") && selected($0) != nil }
        for _ in 0..<2 {
            try session.resize(columns: columns, rows: rows)
            let small = try session.wait(for: "the message at \(columns)×\(rows)") { snapshot in
                snapshot.columns == columns && snapshot.rows == rows && snapshot.alternateOn
                    && snapshot.lines.first == "Terminal too small: \(columns)×\(rows), needs 40×12"
            }
            #expect(small.lines.dropFirst().allSatisfy { $0.isEmpty }, "more than one line:\n\(small)")
            expectFits(small)
            try session.resize(columns: 40, rows: 12)
            let least = try waitForFrame(session, "the frame at 40×12") { snapshot in
                snapshot.columns == 40 && snapshot.rows == 12 && selected(snapshot)?.contains("101") == true && snapshot.lines[11].contains("move")
            }
            #expect(least.lines[1..<10].allSatisfy { !$0.isEmpty }, "rows missing at 40×12:\n\(least)")
            #expect(!least.contains("Terminal too small"))
            expectFits(least)
        }
        try session.resize(columns: columns, rows: rows)
        try session.wait(for: "the message again") { $0.lines.first?.hasPrefix("Terminal too small") == true }
        try session.resize(columns: 80, rows: 24)
        // The status line is written last: the frame above it must be whole by then.
        let back = try waitForFrame(session, "the frame at 80×24") { snapshot in
            snapshot.columns == 80 && snapshot.rows == 24 && snapshot.lines[23].contains("move")
        }
        #expect(back.lines[1..<22].allSatisfy { !$0.isEmpty }, "rows missing at 80×24:\n\(back)")
        #expect(selected(back)?.contains("101") == true)
        expectFits(back)
    }

    @Test("hostile titles (escapes, OSC 52 and a title, bidi, 2,000 characters, CJK, emoji, combining marks): every frame fits and stays aligned, no escape reaches the terminal",
          arguments: [(80, 24), (40, 20), (200, 50)])
    func hostileTitles(columns: Int, rows: Int) async throws {
        let browse = try await Self.hostileSandbox()
        defer { browse.remove() }
        let (session, _) = try startWrapped(browse, ["browse", "--tab", "videos"], columns: columns, rows: rows)
        // tmux takes a program's OSC 52 into its buffers only when told to: told before the start.
        try session.run(["set-option", "-g", "set-clipboard", "on"])
        try session.press("Enter")
        try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") && $0.contains("日本語") }
        // Past the keynotes to the hostile 201 to 206: each selected, and its page read to its end
        // (beside the list when wide, in its place below).
        try session.press("Down", "Down")
        for id in Self.hostileTitles.keys.sorted() {
            let number = String(id.suffix(3))
            try session.press("Down")
            let listed = try waitForFrame(session, "\(id) selected") { snapshot in
                selected(snapshot)?.contains(" \(number) ") == true && (columns < 100 || snapshot.contains(id + " · "))
            }
            try expectHarmless(listed, in: session)
            try expectAligned(listed, sideBySide: columns >= 100)
            try session.press("Enter")
            // Read: a key pressed while it loads scrolls nothing yet.
            let page = try waitForFrame(session, "the page of \(id)") { snapshot in
                snapshot.lines[rows - 1].contains("scroll") && (columns >= 100 || selected(snapshot) == nil)
                    && !snapshot.contains("Loading \(id)")
            }
            try expectHarmless(page, in: session)
            try session.press("End")
            // Every page ends with its address on the web.
            let end = try waitForFrame(session, "the end of the page of \(id)") { snapshot in
                snapshot.lines.contains { line in (line.split(separator: "│", maxSplits: 1).last ?? "").hasPrefix("   Web") }
            }
            try expectHarmless(end, in: session)
            try session.press("Escape")
            try waitForFrame(session, "the list again") { selected($0)?.contains(" \(number) ") == true && $0.lines[rows - 1].contains("move") }
        }
        #expect(try session.run(["list-buffers"]).isEmpty, "a feed's OSC 52 reached the clipboard")
        let title = try session.run(["display-message", "-p", "-t", session.target, "#{pane_title}"])
        #expect(!title.contains("pwned"), "a feed's OSC 0 set the window's title: \(title)")
    }

    @Test("the mouse (SGR reports): a click selects its row, the wheel scrolls the list, the selection kept in view",
          arguments: [(80, 24), (200, 50)])
    func mouse(columns: Int, rows: Int) async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let session = try start(browse, columns, rows, ["browse", "--tab", "videos"])
        let first = try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") && selected($0)?.contains("101") == true }
        #expect(first.mouseReporting)
        // Screen rows from 1 in the reports: the fifth is the list's fourth row, 201.
        try session.send(bytes: Array("\u{1B}[<0;12;5M\u{1B}[<0;12;5m".utf8))
        try waitForFrame(session, "the click on 201") { snapshot in
            listPart(snapshot).components(separatedBy: "\n")[4].hasPrefix("▸  201 ") && (columns < 100 || snapshot.contains("wwdc2026-201 · "))
        }
        // Two turns down: six rows on; 201 scrolled away, the selection on the first row shown, 204.
        try session.send(bytes: Array("\u{1B}[<65;12;5M\u{1B}[<65;12;5M".utf8))
        try waitForFrame(session, "the wheel down") { snapshot in
            let list = listPart(snapshot).components(separatedBy: "\n")
            return list[1].hasPrefix("▸  204 ") && !list.contains { $0.contains(" 201 ") }
        }
        // One turn up: three rows back, 201 on the first row, the selection where it was.
        try session.send(bytes: Array("\u{1B}[<64;12;5M".utf8))
        try waitForFrame(session, "the wheel up") { snapshot in
            let list = listPart(snapshot).components(separatedBy: "\n")
            return list[1].hasPrefix("   201 ") && list[4].hasPrefix("▸  204 ")
        }
        // A click below the list's last session, on the rule: nothing selected anew.
        try session.send(bytes: Array("\u{1B}[<0;12;\(rows - 1)M\u{1B}[<0;12;\(rows - 1)m".utf8))
        try session.press("Down")
        try waitForFrame(session, "205 after the click on the rule") { selected($0)?.contains("205") == true }
    }

    @Test("a bracketed paste goes into the search field as text: its line break a space, its q and f typed rather than pressed, even from the list")
    func paste() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let session = try start(browse, 80, 24, ["browse", "--tab", "search"])
        try waitForFrame(session) { $0.contains("Search:") && $0.lines[23].contains("type search") }
        try session.paste("what's new\nin metal")
        try waitForFrame(session, "the pasted search") { snapshot in
            snapshot.contains("Search: what's new in metal") && snapshot.lines[23].contains("matches") && snapshot.contains("What's new in Metal")
        }
        // Enter gives the list the focus, where q would quit and f make a favorite.
        try session.press("Enter")
        try waitForFrame(session, "the hits focused") { selected($0) != nil && !$0.lines[23].contains("type search") }
        try session.paste("fq")
        let typed = try waitForFrame(session, "the paste in the field") { $0.contains("Search: what's new in metalfq") }
        #expect(!typed.contains("Saved"), "a pasted f made a favorite:\n\(typed)")
        #expect(try await browse.ids(["favorite", "list"]).isEmpty)
    }

    @Test("the store after f on two sessions, w on one and f again on one equals the store after favorite add, watched and favorite remove")
    func keysWriteWhatCommandsWrite() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let commands = try Sandbox()
        defer { commands.remove() }
        try browse.sandbox.copyStore(to: commands)
        let (session, _) = try startWrapped(browse, ["browse", "--tab", "videos"])
        try session.press("Enter")
        try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") && selected($0) != nil }
        try session.press("Down", "Down", "Down")
        try waitForFrame(session, "201 selected") { selected($0)?.contains("201") == true }
        // Each key's message waited for: the next key acts on what the last one wrote.
        let steps: [(keys: [String], message: String)] = [
            (["f"], "★ Saved wwdc2026-201 as a favorite."),
            (["Down", "f"], "★ Saved wwdc2026-202 as a favorite."),
            (["Up", "w"], "✓ Marked wwdc2026-201 watched."),
            (["f"], "Removed wwdc2026-201 from the favorites."),
        ]
        for step in steps {
            for key in step.keys { try session.press(key) }
            try waitForFrame(session, step.message) { $0.contains(step.message) }
        }
        try session.press("q")
        try session.wait(for: "the exit") { $0.contains("EXITED 0") }
        for arguments in [["favorite", "add", "201"], ["favorite", "add", "202"], ["watched", "201"], ["favorite", "remove", "201"]] {
            let result = try await commands.run(arguments, environment: ["WWDC_NOW": BrowseSandbox.now, "TZ": "UTC"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let byKeys = try browse.sandbox.maskedDump()
        let byCommands = try commands.maskedDump()
        #expect(byKeys.contains("'wwdc2026-202' | 1 | "), "no favorite in the store")
        let keysLines = byKeys.split(separator: "\n"), commandLines = byCommands.split(separator: "\n")
        #expect(keysLines.count == commandLines.count)
        for (found, expected) in zip(keysLines, commandLines) where found != expected {
            Issue.record("by keys: \(found)\nby commands: \(expected)")
            break
        }
    }

    // MARK: - Helpers

    /// The hostile titles, by session: the first six sessions of the Videos tab after the keynotes.
    static let hostileTitles: [String: String] = [
        "wwdc2026-201": "Clear \u{1B}[2J\u{1B}[H screen \u{1B}]52;c;cHduZWQ=\u{07} clipboard \u{1B}]0;pwned\u{07} title \u{1B}[31mred\u{1B}[0m",
        "wwdc2026-202": "\u{202E}Bidi override\u{202C} \u{2067}isolate\u{2069} text \u{200B}hidden",
        "wwdc2026-203": String(String(repeating: "Endless ", count: 250).prefix(2_000)),
        "wwdc2026-204": "日本語のタイトル 中文标题 한국어 제목 全角ＡＢＣ",
        "wwdc2026-205": "🎉 Party 🚀 launch 🍎 apple",
        "wwdc2026-206": "Cafe\u{301} nai\u{308}ve combining",
    ]

    /// A sandbox synced from a copy of the fixtures whose sessions 201 to 206 have the hostile titles.
    static func hostileSandbox() async throws -> BrowseSandbox {
        let sandbox = try Sandbox()
        do {
            let feeds = try sandbox.copyOfFixtures()
            for (id, title) in hostileTitles {
                try FeedFiles.editItem(id, in: feeds) { $0["title"] = title }
            }
            let result = try await sandbox.run(["sync", "--source", feeds.path])
            guard result.status == 0 else { throw BrowseSandbox.Failure(message: "sync failed: \(result.stderr)") }
            return BrowseSandbox(sandbox: sandbox)
        } catch {
            sandbox.remove()
            throw error
        }
    }

    /// A frame of hostile text: within the width, no control or bidi character, nothing of the
    /// feed's escapes in effect (no colour, no title, the screen not cleared: the frame whole).
    private func expectHarmless(_ frame: TmuxSession.Snapshot, in session: TmuxSession,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        expectFits(frame, sourceLocation: sourceLocation)
        #expect(HostileTextTests.dangerous(frame.text).isEmpty, "\(HostileTextTests.dangerous(frame.text))", sourceLocation: sourceLocation)
        #expect(frame.lines.allSatisfy { !$0.contains("pwned") }, "\(frame)", sourceLocation: sourceLocation)
        let styled = try session.snapshot(styles: true)
        let colours = styled.lines.flatMap(Self.colourParameters)
        #expect(colours.isEmpty, "a feed's colour reached the screen: \(colours)", sourceLocation: sourceLocation)
    }

    /// The list's columns in line: every row's duration ends in the same column, and side by side
    /// the rule before the page is in the same column on every row.
    private func expectAligned(_ frame: TmuxSession.Snapshot, sideBySide: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let body = frame.lines.dropFirst().dropLast(2)
        if sideBySide {
            let rules = body.map { line in line.firstIndex(of: "│").map { TmuxSession.Snapshot.width(line[..<$0]) } }
            #expect(Set(rules).count == 1 && rules.first != nil, "the rule is out of line:\n\(frame)", sourceLocation: sourceLocation)
        }
        var ends: [Int: [String]] = [:]
        for line in body {
            let list = line.split(separator: "│", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard list.wholeMatch(of: /[▸ ] +\d{3} .*/) != nil, let duration = list.matches(of: /(?:\d+:)?\d+:\d\d/).last else { continue }
            ends[TmuxSession.Snapshot.width(list[..<duration.range.upperBound]), default: []].append(String(list))
        }
        #expect(ends.count == 1, "the durations are out of line: \(ends.mapValues(\.count))\n\(frame)", sourceLocation: sourceLocation)
        let listed = ends.values.joined().joined(separator: "\n")
        for id in Self.hostileTitles.keys {
            #expect(listed.contains(" \(id.suffix(3)) "), "\(id) is not listed with its duration:\n\(frame)", sourceLocation: sourceLocation)
        }
    }

    /// The parameters of each SGR sequence (`ESC [ … m`) in `line`.
    static func parameters(_ line: String) -> [[Int]] {
        line.matches(of: /\u{1B}\[([0-9;]*)m/).map { match in
            match.1.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        }
    }

    /// The colours set in `line`: SGR 30–37, 38, 40–47, 48, 90–97 and 100–107 (39 and 49, the
    /// terminal's own colours, are no colour), each sequence that sets one.
    static func colourParameters(_ line: String) -> [[Int]] {
        parameters(line).filter { sequence in
            sequence.contains { code in (30...38).contains(code) || (40...48).contains(code) || (90...97).contains(code) || (100...107).contains(code) }
        }
    }
}
