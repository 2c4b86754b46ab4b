import ConferenceData
import ConferenceModel
import Foundation
import TestSupport
import TestTraits
import Testing

/// Apple's real feeds (`../shared/apple-feeds`, skipped when absent) sync
/// cleanly from a folder and over HTTP, every count of the store equals one computed here from the
/// JSON with `JSONSerialization` (not with the decoder under test), and a 2020b store browses well.
@Suite("Apple's real feeds: sync and browse", .offThePool)
struct RealFeedsTests {
    enum Transport: String, CaseIterable, CustomTestStringConvertible {
        case folder, http
        var testDescription: String { rawValue }
    }

    @Test("2017 syncs cleanly; every count equals the JSON's",
          .enabled(if: AppleFeeds.has("2017"), "needs ../shared/apple-feeds/2017"), arguments: Transport.allCases)
    func sync2017(transport: Transport) async throws {
        try await checkSync("2017", transport)
    }

    @Test("2020b (the modern format) syncs cleanly; every count equals the JSON's",
          .enabled(if: AppleFeeds.has("2020b"), "needs ../shared/apple-feeds/2020b"), arguments: Transport.allCases)
    func sync2020b(transport: Transport) async throws {
        try await checkSync("2020b", transport)
    }

    /// Syncs the copy `name` into a fresh sandbox and compares the store with the JSON.
    private func checkSync(_ name: String, _ transport: Transport) async throws {
        let folder = try #require(AppleFeeds.folder(name))
        let expected = try RealFeedCounts(name)
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        var server: ReferenceServer?
        defer { server?.stop() }
        let source: String
        switch transport {
        case .folder:
            source = folder.path
        case .http:
            server = try await ReferenceServer.start(root: folder, arguments: ["--rebase-config"])
            source = server!.baseURL.absoluteString
        }

        let result = try await sandbox.run(["sync", "--source", source, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.errorLines.isEmpty, "\(result.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                                   "sync --json: \(result.stdout.prefix(300))")
        #expect(summary["status"] as? String == "ok")
        let skipped = try #require(summary["skipped"] as? [Any], "skipped must be a list")
        #expect(skipped.isEmpty, "\(skipped)")

        // Steps: none failed. The config lists an `articles` feed that is not in the folder: its step is
        // skipped (the schedule does not depend on it). It lists no news feed: "not offered".
        let steps = (summary["steps"] as? [[String: Any]] ?? []).reduce(into: [String: [String: Any]]()) {
            $0[$1["step"] as? String ?? "?"] = $1
        }
        for (step, row) in steps {
            #expect(["ok", "skipped"].contains(row["status"] as? String), "step \(step): \(row)")
        }
        #expect(steps["schedule"]?["status"] as? String == "ok")
        if expected.offeredFeeds.contains("articles") && !expected.files.contains("articles.json") {
            #expect(steps["articles"]?["status"] as? String == "skipped", "\(steps["articles"] ?? [:])")
        }
        if !expected.offeredFeeds.contains("news") {
            #expect(steps["news"]?["status"] as? String == "skipped", "\(steps["news"] ?? [:])")
            #expect((steps["news"]?["detail"] as? String)?.contains("not offered") == true, "\(steps["news"] ?? [:])")
        }

        // The store, counted with SQL, against the JSON.
        let store = try ConferenceStore(path: sandbox.database.path)
        let stored = try StoredCounts(store)
        #expect(stored.types == expected.types)
        #expect(stored.sessions == expected.sessions)
        #expect(stored.videos == expected.withMedia)
        #expect(stored.instances == expected.scheduled)
        #expect(stored.events == expected.events)
        #expect(stored.rooms == expected.rooms)
        #expect(stored.tracks == expected.tracks)
        #expect(stored.topics == expected.topics)
        #expect(stored.sessionTopics == expected.topicLinks)
        #expect(stored.topicCategories == expected.topicCategories)
        #expect(stored.categoryTopics == expected.categoryLinks)
        #expect(stored.resources == expected.resources)
        #expect(stored.liveStreams == expected.liveStreams)
    }

    // MARK: Browsing a 2020b store

    /// The Tuesday before WWDC 2020 (the current event of 2020b, which has nothing scheduled).
    static let now2020 = "2020-06-16T12:00:00-07:00"

    @Test("browsing a 2020b store: schedule explains itself, topics, session topics, search, news, articles",
          .enabled(if: AppleFeeds.has("2020b"), "needs ../shared/apple-feeds/2020b"))
    func browse2020b() async throws {
        let folder = try #require(AppleFeeds.folder("2020b"))
        let feed = try RealFeed("2020b")
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let sync = try await sandbox.run(["sync", "--source", folder.path])
        try #require(sync.status == 0, "\(sync.stderr)")
        let environment = ["WWDC_NOW": Self.now2020, "TZ": "UTC"]
        func run(_ arguments: [String]) async throws -> CommandResult {
            try await sandbox.run(arguments, environment: environment)
        }
        func json(_ arguments: [String]) async throws -> Any {
            let result = try await run(arguments + ["--json"])
            guard result.status == 0 else { throw Failure("wwdc \(arguments.joined(separator: " ")) --json: \(result.status) \(result.stderr)") }
            return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        }
        func rows(_ arguments: [String]) async throws -> [[String: Any]] {
            guard let rows = try await json(arguments) as? [[String: Any]] else { throw Failure("not an array of objects: \(arguments)") }
            return rows
        }

        // `schedule`: the current event (WWDC20) has nothing scheduled; it says so, and how to list its videos.
        let current = try #require(feed.events.first { $0["current"] as? Bool == true }, "the feed has a current event")
        let currentName = try #require(current["name"] as? String)
        let currentID = try #require(current["id"] as? String)
        #expect(!feed.items.contains { $0["eventId"] as? String == currentID && feed.isScheduled($0) },
                "precondition: \(currentID) has nothing scheduled")
        let schedule = try await run(["schedule"])
        #expect(schedule.status == 0, "\(schedule.stderr)")
        #expect(schedule.stderr.contains(currentName), "\(schedule.stderr)")
        #expect(schedule.stderr.contains("nothing scheduled"), "\(schedule.stderr)")
        #expect(!(schedule.stdout + schedule.stderr).contains("No sessions match"), "\(schedule.stdout)\(schedule.stderr)")
        let suggestion = try #require(schedule.stderr.range(of: "wwdc videos --event "), "\(schedule.stderr)")
        let suggested = String(schedule.stderr[suggestion.upperBound...].prefix { !$0.isWhitespace })
        #expect(feed.items.contains { $0["eventId"] as? String == suggested && feed.hasMedia($0) },
                "the suggested event \(suggested) has videos")

        // `videos --event wwdc2019 --topic swift`: exactly the wwdc2019 videos whose topicIds include Swift's id.
        let swiftTopics = feed.topics.filter { ($0["title"] as? String)?.lowercased().hasPrefix("swift") == true }
        #expect(swiftTopics.count == 1, "precondition: one topic starts with \"swift\"")
        let swiftID = try #require(feed.topics.first { $0["title"] as? String == "Swift" }?["id"] as? Int)
        let swiftVideos = Set(feed.items.filter {
            $0["eventId"] as? String == "wwdc2019" && feed.hasMedia($0) && feed.topicIDs($0).contains(swiftID)
        }.map(feed.id))
        #expect(!swiftVideos.isEmpty)
        let listed = try await rows(["videos", "--event", "wwdc2019", "--topic", "swift"]).map { $0["id"] as? String ?? "?" }
        #expect(Set(listed) == swiftVideos)
        #expect(listed.count == swiftVideos.count, "no item listed twice")

        // `topics`: 7 categories, 49 topics, in their categories' order, with item counts from the JSON.
        let categories = try #require(try await json(["topics"]) as? [[String: Any]])
        #expect(categories.count == feed.topicCategories.count)
        #expect(categories.count == 7)
        let listedTopics = categories.flatMap { $0["topics"] as? [[String: Any]] ?? [] }
        #expect(listedTopics.count == feed.topics.count)
        #expect(listedTopics.count == 49)
        let titles = Dictionary(feed.topics.map { ($0["id"] as! Int, $0["title"] as? String ?? "") }) { $1 }
        for category in feed.topicCategories {
            let id = category["id"] as? Int
            let row = categories.first { $0["id"] as? Int == id }
            #expect(row != nil, "category \(category["title"] ?? "?") is listed")
            guard let row else { continue }
            #expect(row["name"] as? String == category["title"] as? String)
            let topics = row["topics"] as? [[String: Any]] ?? []
            let order = category["topicIds"] as? [Int] ?? []
            #expect(topics.map { $0["id"] as? Int ?? -1 } == order, "topics of \(category["title"] ?? "?") in its order")
            for topic in topics {
                guard let topicID = topic["id"] as? Int else { continue }
                #expect(topic["name"] as? String == titles[topicID])
                let count = feed.items.filter { feed.topicIDs($0).contains(topicID) }.count
                #expect(topic["items"] as? Int == count, "items of topic \(titles[topicID] ?? "?")")
            }
        }
        let topicsText = try await run(["topics"])
        #expect(topicsText.status == 0, "\(topicsText.stderr)")
        for category in feed.topicCategories {
            #expect(topicsText.stdout.contains(category["title"] as? String ?? "?"))
        }

        // `session wwdc2019-402`: a Topics line naming its topics; `--json` has them.
        let session = try #require(feed.items.first { feed.id($0) == "wwdc2019-402" })
        let sessionTopics = feed.topicIDs(session).compactMap { titles[$0] }
        #expect(!sessionTopics.isEmpty)
        let sessionText = try await run(["session", "wwdc2019-402"])
        #expect(sessionText.status == 0, "\(sessionText.stderr)")
        let topicsLine = sessionText.stdout.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Topics") }
        #expect(topicsLine != nil, "\(sessionText.stdout)")
        for title in sessionTopics { #expect(topicsLine?.contains(title) == true, "\(topicsLine ?? "")") }
        let sessionJSON = try #require(try await json(["session", "wwdc2019-402"]) as? [String: Any])
        #expect(sessionJSON["topics"] as? [String] == sessionTopics)

        // `schedule --event all --search swiftui`: titles with SwiftUI first, and all of them, scheduled or not.
        let hits = try await rows(["schedule", "--event", "all", "--search", "swiftui"])
        let inTitle = hits.map { ($0["title"] as? String ?? "").lowercased().contains("swiftui") }
        let firstOther = inTitle.firstIndex(of: false) ?? inTitle.count
        #expect(!inTitle[firstOther...].contains(true), "titles with SwiftUI come first: \(hits.map { $0["title"] ?? "" })")
        let swiftUITitles = Set(feed.items.filter { (($0["title"] as? String) ?? "").lowercased().contains("swiftui") }.map(feed.id))
        #expect(!swiftUITitles.isEmpty && !swiftUITitles.contains { id in feed.items.contains { feed.id($0) == id && feed.isScheduled($0) } },
                "precondition: none of them is scheduled")
        #expect(Set(hits.filter { ($0["title"] as? String ?? "").lowercased().contains("swiftui") }.map { $0["id"] as? String ?? "?" }) == swiftUITitles)

        // `news`: exactly the Article items of the event `news` (there is no news.json), newest first.
        let newsItems = feed.items.filter { $0["eventId"] as? String == "news" && $0["type"] as? String == "Article" }
        #expect(newsItems.count == 67)
        let news = try await rows(["news"]).map { $0["id"] as? String ?? "?" }
        #expect(news.count == newsItems.count)
        #expect(Set(news) == Set(newsItems.map(feed.id)))
        let published = Dictionary(newsItems.map { (feed.id($0), RealFeed.seconds($0["originalPublishingDate"])) }) { $1 }
        let dates = news.map { published[$0] ?? nil }
        #expect(!dates.contains(nil), "every news item has a publishing date")
        let known = dates.compactMap { $0 }
        #expect(known == known.sorted(by: >), "newest first")

        // `articles`: the 117 Article items; one of them shows its link.
        let articleItems = feed.items.filter { $0["type"] as? String == "Article" }
        #expect(articleItems.count == 117)
        let articles = try await rows(["articles"]).map { $0["id"] as? String ?? "?" }
        #expect(articles.count == articleItems.count)
        #expect(Set(articles) == Set(articleItems.map(feed.id)))
        let article = try #require(articleItems.first { ($0["webPermalink"] as? String)?.isEmpty == false && articles.contains(feed.id($0)) })
        let articleID = feed.id(article)
        let permalink = try #require(article["webPermalink"] as? String)
        let shown = try await run(["session", articleID])
        #expect(shown.status == 0, "\(shown.stderr)")
        let webLine = shown.stdout.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Web") }
        #expect(webLine?.contains(permalink) == true, "\(shown.stdout)")
        let shownJSON = try #require(try await json(["session", articleID]) as? [String: Any])
        #expect(shownJSON["webURL"] as? String == permalink)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// One copy of Apple's feeds, read with `JSONSerialization`. Items with the same id: the last one
/// wins, as in the store.
struct RealFeed {
    let contents: [String: Any]
    /// `contents`, one per id (the last of duplicates), in order of first appearance.
    let items: [[String: Any]]
    let events: [[String: Any]]
    let topics: [[String: Any]]
    let topicCategories: [[String: Any]]
    let config: [String: Any]
    let liveVideos: [String: Any]?
    /// The file names of the folder.
    let files: Set<String>

    init(_ name: String) throws {
        guard let folder = AppleFeeds.folder(name) else { throw AppleFeeds.Missing(name: name) }
        contents = try AppleFeeds.json(name, "contents.json") as? [String: Any] ?? [:]
        config = try AppleFeeds.json(name, "config.json") as? [String: Any] ?? [:]
        files = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        liveVideos = files.contains("videos_live.json") ? try AppleFeeds.json(name, "videos_live.json") as? [String: Any] : nil
        items = Self.lastOfEach(contents["contents"] as? [[String: Any]] ?? []) { Self.text($0["id"]) }
        events = Self.lastOfEach(contents["events"] as? [[String: Any]] ?? []) { Self.text($0["id"]) }
        topics = Self.lastOfEach(contents["topics"] as? [[String: Any]] ?? []) { ($0["id"] as? Int).map(String.init) }
        topicCategories = Self.lastOfEach(contents["topicCategories"] as? [[String: Any]] ?? []) { ($0["id"] as? Int).map(String.init) }
    }

    static func text(_ value: Any?) -> String? {
        if let text = value as? String { return text }
        if let number = value as? NSNumber { return number.stringValue }
        return nil
    }

    /// One element per key, the last one, where the first one was.
    static func lastOfEach(_ list: [[String: Any]], key: ([String: Any]) -> String?) -> [[String: Any]] {
        var order: [String] = []
        var byKey: [String: [String: Any]] = [:]
        for element in list {
            guard let key = key(element) else { continue }
            if byKey[key] == nil { order.append(key) }
            byKey[key] = element
        }
        return order.map { byKey[$0]! }
    }

    func id(_ item: [String: Any]) -> String { Self.text(item["id"]) ?? "?" }

    func hasMedia(_ item: [String: Any]) -> Bool { !((item["media"] as? [String: Any]) ?? [:]).isEmpty }

    func isScheduled(_ item: [String: Any]) -> Bool { !((item["startTime"] as? String) ?? "").isEmpty }

    func topicIDs(_ item: [String: Any]) -> [Int] { item["topicIds"] as? [Int] ?? [] }

    /// Names of the feeds the config offers in English.
    var offeredFeeds: Set<String> {
        Set(((config["feeds"] as? [String: Any])?["en"] as? [String: Any] ?? [:]).keys)
    }

    /// An ISO 8601 date of the feed as seconds since 1970.
    static func seconds(_ value: Any?) -> Double? {
        guard let text = value as? String else { return nil }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)?.timeIntervalSince1970
    }
}

/// What the store must hold after syncing a copy, computed from its JSON.
struct RealFeedCounts {
    var types: [String: Int] = [:]
    var sessions = 0
    var withMedia = 0
    var scheduled = 0
    var events = 0
    var rooms = 0
    var tracks = 0
    var topics = 0
    var topicLinks = 0
    var topicCategories = 0
    var categoryLinks = 0
    var resources = 0
    var liveStreams = 0
    var offeredFeeds: Set<String> = []
    var files: Set<String> = []

