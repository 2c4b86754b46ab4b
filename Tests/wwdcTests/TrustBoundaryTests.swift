import ConferenceData
import ConferenceSync
import Foundation
import TestSupport
import TestTraits
import Testing

/// Where data comes in from outside (sources, the account service,
/// the player) and how failures reach the user. The built binary, the reference server.
@Suite("trust boundaries: sources, accounts, players, errors", .offThePool)
struct TrustBoundaryTests {
    static let password = "lovelace-1843"

    // MARK: 1. Plain http only to this machine

    @Test("plain http to a name that merely starts with 127. is a usage error, before a store exists; loopback passes")
    func plainHTTPOnlyToLoopback() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        for source in ["http://127.attacker.test/", "http://127.0.0.1.attacker.test/", "http://localhost.attacker.test:8080/feeds/"] {
            let result = try await sandbox.run(["sync", "--source", source])
            let host = URL(string: source)!.host!
            #expect(result.status == 64, "\(source): \(result.stderr)")
            #expect(result.errorLines.count == 1, "\(source): \(result.stderr)")
            #expect(result.errorLines.first?.contains("plain http") == true, "\(source): \(result.stderr)")
            #expect(result.errorLines.first?.contains(host) == true, "\(source): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.database.path), "a refused source created the store")
        #expect(!FileManager.default.fileExists(atPath: sandbox.database.path + "-wal"))

        let server = try await ReferenceServer.start()
        defer { server.stop() }
        for host in ["localhost", "127.0.0.1"] {
            let fresh = try Sandbox()
            defer { fresh.remove() }
            let source = "http://\(host):\(server.port)/"
            let result = try await fresh.run(["sync", "--source", source])
            #expect(result.status == 0, "\(source): \(result.stderr)")
            #expect(result.stderr.contains("Synced from \(source)"), "\(source): \(result.stderr)")
        }
        // The server listens on 127.0.0.1 only: ::1 may answer nothing, but the address is accepted.
        let v6 = try await sandbox.run(["sync", "--source", "http://[::1]:\(server.port)/"])
        #expect(v6.status != 64, "\(v6.stderr)")
        #expect(!v6.stderr.contains("plain http"), "\(v6.stderr)")
    }

    @Test("an account service on plain http beyond this machine is refused by login, and the sync sends nothing there")
    func insecureAccountService() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let feeds = try sandbox.copyOfFixtures()
        try FeedFiles.edit(feeds.appendingPathComponent("config.json")) { config in
            config["accountService"] = ["url": "http://127.attacker.test/account"]
        }
        let server = try await ReferenceServer.start(root: feeds)
        defer { server.stop() }
        // A token for that service, as an earlier version would have kept: a sync that used the service
        // would try to fetch the favorites there (and fail to reach it).
        try sandbox.credentialStore().save(AccountCredentials(
            token: "planted-token", expiresAt: Date(timeIntervalSinceNow: 86_400), username: "ada", name: "Ada Lovelace",
            service: URL(string: "http://127.attacker.test/account")!))

