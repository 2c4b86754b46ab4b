import ConferenceData
import Foundation
import TestSupport
import TestTraits
import Testing

/// Numbers at the edges of what JSON can write, in every numeric field of every feed: a number out
/// of its field's range is unusable by the decoding policy (reported, never stored), one in range
/// (`-0`, a subnormal) is used, and no browsing command dies on either. A store that an older wwdc
/// filled without the ranges is browsed without dying too.
@Suite("huge numbers: every numeric field of every feed", .offThePool)
struct HugeNumberTests {
    /// The numbers tried, as JSON writes them (1e999 is beyond a double: an infinity, as an older
    /// wwdc read and stored it).
    static let tokens = ["1e19", "-1e19", "1e308", "-1e308", "-0", "1e-320", "1e999", "-1e999"]
    /// Out of every field's range.
    static let outOfRange: Set<String> = ["1e19", "-1e19", "1e308", "-1e308", "1e999", "-1e999"]
    static let placeholder = "@@number@@"

    /// A numeric field poisoned in the feeds: where the sync's report names it.
    struct Field: CustomStringConvertible {
        var feed: String
        var item: String?
        var path: String
        var description: String { "\(feed) \(item ?? "-") \(path)" }
    }

    /// Every numeric field of every feed, each in an item of its own where one failing would hide
    /// another (a required field skips its item).
    static let fields: [Field] = {
        let session = ["eventContentId", "staticContentId", "trackId", "roomId", "startTime", "endTime", "topicIds[0]", "primaryTopicID",
                       "related.resources[0]", "originalPublishingDate", "publishingExpiryDate", "signupInformation.startDate",
                       "signupInformation.endDate", "media.duration", "media.chapters[0].start", "media.chapters[1].end",
                       "codeSnippets[0].startTimeSeconds", "codeSnippets[0].endTimeSeconds", "hasLiveStream"]
        return session.map { Field(feed: "contents.json", item: "wwdc2026-303", path: $0) } + [
            Field(feed: "contents.json", item: "wwdc2026", path: "startTime"),
            Field(feed: "contents.json", item: "wwdc2026", path: "endTime"),
            Field(feed: "contents.json", item: "rooms[0]", path: "id"),
            Field(feed: "contents.json", item: nil, path: "ordinal"),
            Field(feed: "contents.json", item: nil, path: "regionId"),
            Field(feed: "contents.json", item: "tracks[0]", path: "id"),
            Field(feed: "contents.json", item: "topics[0]", path: "id"),
            Field(feed: "contents.json", item: "topicCategories[0]", path: "id"),
            Field(feed: "contents.json", item: nil, path: "topicIds[0]"),
            Field(feed: "contents.json", item: "resources[0]", path: "id"),
            Field(feed: "news.json", item: nil, path: "timestamp"),
            Field(feed: "news.json", item: nil, path: "photos[0].ratio"),
            Field(feed: "videos_live.json", item: "101", path: "actualEndDate"),
            Field(feed: "config.json", item: nil, path: "minimumSupportedAppVersion"),
            Field(feed: "config.json", item: nil, path: "fetchIntervals.master"),
            Field(feed: "transcript-digest-eng.json", item: "wwdc2026-303", path: "transcript"),
        ]
    }()