    init(_ name: String) throws {
        let feed = try RealFeed(name)
        // Every item is usable (so that the sync must skip none): an id, an event and a title.
        for item in feed.items {
            #expect(RealFeed.text(item["id"])?.isEmpty == false && (item["eventId"] as? String)?.isEmpty == false
                    && (item["title"] as? String)?.isEmpty == false, "precondition: a usable item \(feed.id(item))")
        }
        for item in feed.items { types[item["type"] as? String ?? "", default: 0] += 1 }
        sessions = feed.items.count
        withMedia = feed.items.filter(feed.hasMedia).count
        scheduled = feed.items.filter(feed.isScheduled).count
        events = feed.events.count
        func distinct(_ key: String) -> Int {
            Set((feed.contents[key] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }).count
        }
        rooms = distinct("rooms")
        tracks = distinct("tracks")
        resources = distinct("resources")
        topics = feed.topics.count
        topicLinks = feed.items.reduce(0) { $0 + feed.topicIDs($1).count }
        topicCategories = feed.topicCategories.count
        categoryLinks = feed.topicCategories.reduce(0) { $0 + (($1["topicIds"] as? [Int])?.count ?? 0) }
        liveStreams = ((feed.liveVideos?["live_sessions"] as? [String: Any]) ?? [:]).values.filter { $0 is [String: Any] }.count
        offeredFeeds = feed.offeredFeeds
        files = feed.files
    }
}

/// The same counts, read from a store with SQL.
struct StoredCounts {
    var types: [String: Int]
    var sessions, videos, instances, events, rooms, tracks, topics, sessionTopics, topicCategories, categoryTopics, resources, liveStreams: Int

    init(_ store: ConferenceStore) throws {
        types = try store.read { db in
            Dictionary(try db.fetchAll("SELECT coalesce(type, ''), count(*) FROM sessions GROUP BY 1") { ($0.string(at: 0) ?? "", $0.int(at: 1)) }) { $1 }
        }
        func count(_ table: String) throws -> Int {
            try store.read { db in try db.fetchInt("SELECT count(*) FROM \(table)") ?? -1 }
        }
        sessions = try count("sessions")
        videos = try count("videos")
        instances = try count("instances")
        events = try count("events")
        rooms = try count("rooms")
        tracks = try count("tracks")
        topics = try count("topics")
        sessionTopics = try count("session_topics")
        topicCategories = try count("topic_categories")
        categoryTopics = try count("topic_category_topics")
        resources = try count("resources")
        liveStreams = try count("live_streams")
    }
}
