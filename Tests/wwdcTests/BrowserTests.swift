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
        // The fixtures' current event has sessions in no topic: its tracks are counted instead, none with 0.
        let frame = try waitForFrame(session) { $0.contains("Tracks") && selected($0) != nil && $0.lines[rows - 1].contains("move") }
        #expect(!frame.contains("Topics"))
        #expect(frame.lines.allSatisfy { $0.firstMatch(of: #/\b0 sess/#) == nil }, "\(frame)")
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
        // Wednesday noon: the labs under way marked now, the sessions at 13:00 next.
        try session.type("/advanced vision")
        try waitForFrame(session, "the next session") { selected($0)?.contains("710") == true && selected($0)?.components(separatedBy: "│")[0].trimmingCharacters(in: .whitespaces).hasSuffix("next") == true }
        try session.type("/")
        try session.press("C-u")
        try session.type("typography lab")
        try waitForFrame(session, "a lab under way") { selected($0)?.contains("8032") == true && selected($0)?.components(separatedBy: "│")[0].trimmingCharacters(in: .whitespaces).hasSuffix("now") == true }
        try session.press("Escape")
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
        // The link `wwdc share` prints: Apple's page of the session, not the feed's short one
        // (the sample's are on developer.example.com).
        #expect(link == "https://developer.apple.com/videos/play/wwdc2026/106/", "\(link)")
        #expect(shown.contains("Copied " + link), "\(shown)")
    }

    @Test("q leaves: the terminal as it was (stty -a), the alternate screen left, the cursor shown")
    func quitRestores() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let (session, before) = try startWrapped(browse, [])
        try session.press("Enter")
        try waitForFrame(session) { $0.contains("Tracks") }
        try session.press("q")
        let after = try session.wait(for: "the exit") { $0.contains("EXITED 0") }
        #expect(!after.alternateOn)
        #expect(after.cursorVisible)
        #expect(try session.stty() == before)
    }

    @Test("f logged out: the login asked for in a dialog over the browser, the password never shown; the favorite saved and uploaded")
    func favoriteAsksForLogin() async throws {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        let session = try start(BrowseSandbox(sandbox: sandbox), 80, 24, ["browse", "--tab", "videos"])
        try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") && selected($0)?.contains("101") == true }
        try session.press("f")
        try waitForFrame(session, "the login dialog") { $0.contains("Log in to") && $0.contains("Username:") && $0.contains("Password:") }
        try session.type("ada")
        try session.press("Enter")
        try session.type(Sandbox.adaPassword)
        // Nothing of the password on the screen, the dialog still up.
        let typed = try waitForFrame(session, "the username typed") { $0.contains("Username: ada") }
        #expect(!typed.text.contains(Sandbox.adaPassword), "\(typed)")
        try session.press("Enter")
        let done = try waitForFrame(session, "saved and uploaded") { $0.contains("★ Saved wwdc2026-101 as a favorite.") }
        #expect(!done.contains("Log in to"), "\(done)")
        #expect(try await server.favorites() == ["wwdc2026-101"])
        #expect(try sandbox.localFavorites() == ["wwdc2026-101": "synced"])
    }

    @Test("the login dialog dismissed with Esc: the favorite kept here, the message says it was not uploaded; the browser's keys work again")
    func loginDismissed() async throws {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        let session = try start(BrowseSandbox(sandbox: sandbox), 80, 24, ["browse", "--tab", "videos"])
        try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") && selected($0)?.contains("101") == true }
        try session.press("f")
        try waitForFrame(session, "the login dialog") { $0.contains("Log in to") }
        try session.press("Escape")
        try waitForFrame(session, "saved here only") { $0.contains("★ Saved wwdc2026-101 as a favorite here; not uploaded") && !$0.contains("Log in to") }
        #expect(try await server.favorites().isEmpty)
        #expect(try sandbox.localFavorites() == ["wwdc2026-101": "pending"])
        try session.press("j")
        try waitForFrame(session, "the next row") { selected($0)?.contains("102") == true }
    }

    @Test("r rates the selected session with the feedback form in a dialog; b bookmarks a moment typed in a dialog", arguments: [(80, 24), (40, 20)])
    func rateAndBookmark(columns: Int, rows: Int) async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let session = try start(browse, columns, rows, ["browse", "--tab", "videos"])
        try waitForFrame(session) { $0.lines[0].contains("Videos]") && selected($0)?.contains("101") == true }
        try session.press("r")
        let form = try waitForFrame(session, "the form") { $0.contains("Feedback") && $0.contains("Overall") && $0.contains("Submit") }
        expectFits(form)
        try session.press("4", "Tab", "3", "Tab", "Tab", "Tab")
        try session.press("Enter")
        try waitForFrame(session, "saved") { $0.contains("Saved your feedback on wwdc2026-101.") && !$0.contains("Submit") }
        let feedback = try await browse.run(["feedback", "--list"])
        #expect(feedback.stdout.contains("wwdc2026-101") && feedback.stdout.contains("overall ★★★★☆") && feedback.stdout.contains("content ★★★☆☆"),
                "\(feedback.stdout)")

        try session.press("b")
        try session.type("1:02")
        let asked = try waitForFrame(session, "the bookmark dialog") { $0.contains("Bookmark wwdc2026-101") && $0.contains("At: 1:02") }
        expectFits(asked)
        try session.press("Enter")
        try waitForFrame(session, "bookmarked") { $0.contains("Bookmarked wwdc2026-101 at 1:02") }
        let bookmarks = try await browse.json(["bookmark", "list"])
        #expect(bookmarks.map { $0["id"] as? String } == ["wwdc2026-101"])
        #expect(bookmarks.map { $0["time"] as? Double } == [62])
        // Not a moment: said, nothing written.
        try session.press("b")
        try session.type("soon")
        try session.press("Enter")
        try waitForFrame(session, "refused") { $0.contains("Not a moment: soon") }
        #expect(try await browse.json(["bookmark", "list"]).count == 1)
    }

    @Test("browse-sync always: the store shown at once while the startup sync runs (its step in the status line); its save refreshes the lists, the selection kept")
    func syncsInBackground() async throws {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        let held = try await server.hold("/config.json")
        let session = try start(BrowseSandbox(sandbox: sandbox), 80, 24, ["browse", "--tab", "videos"], environment: ["WWDC_BROWSE_SYNC": "always"])
        try waitForFrame(session, "the store while syncing") { $0.contains("Syncing") && selected($0)?.contains("101") == true }
        try await server.waitForHeld(held)
        try session.press("j", "j")
        try waitForFrame(session, "moved while syncing") { selected($0)?.contains("103") == true }
        try await server.release(held)
        try waitForFrame(session, "synced, the selection kept") { $0.contains("Synced:") && !$0.contains("Syncing") && selected($0)?.contains("103") == true }
    }

    @Test("the startup sync failing comes as an alert over the browser; Enter dismisses it and the keys work again")
    func syncFailureAlert() async throws {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        try await server.fault("/config.json", "status", value: 500)
        let session = try start(BrowseSandbox(sandbox: sandbox), 80, 24, ["browse", "--tab", "videos"], environment: ["WWDC_BROWSE_SYNC": "always"])
        let alert = try waitForFrame(session, "the alert") { $0.contains("Sync failed") && $0.contains("[ OK ]") }
        expectFits(alert)
        try session.press("Enter")
        try waitForFrame(session, "the alert gone") { !$0.contains("Sync failed") && selected($0)?.contains("101") == true }
        try session.press("j")
        try waitForFrame(session, "the next row") { selected($0)?.contains("102") == true }
    }

    @Test("no store yet: `wwdc` opens, syncs the source in the background and shows it; browse-sync never asks for 'wwdc sync' instead")
    func firstOpenSyncs() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let browse = BrowseSandbox(sandbox: sandbox)
        let never = try await browse.run(["browse"], environment: ["WWDC_BROWSE_SYNC": "never"])
        #expect(never.status != 0)
        let session = try start(browse, 80, 24, ["browse", "--tab", "videos"], environment: ["WWDC_SOURCE": ProjectPaths.fixtures.path])
        try waitForFrame(session, "the synced store") { $0.contains("Synced") && selected($0)?.contains("Keynote") == true }
        #expect(try await browse.ids(["videos", "--event", "wwdc2026"]).count > 10)
    }

    @Test("F filters the videos in a dialog (favorites only, then watched too), the filters named in the status line; x clears them", arguments: [(80, 24), (40, 20)])
    func filters(columns: Int, rows: Int) async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        try browse.favorite(["wwdc2026-202", "wwdc2026-501"])
        let session = try start(browse, columns, rows, ["browse", "--tab", "videos"])
        try waitForFrame(session) { selected($0)?.contains("101") == true }
        try session.press("F")
        let dialog = try waitForFrame(session, "the filters") { $0.contains("Filter the videos") && $0.contains("Favorites") }
        expectFits(dialog)
        try session.press("Down", "Down", "Down", "Down", "Down", "Right", "Enter")
        let favorites = try waitForFrame(session, "the favorites only") { $0.contains("favorites only · 2 videos") }
        #expect(favorites.contains("Meet Xcode") && !favorites.contains("Keynote"), "\(favorites)")
        #expect(selected(favorites)?.contains("202") == true, "\(favorites)")
        try session.press("F", "Down", "Down", "Down", "Down", "Down", "Down", "Right", "Enter")
        try waitForFrame(session, "none watched") { $0.contains("No videos match") }
        try session.press("F", "x", "Enter")
        try waitForFrame(session, "every video again") { selected($0)?.contains("101") == true && !$0.contains("favorites only") }
    }

    @Test("a search held in the store (its readers locked out by the test): the next keys' frames drawn meanwhile; the older searches cancelled, as the trace says; the newest shown once the store is free")
    func heldSearch() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let trace = browse.sandbox.directory.path("trace.json")
        // From a shell that stays after, so that the trace can be read once the browser has ended.
        let (session, _) = try startWrapped(browse, ["browse", "--tab", "search", "--trace", trace.path])
        try session.press("Enter")
        try waitForFrame(session) { $0.contains("Search:") }
        let hold = try StoreReadHold(databasePath: browse.sandbox.database.path)
        try session.type("meta")
        try waitForFrame(session, "held") { $0.contains("Search: meta") && $0.contains("searching") }
        try session.press("Tab")
        try waitForFrame(session, "the next tab drawn while the search is held") { $0.lines[0].contains("[5 Downloads]") }
        try session.press("s")
        try session.type("l")
        try waitForFrame(session, "metal typed, still held") { $0.contains("Search: metal") && $0.contains("searching") }
        hold.release()
        try waitForFrame(session, "metal found") { $0.contains("What's new in Metal") && !$0.contains("searching") }
        try session.press("C-c")
        try session.wait(for: "the exit") { $0.contains("EXITED 130") }
        let events = try JSONSerialization.jsonObject(with: Data(contentsOf: trace)) as? [String: Any]
        let searches = (events?["traceEvents"] as? [[String: Any]] ?? []).filter { ($0["name"] as? String)?.hasPrefix("search ") == true }
        let cancelled = Dictionary(searches.map { ($0["name"] as? String ?? "", ($0["args"] as? [String: String])?["cancelled"] ?? "?") }) { $1 }
        #expect(cancelled["search meta"] == "true", "\(searches)")
        #expect(cancelled["search metal"] == "false", "\(searches)")
    }

    @Test("Enter on a search's transcript line plays from that moment (the player records it); on a code hit the page opens at the snippet")
    func searchMomentsAndCode() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let record = browse.sandbox.directory.path("player-args").path
        // Named as a player whose start option wwdc knows (ffplay's -ss): it records its arguments.
        let player = browse.sandbox.directory.path("ffplay")
        try await Executable.write("#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(record)'\n", to: player)
        let session = try start(browse, 80, 24, ["browse", "--tab", "search"], environment: ["WWDC_PLAYER": player.path])
        try waitForFrame(session) { $0.contains("Search:") }
        try session.type("shader graph")
        try waitForFrame(session, "the hits") { $0.contains("at 8:33") }
        try session.press("Down")
        for _ in 0..<12 where (try selected(session.snapshot()))?.contains("at 8:33") != true {
            let before = try selected(session.snapshot())
            try session.press("Down")
            try waitForFrame(session, "the next hit") { selected($0) != before }
        }
        try waitForFrame(session, "the line chosen") { selected($0)?.contains("at 8:33") == true }
        try session.press("Enter")
        try session.wait(for: "the player run") { _ in FileManager.default.fileExists(atPath: record) }
        try waitForFrame(session, "the browser back") { $0.contains("Search: shader graph") }
        let played = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(played.contains { $0.contains("620") }, "\(played)")
        #expect(played.starts(with: ["-ss", "513"]), "\(played)")

        try session.press("s", "C-u")
        try session.type("thumbnails task group")
        try waitForFrame(session, "the code hit") { selected($0)?.contains("— Render thumbnails") == true }
        try session.press("Down", "Enter")
        let page = try waitForFrame(session, "the page at the snippet") { $0.contains("2. Render thumbnails in a task group") && $0.contains("func thumbnails(for ids") }
        #expect(!page.contains("When "), "the page scrolled past its top: \(page)")
    }

    @Test("a resize in the middle of a dialog: drawn again to fit at once, below 40 × 12 the line saying so, the dialog still there after")
    func resizeMidDialog() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let session = try start(browse, 100, 30, ["browse", "--tab", "videos"])
        try waitForFrame(session) { selected($0)?.contains("101") == true }
        try session.press("r")
        try waitForFrame(session, "the form") { $0.contains("Submit") }
        try session.press("4")
        try session.resize(columns: 40, rows: 14)
        let small = try waitForFrame(session, "the form at 40 × 14") { $0.columns == 40 && $0.contains("Overall") && $0.contains("4/5") }
        expectFits(small)
        try session.resize(columns: 39, rows: 12)
        try session.wait(for: "the line saying the terminal is too small") { $0.lines[0].contains("Terminal too small: 39×12") }
        try session.resize(columns: 80, rows: 24)
        let back = try waitForFrame(session, "the form again, as it was") { $0.columns == 80 && $0.contains("Overall") && $0.contains("4/5") }
        expectFits(back)
        // A rating given: Esc asks before it is thrown away.
        try session.press("Escape")
        try waitForFrame(session, "the question") { $0.contains("Discard your ratings") }
        try session.press("y")
        try waitForFrame(session, "the form dismissed") { !$0.contains("Overall") && $0.contains("Feedback not saved.") }
    }

    @Test("? on a small terminal: the keys that fit, their actions wrapped whole, ↑↓ for the rest, the tabs and the status line still shown; another key closes them")
    func keysScroll() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let session = try start(browse, 40, 20, ["browse", "--tab", "videos"])
        try waitForFrame(session) { selected($0)?.contains("101") == true }
        try session.press("?")
        // The overlay covers the rule above the status line: read as it is.
        let first = try session.wait(for: "the keys") { $0.contains("Keys: lines 1–16 of") && $0.lines[0].contains("[3 Videos]") }
        #expect(!first.contains("quit (Ctrl-C"), "\(first)")
        // An action too long for the width is wrapped beside its keys, whole.
        #expect(first.contains("Search, Downloads"), "\(first)")
        for _ in 0..<40 { try session.press("Down") }
        try session.wait(for: "the last keys") { $0.contains("quit (Ctrl-C") && $0.lines[19].contains("any other key") }
        try session.press("x")
        try waitForFrame(session, "closed") { !$0.contains("Keys ") && selected($0)?.contains("101") == true }
    }

    @Test("between two conferences (the current event without sessions, the last one's without times): Explore and Schedule show the last conference that has sessions, and say so; no topic counted with none",
          arguments: [(80, 24), (40, 20)])
    func betweenConferences(columns: Int, rows: Int) async throws {
        let browse = try await synced { contents in
            // As Apple's feeds are from a conference's announcement to its first day: the current
            // event (and the one after) without items, the one before with videos and no times.
            contents["contents"] = (contents["contents"] as! [[String: Any]])
                .filter { !["wwdc2026", "wwdc2027"].contains($0["eventId"] as? String) }
                .map { item in item.filter { $0.key != "startTime" && $0.key != "endTime" } }
        }
        defer { browse.remove() }
        let session = try start(browse, columns, rows)
        let explore = try waitForFrame(session, "Explore for WWDC 2025") { $0.contains("Shown: WWDC 2025.") && selected($0) != nil }
        #expect(explore.contains("WWDC 2026 has no sessions yet."))
        #expect(explore.contains("Topics"))
        // WWDC 2025's items are in 6 of the 10 topics: the others are not listed as having 0.
        #expect(explore.lines.filter { $0.firstMatch(of: #/\b\d+ sess/#) != nil }.count == 6, "\(explore)")
        #expect(explore.lines.allSatisfy { $0.firstMatch(of: #/\b0 sess/#) == nil }, "\(explore)")
        expectFits(explore)
        try session.press("2")
        let schedule = try waitForFrame(session, "the schedule") { $0.lines[0].contains("[2 Schedule]") && $0.contains("on tab 3") }
        #expect(schedule.contains("WWDC 2026 has no sessions yet, and"))
        #expect(schedule.contains("WWDC 2025 has nothing scheduled."))
        expectFits(schedule)
    }

    @Test("a feed from before topics (Apple's until 2020): Explore counts the event's sessions by track")
    func tracksBeforeTopics() async throws {
        var featured = 0
        let browse = try await synced { contents in
            let items = contents["contents"] as! [[String: Any]]
            featured = items.filter { $0["eventId"] as? String == "wwdc2026" && $0["trackId"] as? Int == 11 }.count
            contents["topics"] = [Any]()
            contents["topicCategories"] = [Any]()
            contents["contents"] = (contents["contents"] as! [[String: Any]]).map { item in
                item.filter { $0.key != "topicIds" && $0.key != "primaryTopicID" }
            }
        }
        defer { browse.remove() }
        let session = try start(browse, 80, 24)
        let explore = try waitForFrame(session, "the tracks") { $0.contains("Tracks") && selected($0) != nil }
        #expect(!explore.contains("Topics"))
        #expect(!explore.contains("Nothing here yet."))
        // The fixtures' track 11, Featured, holds some of the current event's sessions.
        #expect(featured > 0)
        let line = try #require(explore.lines.first { $0.contains("Featured") }, "\(explore)")
        #expect(line.contains(" \(featured) sessions"), "\(line)")
    }

    /// A sandbox synced from a copy of the fixtures whose contents.json `change` rewrote.
    private func synced(_ change: (inout [String: Any]) -> Void) async throws -> BrowseSandbox {
        let sandbox = try Sandbox()
        do {
            let folder = try sandbox.copyOfFixtures()
            let contentsURL = folder.appendingPathComponent("contents.json")
            var contents = try JSONSerialization.jsonObject(with: Data(contentsOf: contentsURL)) as! [String: Any]
            change(&contents)
            try JSONSerialization.data(withJSONObject: contents).write(to: contentsURL)
            let result = try await sandbox.run(["sync", "--source", folder.path])
            guard result.status == 0 else { throw BrowseSandbox.Failure(message: "sync failed: \(result.stderr)") }
            return BrowseSandbox(sandbox: sandbox)
        } catch {
            sandbox.remove()
            throw error
        }
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

/// Keeps every reader of a store waiting, as a long search would: the write-ahead log's read
/// locks (SQLite's WAL_READ_LOCK(0…4), bytes 123 to 127 of the `-shm` file) taken by this process
/// until ``release()``. A reader retries for about ten seconds before it gives up.
private final class StoreReadHold {
    private var descriptor: Int32

    init(databasePath: String) throws {
        descriptor = open(databasePath + "-shm", O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw HoldFailure(message: "cannot open \(databasePath)-shm: errno \(errno)") }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = 123
        lock.l_len = 5
        // Waits for a read under way to end.
        guard fcntl(descriptor, F_SETLKW, &lock) == 0 else { throw HoldFailure(message: "cannot lock the store's readers out: errno \(errno)") }
    }

    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}

private struct HoldFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
