import ConferenceData
import Foundation
import TestSupport
import TestTraits
import Testing

/// Links to a moment: every form of Apple's links names its session wherever a session goes; a
/// link's `?time=` is where `watch` starts; `share` prints the link Apple's site uses for a moment,
/// and copies it on a terminal; the assistant's results carry it beside the command that plays it.
@Suite("links to a moment", .offThePool)
struct MomentLinkTests {
    /// The forms of a link to session 202 of the fixtures' main event (`webUrlKey` `wwdc26`), its moment.
    static let forms202: [(link: String, time: Int?)] = [
        ("https://developer.apple.com/videos/play/wwdc2026/202/", nil),
        ("https://developer.apple.com/videos/play/wwdc2026/202/?time=754", 754),
        ("developer.apple.com/videos/play/wwdc2026/202", nil),
        ("www.developer.apple.com/videos/play/WWDC2026/202?time=754", 754),
        ("http://developer.apple.com/wwdc26/202/", nil),
        ("developer.apple.com/wwdc26/202?time=60", 60),
    ]

    /// The id `wwdc session <link> --json` names.
    static func sessionID(_ store: BrowseSandbox, _ link: String) async throws -> String? {
        let result = try await store.run(["session", link, "--json"])
        guard result.status == 0 else { return "exit \(result.status): \(result.stderr)" }
        return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["id"] as? String
    }

    @Test("every form names its session in the commands that take one: session, transcript, watch, watched, bookmark, the assistant's get_session")
    func fixtureForms() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        for (link, _) in Self.forms202 {
            #expect(try await Self.sessionID(store, link) == "wwdc2026-202", "\(link)")
        }
        // Another event's, whose webUrlKey is the long form's path.
        #expect(try await Self.sessionID(store, "https://developer.apple.com/videos/play/tech-talks/3101/") == "tech-talks-3101")
        #expect(try await Self.sessionID(store, "developer.apple.com/videos/play/tech-talks/3101?time=30") == "tech-talks-3101")

