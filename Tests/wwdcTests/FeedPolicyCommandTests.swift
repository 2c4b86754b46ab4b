import Foundation
import TestSupport
import TestTraits
import Testing

/// The decoding policy as a user meets it: what a sync says about items it skipped, and what the
/// listings say about an event with nothing scheduled.
@Suite("wwdc sync: surprising feeds", .offThePool)
struct FeedPolicyCommandTests {
    /// The fixtures with two unusable items and one unusable value in contents.json, one unusable
    /// news item, and a config whose current event has nothing scheduled.
    static func surprisingFeeds(_ sandbox: Sandbox) throws -> URL {
        let folder = try sandbox.copyOfFixtures()
        let contentsURL = folder.appendingPathComponent("contents.json")
        var contents = try JSONSerialization.jsonObject(with: Data(contentsOf: contentsURL)) as! [String: Any]
        var items = contents["contents"] as! [[String: Any]]
        items[0]["title"] = ["not": "text"]
        items[1].removeValue(forKey: "id")
        items[2]["keywords"] = "not a list"
        contents["contents"] = items
        try JSONSerialization.data(withJSONObject: contents).write(to: contentsURL)
        let newsURL = folder.appendingPathComponent("news.json")
        var news = try JSONSerialization.jsonObject(with: Data(contentsOf: newsURL)) as! [String: Any]
        var newsItems = news["items"] as! [[String: Any]]
        newsItems[0]["title"] = NSNull()
        news["items"] = newsItems
        try JSONSerialization.data(withJSONObject: news).write(to: newsURL)
        return folder
    }

