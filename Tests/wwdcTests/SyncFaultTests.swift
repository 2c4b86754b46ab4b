import Foundation
import SQLiteDatabase
import TestSupport
import TestTraits
import Testing

/// Every feed × every fault: a non-zero exit, one clear line naming the feed and the cause, and the
/// store exactly as it was.
@Suite("wwdc sync faults", .offThePool)
struct SyncFaultTests {
    struct Fault: Sendable, CustomStringConvertible {
        var kind: String
        var value: Double?
        /// Words the error line must contain (besides the feed's name).
        var cause: String
        var description: String { value.map { "\(kind):\($0)" } ?? kind }
    }

    static let faults: [Fault] = [
        Fault(kind: "status", value: 500, cause: "HTTP 500"),
        Fault(kind: "status", value: 404, cause: "HTTP 404"),
        Fault(kind: "delay", value: 60, cause: "timed out after 2 s"),
        Fault(kind: "truncate", cause: "connection lost"),
        Fault(kind: "malformed", cause: "not valid JSON"),
        Fault(kind: "drop", cause: "connection lost"),
    ]

    static let feeds = ["config.json", "contents.json", "news.json", "videos_live.json"]

    @Test("each feed, each fault", arguments: feeds)
    func faultsOnFeed(feed: String) async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try await populateWithOlderFeeds(sandbox)
        let before = try sandbox.dump()
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        for fault in Self.faults {
            try await server.clearFaults()
            try await server.fault("/\(feed)", fault.kind, value: fault.value)
            // A short time limit only where the fault is a delay: elsewhere a loaded machine must not time out.
            let environment = fault.kind == "delay" ? ["WWDC_TIMEOUT": "2"] : [:]
            let result = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString], environment: environment)
            #expect(result.status == 1, "\(feed) \(fault): \(result.stderr)")
            #expect(result.errorLines.count == 1, "\(feed) \(fault): \(result.stderr)")
            let line = result.errorLines.first ?? ""
            #expect(line.contains(feed) && line.contains(fault.cause), "\(feed) \(fault): \(line)")
            #expect(try sandbox.dump() == before, "\(feed) \(fault): the store changed")
        }
    }

    @Test("server down: one line, fast, the store as it was")
    func serverDown() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try await populateWithOlderFeeds(sandbox)
        let before = try sandbox.dump()
        let server = try await ReferenceServer.start()
        let source = server.baseURL.absoluteString
        server.stop()
        // Fast without a clock: with an hour's time limit, a sync that waited for it would be killed
        // by the runner (signalled); the refused connection must end it at once, the config step failing once with it.
        let trace = sandbox.directory.path("trace.json")
        let result = try await sandbox.run(["sync", "--source", source, "--trace", trace.path], environment: ["WWDC_TIMEOUT": "3600"])
        #expect(!result.signalled, "\(result.stderr)")
        let events = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: trace)) as? [String: Any])["traceEvents"] as? [[String: Any]]
        let config = events?.filter { $0["name"] as? String == "config" } ?? []
        #expect(config.count == 1 && ((config.first?["args"] as? [String: String])?["errors"])?.contains("connection refused") == true,
                "\(String(describing: events))")
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        #expect(result.errorLines.first?.contains("cannot reach") == true, "\(result.stderr)")
        // One failure said once: no line for each step that never ran because of it.
        #expect(!result.stderr.contains("skipped"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count <= 3, "\(result.stderr)")
        #expect(try sandbox.dump() == before)
    }

    @Test("WWDC_TIMEOUT that is not seconds from 0.1 to 86400 is an error naming it, for sync and the account commands alike")
    func timeoutSetting() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let source = server.baseURL.absoluteString
        let first = try await sandbox.run(["sync", "--source", source])
        #expect(first.status == 0, "\(first.stderr)")
        for value in ["-1", "abc", "inf", "nan", "0", "", "1e400", "86401"] {
            for arguments in [["sync", "--source", source], ["login", "--username", "ada", "--password-stdin"]] {
                let result = try await sandbox.run(arguments, environment: ["WWDC_TIMEOUT": value], stdin: "lovelace-1843\n")
                #expect(result.status == 1, "WWDC_TIMEOUT=\(value) \(arguments[0]): \(result.stderr)")
                #expect(result.errorLines == ["Error: WWDC_TIMEOUT is '\(value)', not a number of seconds from 0.1 to 86400"],
                        "WWDC_TIMEOUT=\(value) \(arguments[0]): \(result.stderr)")
                #expect(result.stderr.contains("Hint: Set it to seconds"), "\(result.stderr)")
                #expect(!result.stderr.contains("timed out"), "\(result.stderr)")
            }
        }
        // A fraction is fine; long enough that a loaded machine does not time out.
        let fine = try await sandbox.run(["sync", "--source", source], environment: ["WWDC_TIMEOUT": "120.5"])
        #expect(fine.status == 0, "\(fine.stderr)")
    }

    @Test("the save waits inside its transaction for the steps after the schedule's check: a failure there saves nothing, one line")
    func saveWaitsForVerdict() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try await populateWithOlderFeeds(sandbox)
        let before = try sandbox.dump()
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        // The videos wait for the schedule's check; the save, for neither: it opens its transaction
        // and waits there while videos_live.json is held, then fails with it.
        try await server.fault("/videos_live.json", "status", value: 500)
        let hold = try await server.hold("/videos_live.json")
        let sync = try sandbox.start(["sync", "--source", server.baseURL.absoluteString])
        try await server.waitForHeld(hold)
        try await saveHoldsTheStore(sandbox, sync)
        try await server.release(hold)
        let result = await sync.finished()
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        #expect(result.errorLines.first.map { $0.contains("videos_live.json") && $0.contains("HTTP 500") } == true, "\(result.stderr)")
        #expect(try sandbox.dump() == before)
    }

    @Test("Ctrl-C while the save waits for the steps after the schedule's check: exit 130, nothing saved", arguments: [SIGINT, SIGTERM])
    func interruptedWhileSaveWaits(signal: Int32) async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try await populateWithOlderFeeds(sandbox)
        let before = try sandbox.dump()
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let hold = try await server.hold("/videos_live.json")
        let sync = try sandbox.start(["sync", "--source", server.baseURL.absoluteString])
        try await server.waitForHeld(hold)
        try await saveHoldsTheStore(sandbox, sync)
        sync.signal(signal)
        let result = await sync.finished()
        try await server.release(hold)
        #expect(result.status == (signal == SIGINT ? 130 : 143) && !result.signalled, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("interrupted"), "\(result.stderr)")
        #expect(try sandbox.dump() == before)
    }

    /// Waits until the sync holds the store's write lock (its save has begun) or has ended.
    private func saveHoldsTheStore(_ sandbox: Sandbox, _ sync: RunningCommand) async throws {
        let probe = try Database(path: sandbox.database.path, configuration: .init(busyTimeoutMilliseconds: 0))
        while !sync.hasExited {
            do {
                try probe.execute(sql: "BEGIN IMMEDIATE")
                try probe.execute(sql: "ROLLBACK")
            } catch {
                return
            }
            // Polling the lock, which has no event to wait on: a short pause between looks.
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Fills the store from an older edition of the feeds (fewer news, a changed title), so that a sync
    /// that half-applied the current feeds would show.
    private func populateWithOlderFeeds(_ sandbox: Sandbox) async throws {
        let older = try sandbox.copyOfFixtures("older")
        let newsURL = older.appendingPathComponent("news.json")
        var news = try JSONSerialization.jsonObject(with: Data(contentsOf: newsURL)) as! [String: Any]
        news["items"] = Array((news["items"] as! [Any]).prefix(3))
        try JSONSerialization.data(withJSONObject: news).write(to: newsURL)
        let contentsURL = older.appendingPathComponent("contents.json")
        var contents = try JSONSerialization.jsonObject(with: Data(contentsOf: contentsURL)) as! [String: Any]
        var sessions = contents["contents"] as! [[String: Any]]
        sessions[0]["title"] = "An older title"
        contents["contents"] = Array(sessions.dropLast(5))
        try JSONSerialization.data(withJSONObject: contents).write(to: contentsURL)
        let result = try await sandbox.run(["sync", "--source", older.path])
        #expect(result.status == 0, "\(result.stderr)")
    }
}

/// What the bundled fixtures hold, read from the fixture files themselves.
struct FixtureFacts {
    var sessions: Int
    var events: Int
    var tracks: Int
    var rooms: Int
    var scheduled: Int
    var withMedia: Int
    var news: Int
    var liveStreams: Int

    static func load() throws -> FixtureFacts {
        let fixtures = ProjectPaths.fixtures
        func json(_ name: String) throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(contentsOf: fixtures.appendingPathComponent(name))) as! [String: Any]
        }
        let contents = try json("contents.json")
        let items = contents["contents"] as! [[String: Any]]
        let live = try json("videos_live.json")
        return FixtureFacts(
            sessions: items.count,
            events: (contents["events"] as! [Any]).count,
            tracks: (contents["tracks"] as? [Any])?.count ?? 0,
            rooms: (contents["rooms"] as? [Any])?.count ?? 0,
            scheduled: items.filter { $0["startTime"] != nil }.count,
            withMedia: items.filter { $0["media"] != nil }.count,
            news: (try json("news.json")["items"] as! [Any]).count,
            liveStreams: (live["live_sessions"] as? [String: Any])?.count ?? 0)
    }
}
