import Foundation
import TestSupport
import TestTraits
import Testing

/// What a sync found new: a second sync, after the served feeds gained a video, a session and a
/// news item and a favorite moved, lists exactly those, in `sync --json`, its summary line and
/// `wwdc whatsnew`.
@Suite("what's new after a sync", .offThePool)
struct WhatsNewTests {
    /// The lists of a `whatsNew` object, as `kind: [id]`, and the titles by id.
    static func lists(_ object: Any?) -> (ids: [String: [String]], titles: [String: String]) {
        var ids: [String: [String]] = [:]
        var titles: [String: String] = [:]
        for kind in ["videos", "sessions", "news", "favoritesChanged"] {
            let items = (object as? [String: Any])?[kind] as? [[String: Any]] ?? []
            ids[kind] = items.compactMap { $0["id"] as? String }
            for item in items { titles[item["id"] as? String ?? ""] = item["title"] as? String }
        }
        return (ids, titles)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Edits a JSON file of the feeds in place.
    static func edit(_ file: URL, _ change: (inout [String: Any]) throws -> Void) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        try change(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: file)
    }

    @Test("a second sync lists exactly the new video, session, news item and the favorite moved; whatsnew shows them until a sync finds more")
    func secondSync() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let feeds = try sandbox.copyOfFixtures()
        let server = try await ReferenceServer.start(root: feeds)
        defer { server.stop() }
        let source = server.baseURL.absoluteString

        // The first sync into an empty store: everything is new, so nothing is listed.
        let first = try await sandbox.run(["sync", "--source", source, "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let firstLists = Self.lists(try Self.json(first.stdout)["whatsNew"])
        #expect(firstLists.ids == ["videos": [], "sessions": [], "news": [], "favoritesChanged": []])
        #expect(!first.stderr.contains("What's new"), "\(first.stderr)")
        let none = try await sandbox.run(["whatsnew", "--json"])
        #expect(none.status == 0, "\(none.stderr)")
        #expect(try Self.json(none.stdout)["syncedAt"] is NSNull)
        let noneText = try await sandbox.run(["whatsnew"])
        #expect(noneText.status == 0 && noneText.stderr.hasPrefix("Nothing new yet"), "\(noneText.stderr)")

        // Two favorites: one will move, one stays where it is.
        #expect(try await sandbox.run(["favorite", "add", "101", "102"]).status == 0)

        try Self.edit(feeds.appendingPathComponent("contents.json")) { contents in
            var items = try #require(contents["contents"] as? [[String: Any]])
            let keynote = try #require(items.firstIndex { $0["id"] as? String == "wwdc2026-101" })
            let withVideo = try #require(items.first { $0["id"] as? String == "wwdc2026-102" })
            let noVideo = try #require(items.firstIndex { $0["id"] as? String == "wwdc2027-201" })
            // The favorite moves a day later, to another room.
            items[keynote]["startTime"] = "2026-06-09T10:00:00-07:00"
            items[keynote]["endTime"] = "2026-06-09T11:45:00-07:00"
            items[keynote]["roomId"] = 102
            // A session that had none gets a video.
            items[noVideo]["media"] = withVideo["media"]
            // A new session, without a video.
            var added = items[noVideo]
            added["id"] = "wwdc2027-299"
            added["eventContentId"] = 299
            added["staticContentId"] = 99_299
            added["title"] = "Meet the new thing"
            added["media"] = nil
            added.removeValue(forKey: "media")
            items.append(added)
            contents["contents"] = items
        }
        try Self.edit(feeds.appendingPathComponent("news.json")) { news in
            var items = try #require(news["items"] as? [[String: Any]])
            items.append(["id": "5D0C7A3E-0000-4000-8000-000000000001", "title": "Labs are open", "timestamp": 1_780_900_000,
                          "body": "Sign up now."])
            news["items"] = items
        }

        // With desktop notifications asked for, and a notification server to receive them when
        // this machine can run one: one per item up to three, then one for the rest.
        let second: (status: Int32, stdout: String, stderr: String)
        if RemindTests.notificationSessionMissing == nil {
            #expect(try await sandbox.run(["config", "set", "notify", "desktop"]).status == 0)
            let session = try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/python3"),
                                                      [ProjectPaths.root.appendingPathComponent("Tests/Server/notification_session.py").path, "--",
                                                       CommandRunner.wwdc.path, "sync", "--source", source, "--json"],
                                                      environment: sandbox.environment())
            let report = try Self.json(session.stdout)
            second = (Int32(report["status"] as? Int ?? -1), report["stdout"] as? String ?? "", report["stderr"] as? String ?? "")
            let calls = report["calls"] as? [[String: Any]] ?? []
            #expect(calls.map { $0["summary"] as? String ?? "" } == ["WWDC · New video", "WWDC · New session", "WWDC · News", "WWDC · 1 more new"],
                    "\(calls)")
            #expect(calls.first?["body"] as? String == "What's new in Xcode\nwwdc session wwdc2027-201")
            #expect(try await sandbox.run(["config", "set", "notify", "off"]).status == 0)
        } else {
            let result = try await sandbox.run(["sync", "--source", source, "--json"])
            second = (result.status, result.stdout, result.stderr)
        }
        #expect(second.status == 0, "\(second.stderr)")
        let found = Self.lists(try Self.json(second.stdout)["whatsNew"])
        let expected = ["videos": ["wwdc2027-201"], "sessions": ["wwdc2027-299"], "news": ["5D0C7A3E-0000-4000-8000-000000000001"],
                        "favoritesChanged": ["wwdc2026-101"]]
        #expect(found.ids == expected)
        #expect(found.titles["wwdc2027-299"] == "Meet the new thing")
        #expect(found.titles["wwdc2026-101"] == "Keynote")
        #expect(second.stderr.contains("What's new: 1 new video, 1 new session, 1 news item, 1 favorite moved: run 'wwdc whatsnew'."),
                "\(second.stderr)")

        // whatsnew shows the same lists, and still does after a sync that finds nothing.
        let unchanged = try await sandbox.run(["sync", "--source", source, "--json"])
        #expect(Self.lists(try Self.json(unchanged.stdout)["whatsNew"]).ids.values.allSatisfy(\.isEmpty))
        let shown = try await sandbox.run(["whatsnew", "--json"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let document = try Self.json(shown.stdout)
        #expect(Self.lists(document).ids == expected)
        #expect(document["syncedAt"] is String)
        let text = try await sandbox.run(["whatsnew"], environment: ["TZ": "UTC"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("New videos (1)\n  wwdc2027-201\tWhat's new in Xcode"), "\(text.stdout)")
        #expect(text.stdout.contains("Favorites moved (1)\n  wwdc2026-101\tKeynote  now Tue Jun 9 10:00–11:45, Hall A"), "\(text.stdout)")
    }
}
