import ConferenceData
import Foundation
import TestSupport
import TestTraits
import Testing

/// `wwdc sync` end to end: the built binary against the reference server.
@Suite("wwdc sync", .offThePool)
struct SyncCommandTests {
    @Test("a sync of the fixtures through the server fills the store with what the fixtures hold")
    func syncFillsStore() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let result = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = try FixtureFacts.load()
        let counts = try sandbox.counts()
        #expect(counts["sessions"] == expected.sessions)
        #expect(counts["events"] == expected.events)
        #expect(counts["tracks"] == expected.tracks)
        #expect(counts["rooms"] == expected.rooms)
        #expect(counts["instances"] == expected.scheduled)
        #expect(counts["videos"] == expected.withMedia)
        #expect(counts["news"] == expected.news)
        #expect(counts["live_streams"] == expected.liveStreams)
        #expect(result.stderr.contains("Synced from"))
        #expect(!result.stderr.contains("\u{1B}"), "no escape codes in a pipe")
    }

    @Test("the trace shows every edge of the graph respected")
    func traceRespectsGraph() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let tracePath = sandbox.directory.path("trace.json")
        let result = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString, "--trace", tracePath.path])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: tracePath)) as? [String: Any]
        let events = document?["traceEvents"] as? [[String: Any]] ?? []
        var spans: [String: (start: Double, end: Double)] = [:]
        for event in events {
            guard let name = event["name"] as? String, let ts = event["ts"] as? Double, let dur = event["dur"] as? Double else { continue }
            spans[name] = (ts, ts + dur)
        }
        let edges: [(String, String)] = [
            ("config", "version-check"),
            ("version-check", "schedule"), ("version-check", "news"),
            ("schedule", "videos"), ("news", "videos"),
            ("download contents.json", "favorites"), ("news", "favorites"),
            ("download contents.json", "feedback"), ("news", "feedback"),
            ("download contents.json", "transcripts"),
            // The save waits for the schedule's check and the videos inside its transaction, not before it starts.
            ("download contents.json", "save"), ("news", "save"), ("transcripts", "save"), ("favorites", "save"), ("feedback", "save"),
            ("download contents.json", "parse contents.json"),
        ]
        for (before, after) in edges {
            guard let first = spans[before], let second = spans[after] else {
                // Skipped steps (favorites, feedback when logged out) never start: no span to order.
                if ["favorites", "feedback"].contains(before) || ["favorites", "feedback"].contains(after) { continue }
                Issue.record("missing span \(before) or \(after) in \(spans.keys.sorted())")
                continue
            }
            #expect(first.end <= second.start, "\(before) must finish before \(after) starts")
        }
        #expect(spans["save"] != nil)
    }

    @Test("a second sync: every feed answered 304, no row rewritten, faster")
    func secondSyncIsConditional() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let source = server.baseURL.absoluteString
        let firstStart = Date()
        let first = try await sandbox.run(["sync", "--source", source, "--json"])
        let firstTime = Date().timeIntervalSince(firstStart)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try sandbox.dump()
        try await server.clearLog()
        let secondStart = Date()
        let second = try await sandbox.run(["sync", "--source", source, "--json"])
        let secondTime = Date().timeIntervalSince(secondStart)
        #expect(second.status == 0, "\(second.stderr)")
        let log = try await server.log()
        let feeds = log.filter { ($0["path"] as? String)?.hasSuffix(".json") == true }
        // config, contents, news, articles, live videos and the transcripts' manifest: every feed the config offers.
        #expect(feeds.count == 6, "\(feeds)")
        #expect(feeds.allSatisfy { $0["status"] as? Int == 304 }, "\(feeds)")
        let summary = try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any]
        #expect(summary?["rowsChanged"] as? Int == 0)
        // sync_metadata records the time of each check; every other table is untouched.
        #expect(Self.withoutSyncTimes(try sandbox.dump()) == Self.withoutSyncTimes(before))
        print("first sync \(String(format: "%.3f", firstTime)) s, second (all 304) \(String(format: "%.3f", secondTime)) s")
    }

    @Test("version check: a config requiring a newer wwdc stops before the schedule is fetched")
    func versionCheckStops() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let feeds = try sandbox.copyOfFixtures()
        let configURL = feeds.appendingPathComponent("config.json")
        var config = try JSONSerialization.jsonObject(with: Data(contentsOf: configURL)) as! [String: Any]
        config["minimumSupportedAppVersion"] = "99.0"
        try JSONSerialization.data(withJSONObject: config).write(to: configURL)
        let server = try await ReferenceServer.start(root: feeds)
        defer { server.stop() }
        let result = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1)
        #expect(result.errorLines.first?.contains("requires wwdc 99.0 or newer") == true, "\(result.stderr)")
        let paths = try await server.log().compactMap { $0["path"] as? String }
        #expect(paths == ["/config.json"])
    }

    @Test("Apple's real 2017 feeds, served by the reference server, sync cleanly",
          .enabled(if: ProjectPaths.appleFeeds2017 != nil, "../shared/apple-feeds/2017 is absent"))
    func apple2017() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ReferenceServer.start(root: ProjectPaths.appleFeeds2017!, arguments: ["--rebase-config"])
        defer { server.stop() }
        let result = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString])
        #expect(result.status == 0, "\(result.stderr)")
        let counts = try sandbox.counts()
        #expect(counts["sessions"] == 771)
        #expect(counts["events"] == 5)
        #expect(counts["instances"] == 307)
    }

    @Test("two concurrent syncs on one store both end well, and the data is consistent")
    func concurrentSyncs() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let source = server.baseURL.absoluteString
        let first = try sandbox.start(["sync", "--source", source])
        let second = try sandbox.start(["sync", "--source", source])
        let results = [await first.finished(), await second.finished()]
        for result in results { #expect(result.status == 0, "\(result.stderr)") }
        #expect(try sandbox.counts()["sessions"] == FixtureFacts.load().sessions)
        let integrity = try ConferenceStore(path: sandbox.database.path).read { try $0.fetchString("PRAGMA integrity_check") }
        #expect(integrity == "ok")
    }

    @Test("--no-wait refuses while another sync holds the store")
    func noWait() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        // The first sync hangs on contents.json until it is interrupted: it holds the lock meanwhile.
        // Its time limit is far beyond the test's, so a slow machine (the thread sanitizer) cannot
        // end it before the signal does.
        let server = try await ReferenceServer.start(arguments: ["--fault", "/contents.json=delay:600"])
        defer { server.stop() }
        let source = server.baseURL.absoluteString
        let slow = try sandbox.start(["sync", "--source", source], environment: ["WWDC_TIMEOUT": "900"])
        #expect(await slow.stderr(contains: "Configuration"))
        let refused = try await sandbox.run(["sync", "--source", source, "--no-wait"])
        #expect(refused.status == 1)
        #expect(refused.errorLines.first?.contains("another wwdc sync is running") == true, "\(refused.stderr)")
        slow.signal(SIGINT)
        let interrupted = await slow.finished()
        #expect(interrupted.status == 130 && !interrupted.signalled, "\(interrupted.status): \(interrupted.stderr)")
    }

    @Test("SIGINT during a slow download: exit 130, the store unchanged, no stray terminal codes")
    func interrupt() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        // As above: a time limit far beyond the test's, so that a slow machine (the thread sanitizer
        // running every test at once) cannot end the sync before the signal does.
        let server = try await ReferenceServer.start(arguments: ["--fault", "/contents.json=delay:600"])
        defer { server.stop() }
        let running = try sandbox.start(["sync", "--source", server.baseURL.absoluteString], environment: ["WWDC_TIMEOUT": "900"])
        #expect(await running.stderr(contains: "Configuration"))
        running.signal(SIGINT)
        let result = await running.finished()
        #expect(result.status == 130, "\(result.stderr)")
        #expect(result.stderr.contains("interrupted"))
        #expect(!result.stderr.contains("\u{1B}"))
        let counts = try sandbox.counts()
        #expect(counts["sessions"] == 0)
        #expect(counts["sync_metadata"] == 0)
    }

    /// The dump without the sync_metadata table's rows (they record when each feed was checked).
    static func withoutSyncTimes(_ dump: String) -> String {
        var inMetadata = false
        return dump.split(separator: "\n").filter { line in
            if line.hasPrefix("table ") { inMetadata = line.hasPrefix("table sync_metadata") }
            return !inMetadata
        }.joined(separator: "\n")
    }
}

