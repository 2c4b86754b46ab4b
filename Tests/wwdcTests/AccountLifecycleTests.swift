import Foundation
import TestSupport
import TestTraits
import Testing

/// The login's life (given credentials always checked, logout revoking
/// the token, an expired token during a sync) and the files an account leaves (modes, no stray store).
@Suite("accounts: login, logout, expiry and files", .offThePool)
struct AccountLifecycleTests {
    static let password = Sandbox.adaPassword

    private func synced(root: URL = ProjectPaths.fixtures, in sandbox: Sandbox? = nil) async throws -> (Sandbox, ReferenceServer) {
        try await Sandbox.synced(root: root, in: sandbox)
    }

    private func login(_ sandbox: Sandbox, as username: String = "ada", password: String = AccountLifecycleTests.password) async throws -> CommandResult {
        try await sandbox.login(as: username, password: password)
    }

    // MARK: 7. Given credentials are checked; logout revokes

    @Test("with ada's token saved, a login with wrong credentials fails and never says 'Logged in as … (ada)'")
    func givenCredentialsAreChecked() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let first = try await login(sandbox)
        #expect(first.status == 0, "\(first.stderr)")
        try await server.clearLog()

        for username in ["bob", "ada"] {
            let wrong = try await login(sandbox, as: username, password: "WRONG")
            #expect(wrong.status == 1, "\(username): \(wrong.stderr)")
            #expect(!wrong.stderr.contains("Logged in"), "\(username): \(wrong.stderr)")
            #expect(wrong.errorLines.count == 1, "\(username): \(wrong.stderr)")
            #expect(wrong.errorLines.first?.contains("username or password is wrong") == true, "\(username): \(wrong.stderr)")
        }
        let logins = try await server.requests().filter { $0.path == "/account/login" }
        #expect(logins.count == 2 && logins.allSatisfy { $0.method == "POST" && $0.status == 401 }, "the service checked both: \(logins)")
    }

    @Test("logout revokes the token on the service (POST /account/logout, then 401 for it)")
    func logoutRevokes() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        #expect(try await login(sandbox).status == 0)
        let credentials = sandbox.credentialStore()
        let token = try #require(credentials.load()?.token)
        let bearer = ["Authorization": "Bearer \(token)"]
        #expect(try await server.status("GET", "/account/me", headers: bearer) == 200)
        try await server.clearLog()

        let logout = try await sandbox.run(["logout"])
        #expect(logout.status == 0, "\(logout.stderr)")
        #expect(logout.stderr.contains("Logged out ada"), "\(logout.stderr)")
        let requests = try await server.requests()
        #expect(requests.contains { $0.method == "POST" && $0.path == "/account/logout" && $0.status == 204 }, "\(requests)")
        #expect(try await server.status("GET", "/account/me", headers: bearer) == 401, "the old token still works")
        #expect(!FileManager.default.fileExists(atPath: credentials.url.path))
    }

    @Test("with the service down, logout still forgets the token here, exits 0 and says the service was not told")
    func logoutOffline() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        #expect(try await login(sandbox).status == 0)
        let credentials = sandbox.credentialStore()
        #expect(FileManager.default.fileExists(atPath: credentials.url.path))
        server.stop()

        let logout = try await sandbox.run(["logout"])
        #expect(logout.status == 0, "\(logout.stderr)")
        #expect(!FileManager.default.fileExists(atPath: credentials.url.path), "the token file is still there")
        #expect(logout.stderr.contains("could not be told"), "\(logout.stderr)")
        #expect(logout.errorLines.isEmpty, "\(logout.stderr)")
    }

    // MARK: 8. An expired token during a sync

    @Test("a token expired on the service: the feed change lands, the account steps are skipped with 'log in again'")
    func expiredTokenSync() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let feeds = try sandbox.copyOfFixtures()
        let (_, server) = try await synced(root: feeds, in: sandbox)
        defer { server.stop() }
        #expect(try await login(sandbox).status == 0)
        // The keynote's title changes on the server (the item's first title after its id).
        let contents = feeds.appendingPathComponent("contents.json")
        var text = try String(contentsOf: contents, encoding: .utf8)
        let item = try #require(text.range(of: "\"id\": \"wwdc2026-101\""))
        let title = try #require(text.range(of: "\"title\": \"Keynote\"", range: item.upperBound..<text.endIndex))
        text.replaceSubrange(title, with: "\"title\": \"Keynote, Revised\"")
        try text.write(to: contents, atomically: true, encoding: .utf8)
        try await server.request("POST", "/_control/expire-tokens", json: [:])

        let sync = try await sandbox.run(["sync", "--json"])
        #expect(sync.status == 0, "\(sync.stderr)")
        let steps = try SyncSteps(sync.stdout)
        #expect(steps["schedule"]?.status == "ok")
        #expect(steps["save"]?.status == "ok", "\(String(describing: steps["save"]))")
        for name in ["uploads", "favorites", "feedback"] {
            let step = steps[name]
            #expect(step?.status == "skipped", "\(name): \(String(describing: step))")
            let detail = step?.detail ?? ""
            #expect(detail.contains("again") && (detail.contains("log in") || detail.contains("login")),
                    "\(name) should say to log in again: \(detail.debugDescription)")
        }
        let session = try await sandbox.run(["session", "101"])
        #expect(session.stdout.hasPrefix("Keynote, Revised\n"), "the feed update was lost: \(session.stdout.prefix(80))")
    }

    // MARK: 11. Files an account leaves

    @Test("a config folder that existed as 0755 is made 0700 by login, the token file 0600")
    func credentialModes() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let folder = sandbox.directory.path("config/wwdc")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        #expect(try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int == 0o755)
        let (_, server) = try await synced(in: sandbox)
        defer { server.stop() }
        let login = try await login(sandbox)
        #expect(login.status == 0, "\(login.stderr)")
        let credentials = sandbox.credentialStore().url
        #expect(credentials.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path)
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
        let fileMode = try FileManager.default.attributesOfItem(atPath: credentials.path)[.posixPermissions] as? Int
        #expect(folderMode == 0o700, "folder mode \(String(folderMode ?? -1, radix: 8))")
        #expect(fileMode == 0o600, "file mode \(String(fileMode ?? -1, radix: 8))")
    }

    @Test("whoami, login, pass and feedback --list with no store say to sync, and create no store")
    func accountCommandsCreateNoStore() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let commands: [(arguments: [String], stdin: String?)] = [
            (["whoami"], nil),
            (["login", "--username", "ada", "--password-stdin"], Self.password + "\n"),
            (["pass"], nil),
            (["feedback", "--list"], nil),
        ]
        // WWDC_DB names the file; unset (empty), the XDG data folder's is used.
        for database in [sandbox.database.path, ""] {
            for (arguments, stdin) in commands {
                let result = try await sandbox.run(arguments, environment: ["WWDC_DB": database], stdin: stdin)
                let label = arguments.joined(separator: " ") + (database.isEmpty ? " (XDG)" : "")
                #expect(result.status == 1, "\(label): \(result.stderr)")
                #expect(result.errorLines.count == 1, "\(label): \(result.stderr)")
                #expect(result.stderr.contains("wwdc sync"), "\(label): \(result.stderr)")
            }
        }
        var stores: [String] = []
        let enumerator = FileManager.default.enumerator(at: sandbox.directory.url, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if url.lastPathComponent.contains("sqlite") { stores.append(url.path) }
        }
        #expect(stores.isEmpty, "created: \(stores)")
    }
}
