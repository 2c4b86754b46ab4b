import Foundation
import TestSupport
import TestTraits
import Testing

/// A copy of the fixtures where every string a user can see comes poisoned: escape sequences (CSI,
/// OSC, clear-screen), C1 controls, bidirectional overrides and isolates, zero-width characters, in
/// the middle of the text; and copies of several items with the poison in their ids, which the sync
/// skips and reports (an id is ASCII letters, digits, `-`, `_` and `.`).
enum HostileFeed {
    /// What the feed slips into its text.
    static let payload = "\u{1B}[31m\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{85}\u{202E}\u{2066}\u{200B}\u{FEFF}"
    /// What the poisoned copies' ids end with.
    static let idSuffix = "\u{1B}[0m\u{202E}"
    /// The items whose every string (but their ids) is poisoned: a keynote with a live stream, a session
    /// with two code snippets, one with chapters, an unscheduled video with topics and a snippet.
    static let items = ["wwdc2026-101", "wwdc2026-208", "wwdc2026-303", "wwdc2025-204"]
    /// Fields left alone: what links items together or places them in time.
    static let structural: Set<String> = [
        "id", "eventId", "startTime", "endTime", "type", "publishingExpiryDate", "originalPublishingDate", "images", "related",
        "topicIds", "primaryTopicID", "trackId", "roomId", "staticContentId", "eventContentId", "duration", "start", "end",
        "startTimeSeconds", "endTimeSeconds", "articleID",
    ]

    /// `text` with the payload in its middle (inside a word, as often as not).
    static func poison(_ text: String) -> String {
        let middle = text.index(text.startIndex, offsetBy: text.count / 2)
        return String(text[..<middle]) + payload + String(text[middle...])
    }

    /// Every string in `value`, at any depth, poisoned, but for the structural fields.
    static func poisoned(_ value: Any) -> Any {
        switch value {
        case let text as String:
            return poison(text)
        case let list as [Any]:
            return list.map(poisoned)
        case let object as [String: Any]:
            var copy = object
            for (key, field) in object where !structural.contains(key) { copy[key] = poisoned(field) }
            return copy
        default:
            return value
        }
    }

    /// Makes the hostile copy in the sandbox and returns its folder.
    static func make(in sandbox: Sandbox, name: String = "hostile-feeds") throws -> URL {
        let feeds = try sandbox.copyOfFixtures(name)
        try FeedFiles.edit(feeds.appendingPathComponent("contents.json")) { root in
            var contents = root["contents"] as? [[String: Any]] ?? []
            for index in contents.indices {
                guard let id = contents[index]["id"] as? String, items.contains(id) else { continue }
                contents[index] = poisoned(contents[index]) as? [String: Any] ?? [:]
                // Its copy with the poison in its id: skipped, and reported in words as clean as the rest.
                var copy = contents[index]
                copy["id"] = id + idSuffix
                copy["eventContentId"] = 9500 + index
                contents.append(copy)
            }
            // Items the import reports on (`sync --verbose`): their bad values are the feed's text.
            if var broken = contents.first(where: { $0["id"] as? String == "wwdc2026-102" }) {
                broken["id"] = "wwdc2026-778"
                broken["eventContentId"] = 778
                broken["trackId"] = "track" + payload
                broken["roomId"] = payload
                contents.append(broken)
            }
            root["contents"] = contents
            for key in ["topics", "topicCategories"] {
                root[key] = (root[key] as? [[String: Any]] ?? []).map { var topic = $0; topic["title"] = poison(topic["title"] as? String ?? ""); return topic }
            }
            for key in ["events", "tracks", "rooms"] {
                root[key] = (root[key] as? [[String: Any]] ?? []).map { var entry = $0; entry["name"] = poison(entry["name"] as? String ?? ""); return entry }
            }
        }
        try FeedFiles.edit(feeds.appendingPathComponent("config.json")) { config in
            var hero = config["eventHero"] as? [String: Any] ?? [:]
            for key in ["title", "body"] { hero[key] = poison(hero[key] as? String ?? "") }
            config["eventHero"] = hero
        }
        try FeedFiles.edit(feeds.appendingPathComponent("news.json")) { news in
            news["items"] = (news["items"] as? [[String: Any]] ?? []).map { item in
                var item = item
                for key in ["title", "body"] { if let text = item[key] as? String { item[key] = poison(text) } }
                return item
            }
        }
        try FeedFiles.edit(feeds.appendingPathComponent("articles.json")) { articles in
            articles["articles"] = (articles["articles"] as? [[String: Any]] ?? []).map { article in
                var article = article
                for key in ["title", "body", "webPermalink"] { if let text = article[key] as? String { article[key] = poison(text) } }
                return article
            }
        }
        try FeedFiles.edit(feeds.appendingPathComponent("videos_live.json")) { live in
            var sessions = live["live_sessions"] as? [String: Any] ?? [:]
            for (key, value) in sessions {
                guard var stream = value as? [String: Any] else { continue }
                for field in ["iosUrl", "tvosUrl"] { if let url = stream[field] as? String { stream[field] = poison(url) } }
                sessions[key] = stream
            }
            live["live_sessions"] = sessions
        }
        return feeds
    }