@Suite("wwdc sync: sources", .offThePool)
struct SyncSourceTests {
    @Test("make install into a temporary prefix: from a fresh HOME, the installed wwdc syncs the whole sample with no source (transcripts too), and search and transcript find what it synced")
    func installedLayout() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let prefix = sandbox.directory.path("prefix")
        // The Makefile's own recipe, with this build's binary (WWDC=) instead of a release build.
        let makeArguments = ["make", "-C", ProjectPaths.root.path, "install", "PREFIX=\(prefix.path)", "WWDC=\(CommandRunner.wwdc.path)"]
        let installed = try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), makeArguments)
        #expect(installed.status == 0, "\(installed.stdout)\(installed.stderr)")
        let share = prefix.appendingPathComponent("share/wwdc/Fixtures")
        let manual = try String(contentsOf: prefix.appendingPathComponent("share/man/man1/wwdc.1"), encoding: .utf8)
        #expect(manual.contains(".TH WWDC 1"), "\(manual.prefix(200))")

        // A fresh home: nothing but HOME (and PATH, LANG) in the environment, nothing in it yet.
        let home = sandbox.directory.path("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let wwdc = prefix.appendingPathComponent("bin/wwdc")
        let run = { (arguments: [String]) in
            try await CommandRunner.run(wwdc, arguments, environment: ["HOME": home.path])
        }
        let synced = try await run(["sync", "--json"])
        #expect(synced.status == 0, "\(synced.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(synced.stdout.utf8)) as? [String: Any], "\(synced.stdout)")
        #expect(summary["source"] as? String == share.path)
        // Every step ran but those an account service would feed; nothing was skipped or failed.
        let steps = (summary["steps"] as? [[String: Any]] ?? []).filter { $0["status"] as? String != "ok" }.compactMap { $0["step"] as? String }
        #expect(Set(steps) == ["uploads", "favorites", "feedback"], "\(summary)")
        #expect((summary["skipped"] as? [Any])?.isEmpty == true && (summary["transcriptsFailed"] as? [Any])?.isEmpty == true, "\(summary)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: ProjectPaths.fixtures.appendingPathComponent("transcripts/transcript-manifest-eng.json")))
        let transcripts = try #require(((manifest as? [String: Any])?["individual"] as? [String: Any])?.count)
        let store = try ConferenceStore(path: home.appendingPathComponent(".local/share/wwdc/wwdc.sqlite").path)
        let counts = try store.tableCounts()
        #expect(counts["sessions"] == (try FixtureFacts.load()).sessions)
        #expect(counts["transcripts"] == transcripts, "\(counts)")

        let found = try await run(["search", "\"every platform SwiftUI supports\"", "--in", "transcripts", "--json"])
        let hits = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]], "\(found.stderr)")
        #expect(!hits.isEmpty && hits.allSatisfy { $0["kind"] as? String == "transcript" }, "\(found.stdout)")
        let spoken = try await run(["transcript", "102"])
        #expect(spoken.status == 0, "\(spoken.stderr)")
        #expect(spoken.stdout.hasPrefix("Platforms State of the Union") && spoken.stdout.contains("0:03  Hi everyone"), "\(spoken.stdout.prefix(300))")
    }

    @Test("with no source, a sync goes back to the last source")
    func lastSource() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        #expect(try await sandbox.run(["sync", "--source", server.baseURL.absoluteString]).status == 0)
        try await server.clearLog()
        let again = try await sandbox.run(["sync"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("Synced from \(server.baseURL.absoluteString)"), "\(again.stderr)")
        // The five feeds and the transcripts' manifest, each answered 304.
        #expect(try await server.log().count == 6)
    }

    @Test("a source that is neither a URL nor a folder, or plain http beyond this machine, is a usage error")
    func badSources() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        for source in ["http://example.com/feeds/", "/no/such/folder", "ftp://example.com/"] {
            let result = try await sandbox.run(["sync", "--source", source])
            #expect(result.status == 64, "\(source): \(result.stderr)")
            #expect(result.errorLines.count == 1)
            #expect(result.stderr.contains("Usage: wwdc sync"))
        }
    }
}

