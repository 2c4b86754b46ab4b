import Foundation
import TestSupport
import TestTraits
import Testing

/// The browser (`wwdc`, `wwdc browse`) in a real terminal: tmux, driven with its keys and read
/// from its screen, over the fixtures synced into a sandbox. Serialized: one tmux server at a time.
@Suite("Browser in tmux", .serialized, .offThePool,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed (Debian's package tmux, which .ci/run installs)"))
struct BrowserTests: BrowserInTmux {
    static let sizes = [(80, 24), (200, 50)]

    @Test("`wwdc` alone opens the browser on Explore: its sections, the keys; side by side with the page from 100 columns",
          arguments: sizes + [(40, 20)])
    func firstFrame(columns: Int, rows: Int) async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let session = try start(browse, columns, rows)
        // A frame reaches tmux in pieces: what is checked is waited for whole.
        let frame = try waitForFrame(session) { $0.contains("Topics") && selected($0) != nil && $0.lines[rows - 1].contains("move") }
        #expect(frame.lines[0].contains("[1 Explore]"))
        #expect(!frame.cursorVisible)
        if columns >= 100 {
            #expect(frame.lines[0].contains("WWDC 2026"))
            #expect(frame.lines[2].contains("│"))
        }
        expectFits(frame)
    }

    @Test("each tab: 1–5, Tab and Shift-Tab; Schedule, Videos, Search and Downloads show their lists", arguments: sizes)
    func tabs(columns: Int, rows: Int) async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let session = try start(browse, columns, rows)
        try waitForFrame(session)
        try session.press("2")
        let schedule = try waitForFrame(session, "the schedule") { $0.lines[0].contains("[2 Schedule]") && $0.contains("Keynote") }
        #expect(schedule.contains("Mon 10:00"))
        expectFits(schedule)
        try session.press("Tab")
        let videos = try waitForFrame(session, "the videos") { $0.lines[0].contains("[3 Videos]") && $0.contains("Platforms State of the Union") }
        #expect(videos.contains("1:46:12"))
        expectFits(videos)
        try session.press("4")
        try waitForFrame(session, "the search tab") { $0.lines[0].contains("[4 Search]") && $0.contains("Search:") }
        // The search field takes digits as text: Tab leaves it for the next tab.
        try session.press("Tab")
        try waitForFrame(session, "the downloads") { $0.lines[0].contains("[5 Downloads]") && $0.contains("No downloads.") }
        try session.press("BTab")
        try waitForFrame(session, "back to search") { $0.lines[0].contains("[4 Search]") }
        try session.press("BTab")
        try waitForFrame(session, "Shift-Tab from the search field") { $0.lines[0].contains("[3 Videos]") }
        try session.press("1")
        try waitForFrame(session, "Explore again") { $0.lines[0].contains("[1 Explore]") }
    }

    @Test("/ narrows as you type (every word starts a title word, case and accents ignored), Enter opens the page, Esc comes back",
          arguments: sizes)
    func narrowAndOpen(columns: Int, rows: Int) async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let session = try start(browse, columns, rows, ["browse", "--tab", "videos"])
        try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") }
        try session.type("/DIVE mét")
        let narrowed = try waitForFrame(session, "the list narrowed") { snapshot in
            snapshot.contains("/DIVE mét") && listPart(snapshot).contains("Dive deeper into Metal") && !listPart(snapshot).contains("Meet Metal")
                && snapshot.lines[rows - 1].contains("1 of")
        }
        #expect(selected(narrowed)?.contains("Dive deeper into Metal") == true)
        #expect(!listPart(narrowed).contains("Dive deeper into Xcode"))
        expectFits(narrowed)
        try session.press("Enter")
        let page = try waitForFrame(session, "the page") { $0.contains("wwdc2026-503 · WWDC 2026") && $0.contains("Room") }
        if columns < 100 { #expect(selected(page) == nil) }
        expectFits(page)
        try session.press("Escape")
        try waitForFrame(session, "the list again") { selected($0)?.contains("Dive deeper into Metal") == true }
        try session.press("Escape")
        // Every video again, the selection where it was.
        let cleared = try waitForFrame(session, "the narrowing cleared") { !$0.contains("/DIVE") && $0.contains("Get started with Metal") }
        #expect(selected(cleared)?.contains("Dive deeper into Metal") == true)
    }

    @Test("on a page, ] chooses a related session, Enter opens it, Backspace returns; ? shows every key", arguments: sizes)
    func related(columns: Int, rows: Int) async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let session = try start(browse, columns, rows, ["browse", "--tab", "videos"])
        try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") }
        try session.type("/what's new in metal")
        try session.press("Enter")
        try waitForFrame(session, "the page of 501") { $0.contains("wwdc2026-501 · WWDC 2026") }
        try session.press("]", "]")
        try waitForFrame(session, "the second related session shown") { $0.contains("Dive deeper into Metal") && $0.contains("Related sessions") }
        try session.press("Enter")
        let opened = try waitForFrame(session, "the page of 503") { $0.contains("wwdc2026-503 · WWDC 2026") }
        expectFits(opened)
        try session.press("BSpace")
        try waitForFrame(session, "back to 501") { $0.contains("wwdc2026-501 · WWDC 2026") }
        try session.press("?")
        let keys = try session.wait(for: "the keys") { $0.contains("Keys") && $0.contains("narrow the list as you type") }
        expectFits(keys)
        try session.press("Escape")
        try waitForFrame(session, "the keys closed") { !$0.contains("narrow the list as you type") }
    }

    @Test("Ctrl-C leaves from anywhere (here the search field): status 130, the terminal as it was")
    func interrupt() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let (session, before) = try startWrapped(browse, ["browse", "--tab", "search"])
        try session.press("Enter")
        try waitForFrame(session) { $0.contains("Search:") }
        try session.type("metal")
        try waitForFrame(session, "the hits") { $0.lines[23].contains("matches") }
        try session.press("C-c")
        let after = try session.wait(for: "the exit") { $0.contains("EXITED 130") }
        #expect(!after.alternateOn)
        #expect(after.cursorVisible)
        #expect(try session.stty() == before)
    }

    @Test("s searches as you type with the ranking of `wwdc search`; Enter on a hit opens its page", arguments: sizes)
    func search(columns: Int, rows: Int) async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let expected = try await browse.ids(["search", "metal", "--limit", "3"])
        let session = try start(browse, columns, rows)
        try waitForFrame(session)
        try session.press("s")
        try waitForFrame(session, "the search field") { $0.lines[0].contains("[4 Search]") && $0.contains("Search:") }
        try session.type("metal")
        let found = try waitForFrame(session, "the hits") { $0.contains("Search: metal") && $0.lines[rows - 1].contains("matches") }
        let first = try #require(expected.first)
        let number = first.replacingOccurrences(of: "wwdc2026-", with: "")
        #expect(found.lines[2].contains(number), "the best hit \(first) is not first:\n\(found)")
        expectFits(found)
        try session.press("Enter")
        try waitForFrame(session, "the hits focused") { selected($0) != nil && !$0.lines[rows - 1].contains("type search") }
        try session.press("Enter")
        try waitForFrame(session, "the page of the hit") { $0.contains(first + " · ") }
    }

    @Test("a favorite added by another process shows without a key: the ★ in the list and on the page")
    func changesElsewhere() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let session = try start(browse, 200, 50, ["browse", "--tab", "videos"])
        try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") }
        try session.type("/what's new in metal")
        try waitForFrame(session, "the page of 501") { $0.contains("wwdc2026-501 · WWDC 2026") && $0.contains("Favorite   no") }
        let added = try await browse.run(["favorite", "add", "501"])
        #expect(added.status == 0, "\(added.stderr)")
        // On the page and in the list, which are read again apart.
        try waitForFrame(session, "the favorite shown") { $0.contains("Favorite   ★ yes") && selected($0)?.contains("★") == true }
    }

    @Test("f and w on the selected session: the favorite and watched operations, shown on the page and in the list; again undoes")
    func favoriteAndWatched() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let session = try start(browse, 200, 50, ["browse", "--tab", "videos"])
        try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") }
        try session.type("/what's new in metal")
        try waitForFrame(session, "the page of 501") { $0.contains("wwdc2026-501 · WWDC 2026") && $0.contains("Favorite   no") }
        try session.press("Enter")
        try waitForFrame(session, "the page focused") { $0.lines[49].contains("scroll") }
        try session.press("f")
        // On the page, in the list (the title's row: the page's title has no ★) and as the message.
        try waitForFrame(session, "the favorite") { snapshot in
            snapshot.contains("Favorite   ★ yes") && snapshot.contains("★ Saved wwdc2026-501")
                && snapshot.lines.contains { $0.contains("What's new in Metal") && $0.contains("★") }
        }
        #expect(try await browse.ids(["favorite", "list"]) == ["wwdc2026-501"])
        try session.press("w")
        try waitForFrame(session, "watched") { $0.contains("Watched    ✓ yes") }
        try session.press("f")
        try waitForFrame(session, "no longer a favorite") { $0.contains("Favorite   no") && $0.contains("Removed wwdc2026-501") }
        try session.press("w")
        try waitForFrame(session, "no longer watched") { !$0.contains("Watched    ✓ yes") && $0.contains("no longer marked watched") }
        #expect(try await browse.ids(["favorite", "list"]).isEmpty)
    }

    @Test("p plays the selected session with the watch command's player on the terminal, P from the start; the browser comes back after")
    func play() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let record = browse.sandbox.directory.path("player-args").path
        let player = browse.sandbox.directory.path("player")
        try await Executable.write("#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(record)'\nprintf 'PLAYER RAN\\n'\n", to: player)
        let watched = try await browse.run(["watch", "501", "--at", "0"], environment: ["WWDC_PLAYER": player.path])
        #expect(watched.status == 0, "\(watched.stderr)")
        try? FileManager.default.removeItem(atPath: record)
        let session = try start(browse, 80, 24, ["browse", "--tab", "videos"], environment: ["WWDC_PLAYER": player.path])
        try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") }
        try session.type("/what's new in metal")
        try waitForFrame(session, "narrowed") { selected($0)?.contains("What's new in Metal") == true }
        // Enter leaves the narrowing field for the page, where p plays.
        try session.press("Enter")
        try waitForFrame(session, "the page") { $0.contains("wwdc2026-501 · WWDC 2026") }
        try session.press("p")
        try session.wait(for: "the player run") { _ in FileManager.default.fileExists(atPath: record) }
        try session.press("Escape")
        try waitForFrame(session, "the browser back after the player") { selected($0)?.contains("What's new in Metal") == true && $0.contains("/what's new in metal") }
        let played = try String(contentsOfFile: record, encoding: .utf8)
        #expect(played.contains("501"), "\(played)")
        try session.press("P")
        try session.wait(for: "the player run again") { _ in
            ((try? String(contentsOfFile: record, encoding: .utf8)) ?? "").components(separatedBy: "501").count > 2
        }
        try waitForFrame(session, "the browser back again") { selected($0)?.contains("What's new in Metal") == true }
    }

    @Test("y copies the selected session's link to the terminal's clipboard: OSC 52, read back from tmux's buffer")
    func copiesLink() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let session = try start(browse, 80, 24)
        // tmux takes a program's OSC 52 into its buffers only when told to.
        try session.run(["set-option", "-g", "set-clipboard", "on"])
        try waitForFrame(session)
        try session.press("y")
        let shown = try waitForFrame(session, "the message") { $0.contains("Copied https://") }
        let link = try session.run(["show-buffer"])
        // The sample conference's links are on developer.example.com.
        #expect(link.hasPrefix("https://developer.example.com/"), "\(link)")
        #expect(shown.contains("Copied " + link), "\(shown)")
    }

    @Test("q leaves: the terminal as it was (stty -a), the alternate screen left, the cursor shown")
    func quitRestores() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let (session, before) = try startWrapped(browse, [])
        try session.press("Enter")
        try waitForFrame(session) { $0.contains("Topics") }
        try session.press("q")
        let after = try session.wait(for: "the exit") { $0.contains("EXITED 0") }
        #expect(!after.alternateOn)
        #expect(after.cursorVisible)
        #expect(try session.stty() == before)
    }

    @Test("in a pipe: `wwdc` alone prints the help, `wwdc browse` is a usage error naming the commands that print the same")
    func notATerminal() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let bare = try await browse.run([])
        #expect(bare.status == 0)
        #expect(bare.stdout.contains("browse"))
        let explicit = try await browse.run(["browse"])
        #expect(explicit.status == 64)
        #expect(explicit.stderr.contains("needs a terminal"))
        #expect(explicit.stderr.contains("wwdc schedule"))
    }
}