        let sync = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString, "--json"])
        #expect(sync.status == 0, "\(sync.stderr)")
        let steps = try SyncSteps(sync.stdout)
        #expect(steps["save"]?.status == "ok")
        for name in ["uploads", "favorites", "feedback"] {
            #expect(steps[name]?.status == "skipped", "\(name): \(String(describing: steps[name]))")
            #expect(steps[name]?.detail.contains("reach") == false, "\(name) tried the service: \(String(describing: steps[name]))")
            #expect(steps[name]?.detail.contains("attacker") == false, "\(name): \(String(describing: steps[name]))")
        }
        #expect(!sync.stderr.contains("cannot reach"), "\(sync.stderr)")

        let login = try await sandbox.run(["login", "--username", "ada", "--password-stdin"], stdin: Self.password + "\n")
        #expect(login.status == 1, "\(login.stderr)")
        #expect(login.errorLines.count == 1, "\(login.stderr)")
        #expect(login.errorLines.first?.contains("plain http") == true, "\(login.stderr)")
        #expect(login.errorLines.first?.contains("127.attacker.test") == true, "\(login.stderr)")
        #expect(!login.stderr.contains("cannot reach"), "\(login.stderr)")
        #expect(!login.stderr.contains("Logged in"), "\(login.stderr)")
        let accountRequests = try await server.requests().filter { $0.path.hasPrefix("/account") }
        #expect(accountRequests.isEmpty, "\(accountRequests)")
    }

    @Test("a password in the source URL is refused from --source, WWDC_SOURCE, the config file and WWDC_APPLE_SOURCE, said how to log in, and printed nowhere")
    func passwordInSource() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let source = "http://ada:\(Self.password)@127.0.0.1:9/feeds/"
        let configFile = ConfigurationTests.file(sandbox)
        try FileManager.default.createDirectory(at: configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "source = \(source)\n".write(to: configFile, atomically: true, encoding: .utf8)
        let routes: [(String, [String], [String: String])] = [
            ("--source", ["sync", "--source", source, "--json"], [:]),
            ("WWDC_SOURCE", ["sync", "--json"], ["WWDC_SOURCE": source]),
            ("the config file", ["sync", "--verbose"], [:]),
            ("WWDC_APPLE_SOURCE", ["sync", "--source", "apple"], ["WWDC_APPLE_SOURCE": "https://ada:\(Self.password)@example.com/"]),
        ]
        for (route, arguments, environment) in routes {
            let result = try await sandbox.run(arguments, environment: environment)
            // A flag is a usage error; a setting from the environment or the file is one like any other bad setting.
            let usage = route == "--source" || route == "WWDC_APPLE_SOURCE"
            #expect(result.status == (usage ? 64 : 1), "\(route): \(result.stderr)")
            #expect(result.errorLines.count == 1, "\(route): \(result.stderr)")
            #expect(result.errorLines.first?.contains("user name and password") == true, "\(route): \(result.stderr)")
            #expect(result.stderr.contains("wwdc login"), "\(route): \(result.stderr)")
            #expect(!result.stderr.contains(Self.password) && !result.stdout.contains(Self.password), "\(route) printed the password: \(result.stderr)")
            if route == "--source" || route == "the config file" {
                #expect(result.errorLines.first?.contains("127.0.0.1:9") == true, "\(route): \(result.stderr)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.database.path), "a refused source created the store")

        let set = try await sandbox.run(["config", "set", "source", "https://ada:\(Self.password)@example.com/feeds/"])
        #expect(set.status == 64 && set.errorLines.first?.contains("user name and password") == true, "\(set.stderr)")
        #expect(!set.stderr.contains(Self.password) && !set.stdout.contains(Self.password), "config set printed the password: \(set.stderr)")
        #expect(try String(contentsOf: configFile, encoding: .utf8) == "source = \(source)\n", "config set wrote a refused source")
    }

    @Test("a store whose recorded source holds a password (an older wwdc): the next sync goes there without it, and prints and keeps it nowhere")
    func passwordInRecordedSource() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let first = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString])
        #expect(first.status == 0, "\(first.stderr)")
        let planted = "http://ada:\(Self.password)@127.0.0.1:\(server.port)/config.json"
        try ConferenceStore(path: sandbox.database.path).write { db in
            try db.execute("UPDATE sync_metadata SET url = ? WHERE feed = 'config'", [planted])
        }
        let again = try await sandbox.run(["sync", "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains(Self.password) && !again.stdout.contains(Self.password), "\(again.stderr)\n\(again.stdout)")
        #expect(try SyncSteps(again.stdout).source == "http://127.0.0.1:\(server.port)/", "\(again.stdout.prefix(300))")
        #expect(!(try sandbox.dump()).contains(Self.password), "the store keeps the password")
    }

    @Test("an IPv4 address written as IPv6 ([::ffff:127.0.0.1]): the error says so and how to write it, before a store exists")
    func mappedAddress() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        for host in ["[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[0:0:0:0:0:ffff:10.1.2.3]"] {
            let result = try await sandbox.run(["sync", "--source", "http://\(host):\(server.port)/"])
            #expect(result.status == 64, "\(host): \(result.stderr)")
            #expect(result.errorLines.count == 1, "\(host): \(result.stderr)")
            let line = result.errorLines.first ?? ""
            #expect(line.contains("IPv6 form"), "\(host): \(line)")
            #expect(result.stderr.contains(host.hasSuffix("10.1.2.3]") ? "Write the address as 10.1.2.3" : "Write the address as 127.0.0.1"),
                    "\(host): \(result.stderr)")
            #expect(!result.stderr.contains("NSURLErrorDomain") && !result.stderr.contains("connection lost"), "\(host): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.database.path))
        #expect(try await server.requests().isEmpty)
    }

    // MARK: 2. Switching source

    @Test("after sync --source A then --source B (config 304), the store records B: login and a plain sync go to B")
    func switchingSource() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let first = try await ReferenceServer.start()
        defer { first.stop() }
        let second = try await ReferenceServer.start()
        defer { second.stop() }
        // As the program records a source: with a final slash.
        let a = first.url("/").absoluteString
        let b = second.url("/").absoluteString

        let syncA = try await sandbox.run(["sync", "--source", a])
        #expect(syncA.status == 0, "\(syncA.stderr)")
        try await first.clearLog()

        let syncB = try await sandbox.run(["sync", "--source", b, "--json"])
        #expect(syncB.status == 0, "\(syncB.stderr)")
        #expect(try SyncSteps(syncB.stdout).source == b, "\(syncB.stdout.prefix(300))")
        let configAtB = try await second.requests().filter { $0.path == "/config.json" }
        #expect(configAtB.map(\.status) == [304], "B's config.json is byte-identical: \(configAtB)")

        let login = try await sandbox.run(["login", "--username", "ada", "--password-stdin"], stdin: Self.password + "\n")
        #expect(login.status == 0, "\(login.stderr)")
        let atB = try await second.requests()
        #expect(atB.contains { $0.method == "POST" && $0.path == "/account/login" && $0.status == 200 }, "\(atB)")
        let atA = try await first.requests()
        #expect(atA.isEmpty, "A was asked after the switch: \(atA)")

        try await second.clearLog()
        let again = try await sandbox.run(["sync"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("Synced from \(b)"), "\(again.stderr)")
        #expect(try await second.requests().contains { $0.path == "/config.json" })
        let stillA = try await first.requests()
        #expect(stillA.isEmpty, "a plain sync went to A: \(stillA)")
    }

    // MARK: 3. The player

    @Test("a feed's stream address that is an option or a file URL never reaches the player", arguments: [
        "--script=/tmp/x.lua", "file:///etc/shadow",
    ])
    func playerRefusesFeedAddresses(hostile: String) async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let feeds = try sandbox.copyOfFixtures()
        try FeedFiles.editItem("wwdc2026-302", in: feeds) { item in
            var media = item["media"] as? [String: Any] ?? [:]
            media["hls"] = hostile
            media["downloadHD"] = nil
            media["downloadSD"] = nil
            item["media"] = media
        }
        let sync = try await sandbox.run(["sync", "--source", feeds.path])
        #expect(sync.status == 0, "\(sync.stderr)")
        let player = try await RecordingPlayer(script: sandbox.directory.path("player.sh"), log: sandbox.directory.path("player.log"))
        let environment = ["WWDC_PLAYER": player.script.path, "WWDC_NOW": BrowseSandbox.now]

        let watch = try await sandbox.run(["watch", "302"], environment: environment)
        #expect(watch.status == 1, "\(watch.stderr)")
        #expect(watch.errorLines.count == 1, "\(watch.stderr)")
        #expect(watch.errorLines.first?.contains("not a web address") == true, "\(watch.stderr)")
        #expect(player.arguments == nil, "the player ran with \(player.arguments ?? [])")

        let printed = try await sandbox.run(["watch", "302", "--print-url"], environment: environment)
        #expect(printed.status == 1, "\(printed.stderr)")
        #expect(printed.stdout.isEmpty, "\(printed.stdout)")
    }

    @Test("watch and watch --print-url follow download's rule: plain http only from this machine, asked for over https elsewhere", arguments: [
        ("http://example.com/videos/302/hls.m3u8", "https://example.com/videos/302/hls.m3u8"), ("http://ada:secret@example.com/302.m3u8", nil),
        ("https://ada:secret@example.com/302.m3u8", nil), ("http://127.0.0.1:9/videos/302/hls.m3u8", "http://127.0.0.1:9/videos/302/hls.m3u8"),
        ("http://example.com:80/302.m3u8", "https://example.com/302.m3u8"),
    ])
    func watchFollowsDownloadRule(stream: String, playing: String?) async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let feeds = try sandbox.copyOfFixtures()
        try FeedFiles.editItem("wwdc2026-302", in: feeds) { item in
            item["media"] = ["hls": stream, "downloadHD": stream, "downloadSD": stream, "duration": 600]
        }
        let sync = try await sandbox.run(["sync", "--source", feeds.path])
        #expect(sync.status == 0, "\(sync.stderr)")
        let player = try await RecordingPlayer(script: sandbox.directory.path("player.sh"), log: sandbox.directory.path("player.log"))
        let environment = ["WWDC_PLAYER": player.script.path, "WWDC_NOW": BrowseSandbox.now]

        let watch = try await sandbox.run(["watch", "302"], environment: environment)
        let printed = try await sandbox.run(["watch", "302", "--print-url"], environment: environment)
        // Only where it is refused: an address asked for over https would be asked for, beyond this machine.
        let download = playing != nil ? nil : try await sandbox.run(["download", "302", "--dir", sandbox.directory.path("videos").path],
                                                                    environment: environment)
        if let playing {
            #expect(watch.status == 0, "\(watch.stderr)")
            #expect(player.arguments == [playing])
            #expect(printed.status == 0 && printed.stdout == playing + "\n", "\(printed.stderr)")
        } else {
            for (label, result) in [("watch", watch), ("watch --print-url", printed), ("download", download)] {
                guard let result else { continue }
                #expect(result.status == 1, "\(label) \(stream): \(result.stderr)")
                #expect(result.errorLines.count == 1, "\(label) \(stream): \(result.stderr)")
                #expect(!result.stderr.contains("secret"), "\(label) printed the password: \(result.stderr)")
                #expect(result.stderr.contains("plain http only from this machine"), "\(label): \(result.stderr)")
            }
            #expect(player.arguments == nil, "the player ran with \(player.arguments ?? [])")
            #expect(printed.stdout.isEmpty, "\(printed.stdout)")
        }
    }

    @Test("WWDC_PLAYER is split into words without a shell; mpv gets -- before the URL")
    func playerArguments() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let url = try WatchCommandTests.streamURL(302)

        // A path with a space, quoted; an option; a quoted argument with a space.
        let player = try await RecordingPlayer(script: store.sandbox.directory.path("my players/player.sh"),
                                         log: store.sandbox.directory.path("player.log"))
        let command = "'\(player.script.path)' --fs \"two words\""
        let quoted = try await store.run(["watch", "302"], environment: ["WWDC_PLAYER": command])
        #expect(quoted.status == 0, "\(quoted.stderr)")
        #expect(player.arguments == ["--fs", "two words", url])

        let bin = store.sandbox.directory.path("bin")
        let mpv = try await RecordingPlayer(script: bin.appendingPathComponent("mpv"), log: store.sandbox.directory.path("mpv.log"))
        let found = try await store.run(["watch", "302"], environment: ["PATH": bin.path + ":/usr/bin:/bin"])
        #expect(found.status == 0, "\(found.stderr)")
        // mpv also gets the socket wwdc follows its progress on, in a private folder, before "--".
        let arguments = try #require(mpv.arguments)
        #expect(arguments.count == 3 && Array(arguments.suffix(2)) == ["--", url])
        let socket = arguments.first ?? ""
        #expect(socket.hasPrefix("--input-ipc-server=/") && socket.hasSuffix("/mpv.sock"), "\(socket)")
    }

    @Test("a missing player or an unclosed quote in WWDC_PLAYER: one Error line in wwdc's voice")
    func playerCommandErrors() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let missing = try await store.run(["watch", "302"], environment: ["WWDC_PLAYER": "nosuchplayer-xyz"])
        #expect(missing.status == 1, "\(missing.stderr)")
        #expect(missing.errorLines == ["Error: the player 'nosuchplayer-xyz' (WWDC_PLAYER) was not found"], "\(missing.stderr)")
        #expect(missing.stderr.contains("Hint: "), "\(missing.stderr)")
        #expect(!missing.stderr.contains("sh:"), "\(missing.stderr)")
        let foreign = missing.stderr.split(separator: "\n").filter { !$0.hasPrefix("Error: ") && !$0.hasPrefix("Hint: ") }
        #expect(foreign.isEmpty, "lines not in wwdc's voice: \(foreign)")

        let unclosed = try await store.run(["watch", "302"], environment: ["WWDC_PLAYER": "\"unclosed"])
        #expect(unclosed.status == 1, "\(unclosed.stderr)")
        #expect(unclosed.errorLines.count == 1, "\(unclosed.stderr)")
        #expect(unclosed.errorLines.first?.contains("WWDC_PLAYER") == true, "\(unclosed.stderr)")
        #expect(!unclosed.stderr.contains("sh:"), "\(unclosed.stderr)")
    }

    // MARK: 12. No raw Foundation error

    @Test("a folder or a missing folder as output, a lock that is a folder, an empty source, a bad WWDC_NOW: wwdc's words")
    func errorsInOwnWords() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let sandbox = store.sandbox
        var results: [(String, CommandResult)] = []

        let folder = sandbox.directory.path("exports")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let intoFolder = try await store.run(["export", "--ics", "-o", folder.path + "/"])
        results.append(("export -o folder/", intoFolder))
        #expect(intoFolder.status == 1, "\(intoFolder.stderr)")
        #expect(intoFolder.errorLines.count == 1, "\(intoFolder.stderr)")
        #expect(intoFolder.errorLines.first?.contains(folder.path) == true, "\(intoFolder.stderr)")
        #expect(intoFolder.errorLines.first?.contains("folder") == true, "\(intoFolder.stderr)")
        #expect(intoFolder.stderr.contains("\nHint: "), "\(intoFolder.stderr)")

        let missing = try await store.run(["export", "--ics", "-o", "/no/such/folder/x.ics"])
        results.append(("export -o /no/such/folder/x.ics", missing))
        #expect(missing.status == 1, "\(missing.stderr)")
        #expect(missing.errorLines.count == 1, "\(missing.stderr)")
        #expect(missing.errorLines.first?.contains("/no/such/folder") == true, "\(missing.stderr)")
        #expect(missing.stderr.contains("\nHint: "), "\(missing.stderr)")

        let lock = sandbox.database.path + ".sync-lock"
        try? FileManager.default.removeItem(atPath: lock)
        try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: false)
        let locked = try await store.run(["sync"])
        results.append(("sync with the lock a folder", locked))
        #expect(locked.status == 1, "\(locked.stderr)")
        #expect(locked.errorLines.count == 1, "\(locked.stderr)")
        #expect(locked.errorLines.first?.contains(lock) == true, "\(locked.stderr)")
        #expect(locked.stderr.contains("\nHint: "), "\(locked.stderr)")
        try FileManager.default.removeItem(atPath: lock)

        let empty = try await store.run(["sync", "--source", ""])
        results.append(("sync --source ''", empty))
        #expect(empty.status == 64, "\(empty.stderr)")
        #expect(empty.errorLines.count == 1, "\(empty.stderr)")

        let clock = try await store.run(["schedule"], environment: ["WWDC_NOW": "garbage"])
        results.append(("WWDC_NOW=garbage schedule", clock))
        #expect(clock.status == 1, "\(clock.stderr)")
        #expect(clock.errorLines.count == 1, "\(clock.stderr)")
        #expect(clock.errorLines.first?.contains("WWDC_NOW") == true, "\(clock.stderr)")
        #expect(clock.stdout.isEmpty)

        for (label, result) in results {
            for phrase in foundationPhrasings {
                #expect(!result.stderr.contains(phrase), "\(label): Foundation's words \(phrase.debugDescription) in \(result.stderr)")
            }
        }
    }
}