@Suite("wwdc sync on a terminal", .offThePool)
struct SyncTerminalTests {
    @Test("live lines on a terminal; Ctrl-C during a slow download: exit 130, the terminal as it was, the cursor back")
    func ctrlCOnTerminal() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ReferenceServer.start(arguments: ["--fault", "/contents.json=delay:60"])
        defer { server.stop() }
        var environment = sandbox.environment()
        environment["NO_COLOR"] = nil
        let outcome = try await TerminalSession.run(["sync", "--source", server.baseURL.absoluteString], environment: environment, script: [
            .expect("Configuration"), .expect("Schedule"), .type("\u{3}"),
            .expect("interrupted"),
        ])
        #expect(outcome.problem == nil, "\(outcome.problem ?? "")")
        #expect(outcome.exit == .exited(130))
        #expect(outcome.sttyAfter == outcome.sttyBefore)
        let transcript = outcome.transcript
        // Redrawn in place: cursor movement and line clearing, and colour on a terminal.
        #expect(transcript.contains("\u{1B}[K") || transcript.contains("\u{1B}[2K"))
        if let hidden = transcript.range(of: "\u{1B}[?25l", options: .backwards) {
            #expect(transcript[hidden.upperBound...].contains("\u{1B}[?25h"), "the cursor was left hidden")
        }
        #expect(try sandbox.counts()["sessions"] == 0)
    }
}