    /// Every string of a JSON document, keys included, decoded (an escaped `\u001b` is an ESC here).
    static func strings(inJSON text: String) throws -> [String] {
        func walk(_ value: Any) -> [String] {
            switch value {
            case let text as String: [text]
            case let list as [Any]: list.flatMap(walk)
            case let object as [String: Any]: object.flatMap { [$0.key] + walk($0.value) }
            default: []
            }
        }
        return walk(try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
    }

    /// What is dangerous in a command's output: in its text, and for JSON in every decoded string.
    /// Tabs separate the columns of some listings (by design, not from the feed): `tabs` allows them.
    static func dangers(in text: String, json: Bool, tabs: Bool = false) -> [String] {
        var found = HostileTextTests.dangerous(tabs ? text.replacingOccurrences(of: "\t", with: " ") : text)
        if json {
            do {
                found += try strings(inJSON: text).flatMap { HostileTextTests.dangerous($0) }
            } catch {
                found.append("not JSON: \(error)")
            }
        }
        return Array(Set(found)).sorted()
    }
}

/// Server text is sanitised once, where it leaves ConferenceData, so no command can
/// forget: the hostile feed, synced, then every command that prints data, in a pipe, as JSON and on
/// a terminal: no ESC, C1 or bidi character from the feed anywhere, ids included.
@Suite("hostile feed: every command", .offThePool)
struct HostileFeedTests {
    /// After the event: every session has taken place and may be rated.
    static let afterTheEvent = "2026-07-01T12:00:00-07:00"

    private func check(_ label: String, _ result: CommandResult, json: Bool = false, tabs: Bool = false) {
        #expect(result.status == 0, "\(label): exit \(result.status): \(result.stderr)")
        var stdout = result.stdout
        if label.contains("--ics") { stdout = stdout.replacingOccurrences(of: "\r\n", with: "\n") }
        let out = HostileFeed.dangers(in: stdout, json: json, tabs: tabs)
        let err = HostileFeed.dangers(in: result.stderr, json: false)
        #expect(out.isEmpty, "\(label) printed \(out): \(stdout.prefix(400).debugDescription)")
        #expect(err.isEmpty, "\(label) wrote \(err) to stderr: \(result.stderr.prefix(400).debugDescription)")
        #expect(!stdout.contains("0;pwned") && !result.stderr.contains("0;pwned"), "\(label): the OSC payload leaked")
    }

    @Test("in pipes and JSON: the sync, every listing, session, code, export, watch, favorites, feedback and completion")
    func pipesAndJSON() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let feeds = try HostileFeed.make(in: sandbox)
        let during = ["WWDC_NOW": BrowseSandbox.now, "TZ": "UTC"]

