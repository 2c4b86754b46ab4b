import Foundation
import TestSupport
import TestTraits
import Testing

/// Login, favorites and the account service: the built binary, the reference server, real terminals.
@Suite("accounts and favorites", .offThePool)
struct AccountCommandTests {
    static let password = Sandbox.adaPassword

    private func synced(_ serverArguments: [String] = []) async throws -> (Sandbox, ReferenceServer) {
        try await Sandbox.synced(serverArguments: serverArguments)
    }

    private func login(_ sandbox: Sandbox, as username: String = "ada", password: String = AccountCommandTests.password) async throws {
        let result = try await sandbox.login(as: username, password: password)
        #expect(result.status == 0, "\(result.stderr)")
    }

    private func serverFavorites(_ server: ReferenceServer, of user: String = "ada") async throws -> [String] {
        try await server.favorites(of: user)
    }

    private func localFavorites(_ sandbox: Sandbox) throws -> [String: String] {
        try sandbox.localFavorites(includingRemovals: true)
    }

    @Test("logged out, favorite add on a terminal: one login prompt, the password never echoed, saved here and there")
    func favoriteAddPromptsOnce() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let outcome = try await TerminalSession.run(["favorite", "add", "101"], environment: sandbox.environment(), script: [
            .expect("Username: "), .type("ada\r"),
            .expect("Password: "), .type(Self.password + "\r"),
            .expect("Uploaded wwdc2026-101"),
        ])
        #expect(outcome.problem == nil, "\(outcome.problem ?? "")")
        #expect(outcome.exit == .exited(0))
        #expect(!outcome.transcript.contains(Self.password))
        #expect(outcome.transcript.components(separatedBy: "Password:").count == 2, "exactly one prompt")
        #expect(try await serverFavorites(server) == ["wwdc2026-101"])
        #expect(try localFavorites(sandbox) == ["wwdc2026-101": "synced"])
        #expect(outcome.sttyAfter == outcome.sttyBefore)
    }

    @Test("two operations needing a login started together: exactly one prompt")
    func twoOperationsOnePrompt() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let outcome = try await TerminalSession.run(["favorite", "add", "101", "102"], environment: sandbox.environment(), script: [
            .expect("Username: "), .type("ada\r"),
            .expect("Password: "), .type(Self.password + "\r"),
            .expect("Uploaded wwdc2026-102"),
        ])
        #expect(outcome.problem == nil, "\(outcome.problem ?? "")")
        #expect(outcome.exit == .exited(0))
        // Four logins were generated (developer status and cloud access, for each favorite); one asked.
        #expect(outcome.transcript.components(separatedBy: "Password:").count == 2, "exactly one prompt")
        #expect(outcome.transcript.components(separatedBy: "Log in to").count == 2)
        #expect(try await serverFavorites(server) == ["wwdc2026-101", "wwdc2026-102"])
    }

    @Test("the trace: login → user info → upload, and cloud access → upload")
    func traceOrder() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let trace = sandbox.directory.path("favorite-trace.json")
        let result = try await sandbox.run(["favorite", "add", "101", "--username", "ada", "--password-stdin", "--trace", trace.path],
                                           stdin: Self.password + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let spans = try Self.spans(trace)
        for (before, after) in [("login", "user info"), ("user info", "upload outbox"), ("cloud access", "upload outbox")] {
            guard let first = spans[before]?.first, let second = spans[after]?.first else {
                Issue.record("missing \(before) or \(after) in \(spans.keys.sorted())")
                continue
            }
            #expect(first.end <= second.start, "\(before) must finish before \(after) starts")
        }
        #expect(try await serverFavorites(server) == ["wwdc2026-101"])
    }

    @Test("not a registered developer: the save fails with that reason, the favorite stays pending here")
    func notDeveloper() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let result = try await sandbox.run(["favorite", "add", "101", "--username", "bob", "--password-stdin"], stdin: "builder-bob-42\n")
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1)
        #expect(result.errorLines.first?.contains("bob is not a registered developer") == true, "\(result.stderr)")
        #expect(try localFavorites(sandbox) == ["wwdc2026-101": "pending"])
        #expect(try await serverFavorites(server, of: "bob").isEmpty)
    }

    @Test("server down: the favorite stays pending (exit 0, a notice); the next sync uploads it once, retries never duplicate")
    func serverDownThenSync() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        try await login(sandbox)
        try await server.fault("/account/*", "drop")
        let offline = try await sandbox.run(["favorite", "add", "101"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stderr.contains("stays pending"), "\(offline.stderr)")
        #expect(try localFavorites(sandbox) == ["wwdc2026-101": "pending"])
        #expect(try await serverFavorites(server).isEmpty)
        try await server.clearFaults()
        for _ in 0..<3 {
            let sync = try await sandbox.run(["sync"])
            #expect(sync.status == 0, "\(sync.stderr)")
        }
        #expect(try await serverFavorites(server) == ["wwdc2026-101"])
        #expect(try localFavorites(sandbox) == ["wwdc2026-101": "synced"])
    }

    @Test("sync with changes made here it could not send: logged out, it says so and that 'wwdc login' sends them; --json counts them")
    func syncMentionsPending() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let added = try await sandbox.run(["favorite", "add", "101"])
        #expect(added.stderr.contains("Run 'wwdc login', then 'wwdc sync'."), "\(added.stderr)")
        let loggedOut = try await sandbox.run(["sync"])
        #expect(loggedOut.status == 0, "\(loggedOut.stderr)")
        #expect(loggedOut.stderr.hasSuffix("Note: 1 change made here was not uploaded: not logged in; run 'wwdc login', then 'wwdc sync'.\n"),
                "\(loggedOut.stderr)")
        let json = try await sandbox.run(["sync", "--json"])
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
        #expect(summary["pendingChanges"] as? Int == 1)
        // Logged in but the service refuses the upload: the reason, and the next sync tries again.
        try await login(sandbox)
        try await server.fault("/account/favorites*", "status", value: 503)
        let refused = try await sandbox.run(["sync"])
        #expect(refused.status == 0, "\(refused.stderr)")
        let note = try #require(refused.stderr.split(separator: "\n").last.map(String.init))
        #expect(note.hasPrefix("Note: 1 change made here was not uploaded (") && note.hasSuffix("; the next 'wwdc sync' tries again."), "\(refused.stderr)")
        try await server.clearFaults()
        let sent = try await sandbox.run(["sync", "--json"])
        let after = try #require(try JSONSerialization.jsonObject(with: Data(sent.stdout.utf8)) as? [String: Any], "\(sent.stdout)")
        #expect(after["pendingChanges"] as? Int == 0 && !sent.stderr.contains("Note:"), "\(sent.stderr)")
        #expect(try await serverFavorites(server) == ["wwdc2026-101"])
    }

    @Test("paged import: 250 favorites on the server, 50 a page: 5 page operations, all 250 stored")
    func pagedImport() async throws {
        let (sandbox, server) = try await synced(["--page-size", "50"])
        defer { sandbox.remove(); server.stop() }
        try await login(sandbox)
        try await server.seed(["username": "ada", "favorites": 250])
        let trace = sandbox.directory.path("sync-trace.json")
        let result = try await sandbox.run(["sync", "--trace", trace.path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let pages = try Self.spans(trace).keys.filter { $0.hasPrefix("favorites page ") }.sorted()
        #expect(pages == (1...5).map { "favorites page \($0)" })
        #expect(try localFavorites(sandbox).count == 250)
        #expect(try localFavorites(sandbox).values.allSatisfy { $0 == "synced" })
    }

    @Test("login from a script through stdin; with no terminal and no credentials, a line that says how")
    func nonInteractiveLogin() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let refused = try await sandbox.run(["login"])
        #expect(refused.status == 1)
        #expect(refused.errorLines.count == 1)
        #expect(refused.stderr.contains("--password-stdin"), "\(refused.stderr)")
        let wrong = try await sandbox.run(["login", "--username", "ada", "--password-stdin"], stdin: "nope\n")
        #expect(wrong.status == 1)
        #expect(wrong.errorLines.first?.contains("username or password is wrong") == true, "\(wrong.stderr)")
        try await login(sandbox)
        let whoami = try await sandbox.run(["whoami"])
        #expect(whoami.stdout == "Ada Lovelace (ada), registered developer\n")
        let environmentLogin = try await sandbox.run(["login", "--username", "cy"], environment: ["WWDC_PASSWORD": "cy-has-no-cloud"])
        #expect(environmentLogin.status == 0, "\(environmentLogin.stderr)")
    }

    @Test("Ctrl-C inside the login prompt: exit 130, the terminal exactly as before")
    func ctrlCInPrompt() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let outcome = try await TerminalSession.run(["login"], environment: sandbox.environment(), script: [
            .expect("Username: "), .type("ad"), .type("\u{3}"),
        ])
        #expect(outcome.problem == nil, "\(outcome.problem ?? "")")
        #expect(outcome.exit == .exited(130))
        #expect(outcome.sttyAfter == outcome.sttyBefore)
        #expect(sandbox.credentialStore().load() == nil)
    }

    @Test("the token file is 0600 in a 0700 folder; the password is in no file under the data and config folders")
    func secretsAtRest() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        try await login(sandbox)
        _ = try await sandbox.run(["favorite", "add", "101", "--trace", sandbox.directory.path("t.json").path])
        _ = try await sandbox.run(["sync"])
        let store = sandbox.credentialStore()
        let attributes = try FileManager.default.attributesOfItem(atPath: store.url.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: store.url.deletingLastPathComponent().path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        let needle = Data(Self.password.utf8)
        var checked = 0
        let enumerator = FileManager.default.enumerator(at: sandbox.directory.url, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            checked += 1
            #expect(data.range(of: needle) == nil, "the password is in \(url.path)")
        }
        #expect(checked >= 3)
    }

    /// The spans of a Chrome trace, by name.
    static func spans(_ url: URL) throws -> [String: [(start: Double, end: Double)]] {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        var spans: [String: [(start: Double, end: Double)]] = [:]
        for event in document?["traceEvents"] as? [[String: Any]] ?? [] {
            guard let name = event["name"] as? String, let ts = event["ts"] as? Double, let dur = event["dur"] as? Double else { continue }
            spans[name, default: []].append((ts, ts + dur))
        }
        return spans
    }
}

@Suite("favorites without an account service", .offThePool)
struct FolderFavoriteTests {
    @Test("synced from a folder: favorite add keeps it here and says there is no account service")
    func folderSource() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        #expect(try await sandbox.run(["sync", "--source", ProjectPaths.fixtures.path]).status == 0)
        let result = try await sandbox.run(["favorite", "add", "101"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.errorLines.isEmpty)
        #expect(result.stderr.contains("no account service"), "\(result.stderr)")
        let login = try await sandbox.run(["login", "--username", "ada", "--password-stdin"], stdin: "x\n")
        #expect(login.status == 1)
        #expect(login.errorLines.first?.contains("accounts are not available") == true, "\(login.stderr)")
    }
}