    /// Rewrites a JSON file with `change`, every `placeholder` string in it then written as `token`.
    static func edit(_ file: URL, token: String, _ change: (inout [String: Any]) throws -> Void) throws {
        guard var root = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] else {
            throw BrowseSandbox.Failure(message: "\(file.lastPathComponent) is not an object")
        }
        try change(&root)
        let text = String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
        try text.replacingOccurrences(of: "\"\(placeholder)\"", with: token).write(to: file, atomically: true, encoding: .utf8)
    }

    /// A copy of the fixtures with `token` in every field of ``fields``.
    static func feeds(with token: String, in sandbox: Sandbox) throws -> URL {
        let feeds = try sandbox.copyOfFixtures("feeds-\(tokens.firstIndex(of: token) ?? 0)")
        let n = placeholder
        try edit(feeds.appendingPathComponent("contents.json"), token: token) { root in
            var contents = root["contents"] as? [[String: Any]] ?? []
            guard let index = contents.firstIndex(where: { $0["id"] as? String == "wwdc2026-303" }) else { return }
            var item = contents[index]
            for key in ["eventContentId", "staticContentId", "trackId", "roomId", "startTime", "endTime", "primaryTopicID",
                        "originalPublishingDate", "publishingExpiryDate", "hasLiveStream"] { item[key] = n }
            item["topicIds"] = [n]
            item["related"] = ["resources": [n], "activities": []]
            item["signupInformation"] = ["url": "https://example.com/signup", "text": "Sign up", "startDate": n, "endDate": n]
            var media = item["media"] as? [String: Any] ?? [:]
            media["duration"] = n
            media["chapters"] = [["title": "One", "start": n, "end": 10], ["title": "Two", "start": 10, "end": n]]
            item["media"] = media
            item["codeSnippets"] = [["title": "Code", "unstyledCode": "let x = 1", "startTimeSeconds": n, "endTimeSeconds": n]]
            contents[index] = item
            root["contents"] = contents
            root["events"] = (root["events"] as? [[String: Any]] ?? []).map { event in
                guard event["id"] as? String == "wwdc2026" else { return event }
                var event = event
                event["startTime"] = n
                event["endTime"] = n
                return event
            }
            for (key, fields) in [("rooms", ["ordinal", "regionId"]), ("tracks", ["ordinal"]), ("topics", ["ordinal"]),
                                  ("topicCategories", ["ordinal", "topicIds"]), ("resources", [])] {
                var list = root[key] as? [[String: Any]] ?? []
                guard list.count >= 2 else { continue }
                list[0]["id"] = n
                for field in fields { list[1][field] = field == "topicIds" ? [n] : n }
                root[key] = list
            }
        }
        try edit(feeds.appendingPathComponent("news.json"), token: token) { root in
            var items = root["items"] as? [[String: Any]] ?? []
            items[0]["timestamp"] = n
            items[0]["photos"] = [["id": "photo", "ratio": n]]
            root["items"] = items
        }
        try edit(feeds.appendingPathComponent("videos_live.json"), token: token) { root in
            var sessions = root["live_sessions"] as? [String: Any] ?? [:]
            var stream = sessions["101"] as? [String: Any] ?? [:]
            stream["actualEndDate"] = n
            sessions["101"] = stream
            root["live_sessions"] = sessions
        }
        try edit(feeds.appendingPathComponent("config.json"), token: token) { root in
            root["minimumSupportedAppVersion"] = n
            var intervals = root["fetchIntervals"] as? [String: Any] ?? [:]
            intervals["master"] = n
            root["fetchIntervals"] = intervals
        }
        // The transcript, in its own file and in the digest (which the first sync reads, and reports).
        for name in ["wwdc2026-303-transcript-eng.json", "transcript-digest-eng.json"] {
            try edit(feeds.appendingPathComponent("transcripts/\(name)"), token: token) { root in
                var entry = root["wwdc2026-303"] as? [String: Any] ?? [:]
                var lines = entry["transcript"] as? [Any] ?? []
                lines.insert([n, "A line at the edge of time. "], at: 0)
                entry["transcript"] = lines
                root["wwdc2026-303"] = entry
            }
        }
        return feeds
    }

    /// The browsing commands, each of which must end well on whatever the store holds.
    static let browsing: [[String]] = [
        ["videos"], ["videos", "--json"], ["videos", "--event", "all"], ["session", "wwdc2026-303"], ["session", "wwdc2026-303", "--json"],
        ["session", "wwdc2026-101"], ["news"], ["news", "--json"], ["schedule"], ["schedule", "--json"], ["schedule", "--event", "all"],
        ["schedule", "--unscheduled"], ["schedule", "--day", "mon"], ["search", "keynote"], ["search", "edge", "--json"],
        ["transcript", "wwdc2026-303"], ["transcript", "wwdc2026-303", "--json"], ["topics"], ["articles"], ["export", "--ics"],
        ["code", "wwdc2026-303"], ["watch", "wwdc2026-303", "--print-url"], ["__complete-ids", "--list", "days"], ["favorite", "list"],
        ["search", "metal", "--json"], ["session", "wwdc2026-303", "--code", "--json"],
    ]

    /// Beyond a double: a transcript file, read whole, is refused with it.
    static let infinite: Set<String> = ["1e999", "-1e999"]

    static func browse(_ sandbox: Sandbox, label: String, withoutTranscript: Bool = false) async throws {
        for arguments in browsing {
            let result = try await sandbox.run(arguments, environment: ["WWDC_NOW": BrowseSandbox.now, "TZ": "UTC"])
            let ok = !result.signalled && (result.status == 0
                || (withoutTranscript && arguments.first == "transcript" && result.errorLines == ["Error: no transcript for wwdc2026-303"])
                || (arguments.first == "schedule" && arguments.contains("mon") && result.errorLines.count == 1)
                || (arguments.first == "watch" && result.errorLines.count == 1))
            #expect(ok, "\(label): wwdc \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr.suffix(400))")
        }
    }

    @Test("±1e19 and ±1e308 are reported as unusable in each field; -0 and 1e-320 are used; every browsing command exits 0",
          arguments: tokens)
    func feedNumbers(token: String) async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let feeds = try Self.feeds(with: token, in: sandbox)
        let sync = try await sandbox.run(["sync", "--source", feeds.path, "--json"])
        #expect(sync.status == 0, "\(token): \(sync.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [String: Any])
        let issues = (summary["skipped"] as? [[String: Any]] ?? []) + (summary["ignored"] as? [[String: Any]] ?? [])
        func reported(_ field: Field) -> [String: Any]? {
            issues.first { issue in
                issue["feed"] as? String == field.feed && (field.item == nil || issue["item"] as? String == field.item)
                    && ((issue["field"] as? String) ?? "").hasSuffix(field.path)
            }
        }
        if Self.outOfRange.contains(token) {
            for field in Self.fields where !(Self.infinite.contains(token) && field.path == "transcript") {
                #expect(reported(field) != nil, "\(token): \(field) is not reported: \(issues)")
            }
            if Self.infinite.contains(token) {
                #expect(summary["transcriptsFailed"] as? [String] == ["wwdc2026-303"], "\(token): \(sync.stdout.suffix(300))")
            }
        } else {
            let ranged = issues.filter { ($0["reason"] as? String).map { $0.contains("out of range") || $0.contains("outside the years") } ?? false }
            #expect(ranged.isEmpty, "\(token) is in range: \(ranged)")
            // In range, it is used: the chapter that starts at it is there.
            let session = try await sandbox.run(["session", "wwdc2026-303", "--json"])
            let detail = try JSONSerialization.jsonObject(with: Data(session.stdout.utf8)) as? [String: Any]
            let start = (detail?["chapters"] as? [[String: Any]])?.first?["start"] as? Double
            #expect(start.map { abs($0) < 1e-300 } == true, "\(token): \(session.stdout.prefix(300))")
        }
        try await Self.browse(sandbox, label: token, withoutTranscript: Self.infinite.contains(token))
    }

    /// The store's columns that hold a feed's numbers.
    static let storedNumbers: [(table: String, column: String)] = [
        ("events", "start_time"), ("events", "end_time"), ("events", "utc_offset"), ("rooms", "ordinal"), ("rooms", "region_id"),
        ("tracks", "ordinal"), ("topics", "ordinal"), ("topic_categories", "ordinal"), ("sessions", "event_content_id"),
        ("sessions", "static_content_id"), ("sessions", "original_publishing_date"), ("sessions", "publishing_expiry_date"),
        ("sessions", "has_live_stream"), ("sessions", "signup_start"), ("sessions", "signup_end"), ("instances", "start_time"),
        ("instances", "end_time"), ("instances", "utc_offset"), ("videos", "duration"), ("live_streams", "actual_end_date"),
        ("news", "timestamp"), ("news_photos", "ratio"), ("session_chapters", "start_time"), ("session_chapters", "end_time"),
        ("session_code", "start_time"), ("session_code", "end_time"), ("transcripts", "duration"),
    ]

    @Test("a store an older wwdc filled with such numbers: every browsing command exits 0", arguments: tokens)
    func storedNumbers(token: String) async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        try store.favorite(["wwdc2026-303"])
        let value = token == "-0" ? "-0.0" : token
        try ConferenceStore(path: store.sandbox.database.path).write { db in
            for (table, column) in Self.storedNumbers {
                try db.execute(sql: "UPDATE OR IGNORE \(table) SET \(column) = \(value)")
            }
        }
        try await Self.browse(store.sandbox, label: "stored \(token)")
    }
}