        let link = "https://developer.apple.com/videos/play/wwdc2026/303/?time=71"
        let transcript = try await store.run(["transcript", link])
        #expect(transcript.status == 0 && !transcript.stdout.isEmpty, "\(transcript.stderr)")
        #expect(transcript.stdout == (try await store.run(["transcript", "wwdc2026-303"])).stdout)
        let printed = try await store.run(["watch", link, "--print-url"])
        #expect(printed.stdout == (try WatchCommandTests.streamURL(303)) + "\n", "\(printed.stderr)")
        #expect(printed.stderr == "Start at 1:11.\n")
        #expect(try await store.run(["watched", "developer.apple.com/wwdc26/303"]).status == 0)
        #expect(try await store.run(["bookmark", "add", link, "--at", "71", "--note", "here"]).status == 0)
        let bookmarks = try await store.json(["bookmark", "list"])
        #expect(bookmarks.map { $0["id"] as? String } == ["wwdc2026-303"])
        let (answers, result) = try await MCPCommandTests.serve(store, [
            MCPCommandTests.initialize, MCPCommandTests.initialized,
            MCPCommandTests.call(1, "get_session", ["id": "developer.apple.com/videos/play/tech-talks/3101/"]),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(MCPCommandTests.structured(answers["1"])?["id"] as? String == "tech-talks-3101", "\(answers["1"] ?? [:])")
    }

    @Test("a link to another site, to a page that is no session's or with a time that is no number: a usage error naming the forms")
    func refused() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let refused: [(String, String)] = [
            ("https://example.com/videos/play/wwdc2026/202/", "it is a link to example.com, not to developer.apple.com"),
            ("developer.apple.com.example.com/wwdc26/202", "it is a link to developer.apple.com.example.com, not to developer.apple.com"),
            ("https://developer.apple.com/documentation/swiftui", "it is not a link to a session's video on developer.apple.com"),
            ("developer.apple.com/wwdc26/202?time=12:34", "its time '12:34' is not a number of seconds"),
        ]
        for (link, reason) in refused {
            for arguments in [["session", link], ["watch", link], ["share", link], ["watched", link]] {
                let result = try await store.run(arguments)
                #expect(result.status == 64, "\(arguments): \(result.stderr)")
                #expect(result.errorLines.first == "Error: '\(link)' names no session: \(reason)", "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains("developer.apple.com/videos/play/wwdc2019/209/ (with ?time=754 for a moment)"), "\(result.stderr)")
                #expect(result.stdout.isEmpty)
            }
        }
        // The site's form, but no session of the store: not found, with what the number may have meant.
        let unknown = try await store.run(["session", "https://developer.apple.com/videos/play/wwdc2030/202/"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("Did you mean wwdc2026-202 “Meet Xcode”"), "\(unknown.stderr)")
    }

    @Test("watch <link with ?time=>: the player's start option; --at, --bookmark and --from-start choose otherwise")
    func watchFromLink() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let url = try WatchCommandTests.streamURL(202)
        let link = "https://developer.apple.com/videos/play/wwdc2026/202/?time=754"
        let ffplay = try await RecordingPlayer("ffplay", in: store.sandbox.directory)
        let mpv = try await RecordingPlayer("mpv", in: store.sandbox.directory, socket: .placeholder)
        func play(_ arguments: [String], with player: RecordingPlayer) async throws -> [String]? {
            let result = try await store.run(["watch"] + arguments, environment: ["WWDC_PLAYER": player.script.path])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return player.arguments
        }
        #expect(try await play([link], with: ffplay) == ["-ss", "754", url])
        #expect(try await play(["developer.apple.com/wwdc26/202?time=60"], with: ffplay) == ["-ss", "60", url])
        #expect(try await play([link], with: mpv) == ["--start=754", "--input-ipc-server=<socket>", "--", url])
        #expect(try await play([link, "--at", "1:00"], with: ffplay) == ["-ss", "60", url])
        #expect(try await play([link, "--from-start"], with: ffplay) == [url])
        #expect(try await store.run(["bookmark", "add", "202", "--at", "30"]).status == 0)
        #expect(try await play([link, "--bookmark", "1"], with: ffplay) == ["-ss", "30", url])
        // A link without a moment: where you stopped, as for its id (the last run stopped nowhere: the start).
        #expect(try await play(["https://developer.apple.com/videos/play/wwdc2026/202/"], with: ffplay) == [url])
    }