        let sync = try await sandbox.run(["sync", "--source", feeds.path, "--verbose", "--json"], environment: during)
        check("sync --verbose --json", sync, json: true)
        #expect(sync.stderr.contains("Ignored contents.json: wwdc2026-778"), "the broken item is reported: \(sync.stderr)")
        #expect(try sandbox.counts()["sessions"] == FixtureFacts.load().sessions + 1)
        let skipped = (try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [String: Any])?["skipped"] as? [[String: Any]] ?? []
        #expect(skipped.filter { $0["field"] as? String == "id" }.count == HostileFeed.items.count, "\(skipped)")
        #expect(sync.stderr.contains(": id: expected an id, found text with characters other than"), "the poisoned ids are reported: \(sync.stderr)")

        // The id as a listing shows it, which a user then types.
        let schedule = try await sandbox.run(["schedule", "--json"], environment: during)
        check("schedule --json", schedule, json: true)
        let listed = try JSONSerialization.jsonObject(with: Data(schedule.stdout.utf8)) as? [[String: Any]] ?? []
        let keynote = listed.compactMap { $0["id"] as? String }.first { $0.hasPrefix("wwdc2026-101") }
        #expect(keynote == "wwdc2026-101", "\(String(describing: keynote?.debugDescription))")

        let browsing: [(arguments: [String], json: Bool, tabs: Bool)] = [
            (["schedule"], false, false),
            (["schedule", "--search", "platforms"], false, false),
            (["schedule", "--search", "platforms", "--json"], true, false),
            (["schedule", "--unscheduled", "--event", "wwdc2025"], false, false),
            (["schedule", "--unscheduled", "--event", "wwdc2025", "--json"], true, false),
            (["schedule", "--unscheduled", "--event", "wwdc2025", "--topic", "302"], false, false),
            (["session", "101"], false, false),
            (["session", keynote ?? "wwdc2026-101"], false, false),
            (["session", "101", "--json"], true, false),
            (["session", "303"], false, false),
            (["session", "303", "--code", "--json"], true, false),
            (["session", "208", "--code"], false, false),
            (["session", "wwdc2025-204", "--code"], false, false),
            (["videos"], false, false),
            (["videos", "--json"], true, false),
            (["news"], false, false),
            (["news", "--json"], true, false),
            (["topics"], false, false),
            (["topics", "--json"], true, false),
            (["articles"], false, false),
            (["articles", "--json"], true, false),
            (["code", "208", "1"], false, false),
            (["code", "208", "2"], false, false),
            (["code", "wwdc2025-204"], false, false),
            (["export", "--ics"], false, false),
            (["watch", "101", "--print-url"], false, false),
            (["watch", "303", "--print-url"], false, false),
            (["__complete-ids", ""], false, false),
            (["__complete-ids", "", "--describe"], false, true),
            (["__complete-ids", "10"], false, false),
            (["__complete-ids", "--events", "--describe"], false, true),
        ]
        for (arguments, json, tabs) in browsing {
            let result = try await sandbox.run(arguments, environment: during)
            check(arguments.joined(separator: " "), result, json: json, tabs: tabs)
        }
        // The escapes hid nothing a reader must see.
        let session = try await sandbox.run(["session", "101"], environment: during)
        #expect(session.stdout.hasPrefix("Keynote\nwwdc2026-101 · WWDC 2026 · "), "\(session.stdout.prefix(200).debugDescription)")
        let completion = try await sandbox.run(["__complete-ids", ""], environment: during)
        #expect(completion.stdout.split(separator: "\n").contains("wwdc2026-101"), "\(completion.stdout.prefix(300))")

