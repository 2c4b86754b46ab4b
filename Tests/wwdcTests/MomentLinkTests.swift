import ConferenceData
import Foundation
import TestSupport
import TestTraits
import Testing

/// Links to a moment: every form of Apple's links names its session wherever a session goes; a
/// link's `?time=` is where `watch` starts.
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
            for arguments in [["session", link], ["watch", link], ["watched", link]] {
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
}