    @Test("share: the site's link for a moment, alone on stdout in a pipe; --at, a link's moment, --json, an article's page")
    func share() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let page = "https://developer.apple.com/videos/play/wwdc2026/202/"
        let cases: [([String], String)] = [
            (["share", "202"], page),
            (["share", "wwdc2026-202", "--at", "12:34"], page + "?time=754"),
            (["share", "202", "--at", "754"], page + "?time=754"),
            (["share", "202", "--at", "0"], page),
            (["share", "developer.apple.com/wwdc26/202?time=99"], page + "?time=99"),
            (["share", "developer.apple.com/wwdc26/202?time=99", "--at", "1:00:00"], page + "?time=3600"),
            (["share", "tech-talks-3101", "--at", "30"], "https://developer.apple.com/videos/play/tech-talks/3101/?time=30"),
            // An article: its own page.
            (["share", "news-4101"], "https://developer.example.com/news/?id=a3e9cf95"),
        ]
        for (arguments, link) in cases {
            let result = try await store.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout == link + "\n", "\(arguments)")
            #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
        }
        // What it prints names the session again, at the moment.
        #expect(try await Self.sessionID(store, page + "?time=754") == "wwdc2026-202")

        let json = try await store.run(["share", "202", "--at", "12:34", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(document?["id"] as? String == "wwdc2026-202")
        #expect(document?["title"] as? String == "Meet Xcode")
        #expect(document?["at"] as? Int == 754)
        #expect(document?["link"] as? String == page + "?time=754")
        let whole = try await store.run(["share", "202", "--json"])
        #expect((try JSONSerialization.jsonObject(with: Data(whole.stdout.utf8)) as? [String: Any])?["at"] is NSNull, "\(whole.stdout)")

        let article = try await store.run(["share", "news-4101", "--at", "30"])
        #expect(article.status == 1)
        #expect(article.errorLines.first == "Error: news-4101 is an article: it has no video to link a moment of", "\(article.stderr)")
        let bad = try await store.run(["share", "202", "--at", "1:60"])
        #expect(bad.status == 64)
        let none = try await store.run(["share", "9999"])
        #expect(none.status == 1 && none.stdout.isEmpty)
    }

    @Test("share with hostile ids: what was typed is quoted and cleaned in the error; a stored one's link names no id, its JSON escapes it; an unusable event id gives no link")
    func shareHostile() async throws {
        let (store, hostile) = try await HostileIDTests.olderStore()
        defer { store.remove() }
        let marker = HostileIDTests.marker(store.sandbox)
        let typed = try await store.run(["share", "$(touch \(marker))\u{1B}[2J"])
        #expect(typed.status == 1)
        #expect(!typed.stderr.contains("\u{1B}"), "\(typed.stderr)")
        #expect(typed.errorLines.first?.hasPrefix("Error: no session '$(touch ") == true, "\(typed.stderr)")
        // 303 and 305 under hostile ids: their pages are their event's and number's.
        for (id, number) in zip(hostile, [303, 305]) {
            let result = try await store.run(["share", id, "--at", "10"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "https://developer.apple.com/videos/play/wwdc2026/\(number)/?time=10\n")
            let json = try await store.run(["share", id, "--json"])
            #expect((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["id"] as? String == id)
        }
        // An event id an older wwdc could have stored, which no path may hold: the feed's own page
        // of the session, without a moment; without one, no link.
        let conference = try ConferenceStore(path: store.sandbox.database.path)
        try conference.write { db in try db.execute("UPDATE sessions SET event_id = ? WHERE id = ?", ["../$(touch \(marker))", "wwdc2026-202"]) }
        let permalink = try await store.run(["share", "wwdc2026-202"])
        #expect(permalink.status == 0 && permalink.stdout == "https://developer.example.com/wwdc26/202\n", "\(permalink.stdout)\(permalink.stderr)")
        #expect(try await store.run(["share", "wwdc2026-202", "--at", "10"]).status == 1)
        try conference.write { db in try db.execute("UPDATE sessions SET web_permalink = NULL WHERE id = ?", ["wwdc2026-202"]) }
        let unusable = try await store.run(["share", "wwdc2026-202"])
        #expect(unusable.status == 1 && unusable.stdout.isEmpty, "\(unusable.stdout)")
        #expect(unusable.errorLines.first == "Error: wwdc2026-202 has no page on developer.apple.com to link to", "\(unusable.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test("share on a terminal: the link, and OSC 52 putting it on the clipboard, said on stderr; not with TERM=dumb")
    func clipboard() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let link = "https://developer.apple.com/videos/play/wwdc2026/202/?time=754"
        let osc52 = "\u{1B}]52;c;" + Data(link.utf8).base64EncodedString() + "\u{07}"
        let terminal = try await store.onTerminal(["share", "202", "--at", "12:34"])
        #expect(terminal.exit == .exited(0))
        #expect(terminal.screen.contains(osc52), "\(terminal.screen.debugDescription)")
        #expect(BrowseSandbox.unlinked(terminal.screen).contains(link + "\n"), "\(terminal.screen.debugDescription)")
        #expect(terminal.screen.contains("Copied to the clipboard (through the terminal, OSC 52)."))
        // Exactly one sequence, and before the link is shown.
        #expect(terminal.screen.components(separatedBy: "\u{1B}]52;").count == 2)

        let dumb = try await store.onTerminal(["share", "202", "--at", "12:34"], environment: ["TERM": "dumb"])
        #expect(dumb.exit == .exited(0))
        #expect(!dumb.screen.contains("\u{1B}"), "\(dumb.screen.debugDescription)")
        #expect(dumb.screen == link + "\n", "\(dumb.screen.debugDescription)")
        let json = try await store.onTerminal(["share", "202", "--json"])
        #expect(!json.screen.contains("\u{1B}]52"), "--json prints the document only")
    }

    @Test("the assistant's results carry the link beside the command that plays a moment: search, get_session, get_code, continue_watching, list_bookmarks, add_bookmark")
    func assistantLinks() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let conference = try ConferenceStore(path: store.sandbox.database.path)
        try conference.write { db in
            _ = try db.edit(.recordPosition(session: "wwdc2026-303", position: 100.7, duration: nil), at: Date(timeIntervalSince1970: 1_781_000_000))
            _ = try db.edit(.addBookmark(session: "wwdc2026-303", time: 10, note: "a note"), at: Date(timeIntervalSince1970: 1_781_000_000))
        }
        let page = "https://developer.apple.com/videos/play/wwdc2026/303/"
        let (answers, result) = try await MCPCommandTests.serve(store, [
            MCPCommandTests.initialize, MCPCommandTests.initialized,
            MCPCommandTests.call(1, "search", ["query": "work on SwiftUI", "in": ["transcripts"]]),
            MCPCommandTests.call(2, "search", ["query": "a note", "in": ["notes"]]),
            MCPCommandTests.call(3, "get_session", ["id": "wwdc2026-303"]),
            MCPCommandTests.call(4, "get_code", ["id": "wwdc2026-303", "n": 1]),
            MCPCommandTests.call(5, "continue_watching"),
            MCPCommandTests.call(6, "list_bookmarks"),
            MCPCommandTests.call(7, "add_bookmark", ["id": "tech-talks-3101", "at": 42]),
            MCPCommandTests.call(8, "search", ["query": "filter a list as people type", "in": ["code"]]),
        ], arguments: ["--allow-writes"])
        #expect(result.status == 0, "\(result.stderr)")
        func structured(_ id: Int) -> [String: Any] { MCPCommandTests.structured(answers["\(id)"]) ?? [:] }
        let transcriptHit = (structured(1)["hits"] as? [[String: Any]])?.first { $0["id"] as? String == "wwdc2026-303" }
        #expect(transcriptHit?["command"] as? String == "wwdc watch wwdc2026-303 --at 1:11", "\(structured(1))")
        #expect(transcriptHit?["link"] as? String == page + "?time=71", "\(structured(1))")
        let bookmarkHit = (structured(2)["hits"] as? [[String: Any]])?.first { $0["kind"] as? String == "bookmark" }
        #expect(bookmarkHit?["link"] as? String == page + "?time=10", "\(structured(2))")
        let session = structured(3)
        #expect((session["progress"] as? [String: Any])?["resume"] as? String == "wwdc watch wwdc2026-303 --at 1:40", "\(session["progress"] ?? "")")
        #expect((session["progress"] as? [String: Any])?["link"] as? String == page + "?time=100", "\(session["progress"] ?? "")")
        #expect((session["bookmarks"] as? [[String: Any]])?.first?["link"] as? String == page + "?time=10")
        #expect(structured(4)["command"] as? String == "wwdc watch wwdc2026-303 --at 23:40", "\(structured(4))")
        #expect(structured(4)["link"] as? String == page + "?time=1420", "\(structured(4))")
        #expect((structured(5)["videos"] as? [[String: Any]])?.first?["link"] as? String == page + "?time=100", "\(structured(5))")
        #expect((structured(6)["bookmarks"] as? [[String: Any]])?.first?["link"] as? String == page + "?time=10", "\(structured(6))")
        #expect(structured(7)["link"] as? String == "https://developer.apple.com/videos/play/tech-talks/3101/?time=42", "\(structured(7))")
        // A hit without a moment to play has none.
        let codeHit = (structured(8)["hits"] as? [[String: Any]])?.first
        #expect(codeHit?["command"] as? String == "wwdc code wwdc2026-303 1" && codeHit?["link"] is NSNull, "\(structured(8))")
        // The command line's documents do not (as they name no command).
        let continued = try await store.json(["continue"])
        #expect(continued.first?["link"] == nil, "\(continued)")
    }

    // MARK: Apple's real feeds

    /// An item of each event of a real feed with a page of its own (its `webPermalink` ends in its
    /// number, as the feeds' sessions' and videos' do, not in an article's `?id=`): its id, event,
    /// number and permalink, read with `JSONSerialization`.
    static func samples(_ name: String) throws -> [(id: String, event: String, number: Int, permalink: String)] {
        let contents = try #require(try AppleFeeds.json(name, "contents.json") as? [String: Any])
        var seen: Set<String> = []
        var samples: [(String, String, Int, String)] = []
        for item in contents["contents"] as? [[String: Any]] ?? [] {
            guard let id = item["id"] as? String, let event = item["eventId"] as? String, let number = item["eventContentId"] as? Int,
                  let permalink = item["webPermalink"] as? String, permalink.hasSuffix("/\(number)"), item["media"] != nil,
                  !seen.contains(event) else { continue }
            seen.insert(event)
            samples.append((id, event, number, permalink))
        }
        return samples
    }

    @Test("Apple's real 2017 feed: each form of each event's links names its session; share's link names it again; ?time= reaches the player",
          .enabled(if: AppleFeeds.has("2017"), "needs ../shared/apple-feeds/2017"))
    func realFeed2017() async throws {
        try await checkRealFeed("2017")
    }

    @Test("Apple's real 2020 feed (2020b): the same, tech talks and insights too",
          .enabled(if: AppleFeeds.has("2020b"), "needs ../shared/apple-feeds/2020b"))
    func realFeed2020() async throws {
        try await checkRealFeed("2020b")
    }

    /// Syncs the copy `name`, then checks each form of a link to an item of each of its events.
    private func checkRealFeed(_ name: String) async throws {
        let folder = try #require(AppleFeeds.folder(name))
        let samples = try Self.samples(name)
        #expect(samples.count >= (name == "2017" ? 5 : 7), "\(samples.map(\.id))")
        let sandbox = try Sandbox()
        let store = BrowseSandbox(sandbox: sandbox)
        defer { store.remove() }
        let sync = try await sandbox.run(["sync", "--source", folder.path])
        try #require(sync.status == 0, "\(sync.stderr)")
        let ffplay = try await RecordingPlayer("ffplay", in: sandbox.directory)
        for sample in samples {
            let bare = String(sample.permalink.drop { $0 != ":" }.dropFirst(3))
            let long = "developer.apple.com/videos/play/\(sample.event)/\(sample.number)"
            let forms = [sample.permalink, bare, bare + "/", "www." + bare + "?time=754", "https://" + long + "/", long, "http://www." + long + "/?time=754"]
            for form in forms {
                #expect(try await Self.sessionID(store, form) == sample.id, "\(name): \(form)")
            }
            let shared = try await store.run(["share", sample.id, "--at", "754"])
            #expect(shared.stdout == "https://\(long)/?time=754\n", "\(name): \(sample.id): \(shared.stderr)")
            let link = shared.stdout.trimmingCharacters(in: .newlines)
            #expect(try await Self.sessionID(store, link) == sample.id, "\(name): \(link)")
            let watch = try await store.run(["watch", link], environment: ["WWDC_PLAYER": ffplay.script.path])
            #expect(watch.status == 0, "\(name): \(watch.stderr)")
            #expect(ffplay.arguments?.prefix(2) == ["-ss", "754"], "\(name): \(sample.id): \(ffplay.arguments ?? [])")
            #expect(ffplay.arguments?.count == 3, "\(ffplay.arguments ?? [])")
        }
    }
}