        // Favorites (no account service: kept here) and feedback on a session that took place.
        check("favorite add 101", try await sandbox.run(["favorite", "add", "101"], environment: during))
        check("favorite add wwdc2025-204", try await sandbox.run(["favorite", "add", "wwdc2025-204"], environment: during))
        check("favorite list", try await sandbox.run(["favorite", "list"], environment: during), tabs: true)
        let favorites = try await sandbox.run(["favorite", "list", "--json"], environment: during)
        check("favorite list --json", favorites, json: true)
        #expect(favorites.stdout.contains("\"Keynote\""), "\(favorites.stdout)")
        check("schedule --favorites", try await sandbox.run(["schedule", "--favorites"], environment: during))
        check("export --ics --favorites", try await sandbox.run(["export", "--ics", "--favorites"], environment: during))

        let after = ["WWDC_NOW": Self.afterTheEvent, "TZ": "UTC"]
        check("feedback 101 --rating 4", try await sandbox.run(["feedback", "101", "--rating", "4", "--comment", "Fine"], environment: after))
        check("feedback wwdc2026-303 --rating 5", try await sandbox.run(["feedback", "wwdc2026-303", "--rating", "5"], environment: after))
        check("feedback --list", try await sandbox.run(["feedback", "--list"], environment: after), tabs: true)
        let feedback = try await sandbox.run(["feedback", "--list", "--json"], environment: after)
        check("feedback --list --json", feedback, json: true)
        #expect(try HostileFeed.strings(inJSON: feedback.stdout).contains("wwdc2026-101"), "\(feedback.stdout)")

        // The config's word on the current event shows when it has nothing scheduled: make 2025 (videos
        // only) the current event.
        try FeedFiles.edit(feeds.appendingPathComponent("contents.json")) { root in
            root["events"] = (root["events"] as? [[String: Any]] ?? []).map { event in
                var event = event
                event["current"] = (event["id"] as? String) == "wwdc2025"
                return event
            }
        }
        check("sync (2025 current)", try await sandbox.run(["sync", "--verbose"], environment: during))
        let hero = try await sandbox.run(["schedule"], environment: during)
        check("schedule (the event hero)", hero)
        #expect(hero.stderr.contains("Code Your Way to June."), "\(hero.stderr)")
    }

    @Test("on a terminal: schedule, session 101 and news show only the program's own styles")
    func onTerminal() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let feeds = try HostileFeed.make(in: sandbox)
        let sync = try await sandbox.run(["sync", "--source", feeds.path])
        #expect(sync.status == 0, "\(sync.stderr)")
        var settings = sandbox.environment(["WWDC_NOW": BrowseSandbox.now, "TZ": "UTC"])
        settings["NO_COLOR"] = nil
        let environment = settings
        let wwdc = CommandRunner.wwdc.path
        for arguments in [["schedule"], ["session", "101"], ["news"]] {
            let (transcript, exit) = try await onThread { () throws -> (String, PseudoTerminal.ExitStatus) in
                let pty = try PseudoTerminal(columns: 120, rows: 40)
                try pty.spawn(wwdc, arguments, environment: environment)
                let exit = try pty.waitForExit()
                try pty.drain()
                return (pty.transcript, exit)
            }
            let label = arguments.joined(separator: " ")
            #expect(exit == .exited(0), "\(label): \(transcript.suffix(300))")
            // The program's own links are OSC 8 with a printable address; the feed's addresses get
            // there sanitised, and no other OSC sequence may appear.
            let unlinked = BrowseSandbox.unlinked(transcript)
            let found = HostileTextTests.dangerous(unlinked, allowingStyles: true)
            #expect(found.isEmpty, "\(label) on a terminal: \(found)")
            #expect(!unlinked.contains("\u{1B}]"), "\(label): an OSC sequence other than a well-formed link")
            if label == "session 101" {
                #expect(transcript.contains("\u{1B}]8;;https://"), "\(label): the poisoned addresses, sanitised, are links")
            }
            #expect(!transcript.contains("\u{1B}[2J"), "\(label): a clear-screen")
            #expect(!transcript.contains("0;pwned"), "\(label): the OSC payload")
            #expect(transcript.contains("\u{1B}["), "\(label): styles are used on a terminal")
        }
    }
}