    @Test("an unusable item is skipped: the summary counts them per feed, --verbose names each, --json lists them")
    func skippedItemsReported() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let folder = try Self.surprisingFeeds(sandbox)
        let contents = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("contents.json"))) as! [String: Any]
        let items = contents["contents"] as! [[String: Any]]
        let skippedID = items[0]["id"] as! String

        let result = try await sandbox.run(["sync", "--source", folder.path, "--verbose", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let summaryLine = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summaryLine.contains("3 items skipped (contents.json 2, news.json 1)"), "\(summaryLine)")
        #expect(result.stderr.contains("Skipped contents.json: \(skippedID): title: expected text, found an object"), "\(result.stderr)")
        #expect(result.stderr.contains("Skipped contents.json: contents[1]: id: required field \"id\" is missing"), "\(result.stderr)")
        #expect(result.stderr.contains("Ignored contents.json: \(items[2]["id"] as! String): keywords: expected a list, found text"))
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let skipped = try #require(summary["skipped"] as? [[String: Any]])
        #expect(skipped.count == 3)
        #expect(skipped.contains { $0["feed"] as? String == "contents.json" && $0["item"] as? String == skippedID
                    && $0["field"] as? String == "title" && ($0["reason"] as? String)?.contains("expected text") == true })
        #expect(skipped.contains { $0["feed"] as? String == "news.json" && $0["field"] as? String == "title" })
        #expect((summary["ignored"] as? [[String: Any]])?.count == 1)

        // The rest landed: every other item is in the store.
        let counts = try sandbox.counts()
        #expect(counts["sessions"] == items.count - 2)
        // The Schedule step says how many it skipped.
        #expect(result.stderr.contains("2 skipped"), "\(result.stderr)")
    }

    @Test("each item left out is listed in --json with its four fields, null when unknown: an item that is not an object has no field")
    func skippedItemHasEveryField() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let folder = try sandbox.copyOfFixtures()
        let contentsURL = folder.appendingPathComponent("contents.json")
        var contents = try JSONSerialization.jsonObject(with: Data(contentsOf: contentsURL)) as! [String: Any]
        let items = contents["contents"] as! [Any]
        contents["contents"] = items + [42]
        try JSONSerialization.data(withJSONObject: contents).write(to: contentsURL)

        let result = try await sandbox.run(["sync", "--source", folder.path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let skipped = try #require(summary["skipped"] as? [[String: Any]])
        #expect(skipped.count == 1 && skipped.allSatisfy { Set($0.keys) == ["feed", "item", "field", "reason"] }, "\(skipped)")
        #expect(skipped.first?["item"] as? String == "contents[\(items.count)]" && skipped.first?["field"] is NSNull, "\(skipped)")
    }

    @Test("an event with nothing scheduled explains itself, with the config's word on it and where its items are")
    func nothingScheduled() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let folder = try sandbox.copyOfFixtures()
        // The sample with its current event emptied of times: what every feed since 2020 looks like
        // between two conferences.
        let contentsURL = folder.appendingPathComponent("contents.json")
        var contents = try JSONSerialization.jsonObject(with: Data(contentsOf: contentsURL)) as! [String: Any]
        contents["contents"] = (contents["contents"] as! [[String: Any]]).map { item in
            var item = item
            item.removeValue(forKey: "startTime")
            item.removeValue(forKey: "endTime")
            return item
        }
        try JSONSerialization.data(withJSONObject: contents).write(to: contentsURL)
        let config = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("config.json"))) as! [String: Any]
        let hero = try #require(config["eventHero"] as? [String: Any])
        #expect(try await sandbox.run(["sync", "--source", folder.path]).status == 0)

        let schedule = try await sandbox.run(["schedule"])
        #expect(schedule.status == 0)
        #expect(schedule.stdout.isEmpty)
        #expect(schedule.stderr.contains("WWDC 2026 has nothing scheduled."), "\(schedule.stderr)")
        #expect(schedule.stderr.contains(hero["title"] as! String), "\(schedule.stderr)")
        #expect(schedule.stderr.contains("Its videos: wwdc videos --event wwdc2026"), "\(schedule.stderr)")
        #expect(schedule.stderr.contains("wwdc schedule --event wwdc2026 --unscheduled"), "\(schedule.stderr)")
        #expect(!schedule.stderr.contains("No sessions match"))
        // The commands it names work.
        let unscheduled = try await sandbox.run(["schedule", "--event", "wwdc2026", "--unscheduled", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(unscheduled.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == (contents["contents"] as! [[String: Any]]).filter { $0["eventId"] as? String == "wwdc2026" }.count)
        #expect(rows.allSatisfy { $0["start"] is NSNull })
        // A search still finds the items, marked as not scheduled.
        let search = try await sandbox.run(["schedule", "--search", "keynote"])
        #expect(search.stdout.contains("not scheduled"), "\(search.stdout)")
    }

    @Test("a stream without an end date is on the air during its session only, not years later")
    func liveStreamWindow() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        // wwdc2026-301 runs on June 8, 15:00–15:40, and its stream has no actualEndDate.
        for (now, live) in [("2026-06-08T15:10:00-07:00", true), ("2026-06-08T16:00:00-07:00", false), ("2029-06-08T15:10:00-07:00", false)] {
            let result = try await store.run(["session", "wwdc2026-301"], environment: ["WWDC_NOW": now])
            let onTheAir = result.stdout.contains("Status     on the air")
            #expect(onTheAir == live, "\(now): \(result.stdout)")
            let json = try await store.run(["session", "wwdc2026-301", "--json"], environment: ["WWDC_NOW": now])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(document["onTheAir"] as? Bool == live, "\(now)")
            #expect((document["bestStream"] as? String)?.contains("/live/") == live, "\(now)")
        }
    }

    @Test("duplicate ids in one feed: the first is kept, each later one skipped and reported (summary, --verbose, --json)")
    func duplicateIDs() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let folder = try sandbox.copyOfFixtures()
        try FeedFiles.edit(folder.appendingPathComponent("contents.json")) { root in
            var items = root["contents"] as? [[String: Any]] ?? []
            var impostor = try #require(items.first { $0["id"] as? String == "wwdc2026-101" })
            impostor["title"] = "An impostor keynote"
            items.append(impostor)
            root["contents"] = items
            var events = root["events"] as? [[String: Any]] ?? []
            var event = events[1]
            event["name"] = "An impostor event"
            events.append(event)
            root["events"] = events
        }
        let newsURL = folder.appendingPathComponent("news.json")
        let news = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: newsURL)) as? [String: Any])
        let first = try #require((news["items"] as? [[String: Any]])?.first)
        let firstID = try #require(first["id"] as? String)
        try FeedFiles.edit(newsURL) { root in
            var items = root["items"] as? [[String: Any]] ?? []
            items.append(["id": firstID, "title": "An impostor news item"])
            root["items"] = items
        }
        // Two streams under one key: JSON allows it, and a writer can only make it by hand.
        let liveURL = folder.appendingPathComponent("videos_live.json")
        let live = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: liveURL)) as? [String: Any])
        let streams = try #require(live["live_sessions"] as? [String: Any])
        let members = try streams.sorted { $0.key < $1.key }.map { key, value in
            "\"\(key)\": " + String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self)
        }
        try (#"{"live_sessions": {"# + members.joined(separator: ", ") + #", "101": {"iosUrl": "https://example.com/impostor.m3u8"}}}"#)
            .write(to: liveURL, atomically: true, encoding: .utf8)

        let result = try await sandbox.run(["sync", "--source", folder.path, "--verbose", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let summaryLine = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summaryLine.contains("4 items skipped (contents.json 2, news.json 1, videos_live.json 1)"), "\(summaryLine)")
        #expect(result.stderr.contains("Skipped contents.json: wwdc2026-101: id: the same id as contents[0], which is kept"), "\(result.stderr)")
        #expect(result.stderr.contains("Skipped contents.json: wwdc2026: id: the same id as events[1], which is kept"), "\(result.stderr)")
        #expect(result.stderr.contains("Skipped news.json: \(firstID): id: the same id as items[0], which is kept"), "\(result.stderr)")
        #expect(result.stderr.contains("Skipped videos_live.json: 101: id: the same id as live_sessions.101, which is kept"), "\(result.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let skipped = summary["skipped"] as? [[String: Any]] ?? []
        #expect(skipped.filter { ($0["reason"] as? String)?.hasPrefix("the same id as") == true }.count == 4, "\(skipped)")
        // The first of each is what the store holds.
        let session = try await sandbox.run(["session", "wwdc2026-101"])
        #expect(session.stdout.hasPrefix("Keynote\n"), "\(session.stdout.prefix(100))")
        #expect(!(try await sandbox.run(["news"])).stdout.contains("impostor"))
        #expect(!(try await sandbox.run(["schedule", "--event", "all"])).stdout.contains("impostor"))
        let onTheAir = try await sandbox.run(["session", "wwdc2026-101", "--json"], environment: ["WWDC_NOW": "2026-06-08T10:30:00-07:00"])
        #expect(!onTheAir.stdout.contains("impostor"), "\(onTheAir.stdout.prefix(300))")
    }

    @Test("a lone surrogate (\\ud800) in a feed's text: that value is unusable, reported as what it is, and the rest lands")
    func loneSurrogate() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let folder = try sandbox.copyOfFixtures()
        let newsURL = folder.appendingPathComponent("news.json")
        try FeedFiles.edit(newsURL) { root in
            var items = root["items"] as? [[String: Any]] ?? []
            items[0]["title"] = "@@title@@"
            items[1]["body"] = "@@body@@"
            root["items"] = items
        }
        let text = try String(contentsOf: newsURL, encoding: .utf8)
            .replacingOccurrences(of: "@@title@@", with: #"half \ud800 a pair"#)
            .replacingOccurrences(of: "@@body@@", with: #"low \udc00 half, then a whole pair \ud83d\ude00"#)
        try text.write(to: newsURL, atomically: true, encoding: .utf8)
        // A transcript file is read whole: one holding such text is refused, saying why.
        let digestURL = folder.appendingPathComponent("transcripts/transcript-digest-eng.json")
        try FeedFiles.edit(digestURL) { root in
            var entry = root["wwdc2026-303"] as? [String: Any] ?? [:]
            entry["transcript"] = [[0, "@@line@@"]] + (entry["transcript"] as? [Any] ?? [])
            root["wwdc2026-303"] = entry
        }
        try String(contentsOf: digestURL, encoding: .utf8).replacingOccurrences(of: "@@line@@", with: #"half \ud800 a pair. "#)
            .write(to: digestURL, atomically: true, encoding: .utf8)
        let result = try await sandbox.run(["sync", "--source", folder.path, "--verbose"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("nested too deeply"), "\(result.stderr)")
        #expect(result.stderr.contains("transcript-digest-eng.json: top level: text with a lone surrogate"), "\(result.stderr)")
        #expect(!result.stderr.contains("not valid JSON"), "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("lone surrogate") && !$0.contains("transcript") }
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("Skipped news.json: ") && $0.contains(": title: ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Ignored news.json: ") && $0.contains(": body: ") }, "\(lines)")
        let news = try await sandbox.run(["news", "--json"])
        #expect(news.status == 0)
        #expect(!news.stdout.contains("half"), "the unusable value was kept: \(news.stdout.prefix(300))")
        #expect(try sandbox.counts()["news"] == FixtureFacts.load().news - 1)
    }
}
