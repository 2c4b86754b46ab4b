import ConferenceData
import Foundation
import TestSupport
import TestTraits
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The outbox under races between processes, and authorization on every upload path: the built
/// binary against the reference server, whose held requests put the races in the order each test
/// wants (no sleeps).
@Suite("the outbox across processes", .offThePool)
struct OutboxRaceTests {
    static let password = Sandbox.adaPassword
    static let waitingMarker = "Waiting for another wwdc to finish uploading"

    private func synced(loggedInAs username: String? = "ada", password: String = OutboxRaceTests.password) async throws -> (Sandbox, ReferenceServer) {
        let (sandbox, server) = try await Sandbox.synced()
        if let username {
            let login = try await sandbox.login(as: username, password: password)
            #expect(login.status == 0, "\(login.stderr)")
        }
        return (sandbox, server)
    }

    private func serverFavorites(_ server: ReferenceServer, of user: String = "ada") async throws -> [String] {
        try await server.favorites(of: user)
    }

    private func localFavorites(_ sandbox: Sandbox) throws -> [String: String] {
        try sandbox.localFavorites()
    }

    /// The uploads the service carried out: `PUT`/`DELETE` of a favorite answered 204, by session.
    private func favoriteUploads(_ server: ReferenceServer) async throws -> [String: Int] {
        var uploads: [String: Int] = [:]
        for entry in try await server.log() {
            guard let method = entry["method"] as? String, method == "PUT" || method == "DELETE",
                  let path = entry["path"] as? String, path.hasPrefix("/account/favorites/"),
                  entry["status"] as? Int == 204 else { continue }
            uploads["\(method) \(path.dropFirst("/account/favorites/".count))", default: 0] += 1
        }
        return uploads
    }

    private func wait(_ commands: [RunningCommand]) async -> [CommandResult] {
        var results: [CommandResult] = []
        for command in commands { results.append(await command.finished()) }
        return results
    }

    // MARK: Authorization

    @Test("not a registered developer: favorite add is refused, and so is the sync's upload; the service says 403 too")
    func uploadsNeedADeveloperOnEveryPath() async throws {
        let (sandbox, server) = try await synced(loggedInAs: "bob", password: "builder-bob-42")
        defer { sandbox.remove(); server.stop() }
        let add = try await sandbox.run(["favorite", "add", "101"])
        #expect(add.status == 1)
        #expect(add.stderr.contains("bob is not a registered developer"), "\(add.stderr)")

        let sync = try await sandbox.run(["sync", "--json"])
        #expect(sync.status == 0, "\(sync.stderr)")
        let steps = try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [String: Any]
        let uploads = (steps?["steps"] as? [[String: Any]])?.first { $0["step"] as? String == "uploads" }
        #expect(uploads?["status"] as? String == "skipped", "\(sync.stdout)")
        #expect((uploads?["detail"] as? String)?.contains("not a registered developer") == true, "\(sync.stdout)")

        // Nothing was sent: the condition refused before any upload, on both paths.
        #expect(try await favoriteUploads(server).isEmpty)
        let attempts = try await server.log().filter { ($0["path"] as? String)?.hasPrefix("/account/favorites/") == true }
        #expect(attempts.isEmpty, "\(attempts)")
        #expect(try await serverFavorites(server, of: "bob").isEmpty)
        let kept = try ConferenceStore(path: sandbox.database.path).read { try $0.outbox() }
        #expect(kept.map(\.sessionID) == ["wwdc2026-101"], "the change stays here, pending")

        // The service enforces it as well, for a client that skips the check.
        let token = try await Self.token(server, username: "bob", password: "builder-bob-42")
        var put = URLRequest(url: server.url("/account/favorites/wwdc2026-101"))
        put.httpMethod = "PUT"
        put.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (_, response) = try await URLSession.shared.data(for: put)
        #expect((response as? HTTPURLResponse)?.statusCode == 403)
    }

    private static func token(_ server: ReferenceServer, username: String, password: String) async throws -> String {
        let data = try await server.request("POST", "/account/login", json: ["username": username, "password": password])
        return try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["token"] as? String)
    }

    // MARK: Races

    @Test("a slow favorite add, then a remove in another terminal: the remove wins, here and on the service")
    func laterRemoveWinsOverSlowerAdd() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let hold = try await server.hold("/account/favorites/*", method: "PUT")
        let add = try sandbox.start(["favorite", "add", "101"])
        try await server.waitForHeld(hold)
        // The add's upload is on the wire; the remove is made here and waits for it.
        let remove = try sandbox.start(["favorite", "remove", "101"])
        #expect(await remove.stderr(contains: Self.waitingMarker), "\(remove.stderrSoFar)")
        try await server.release(hold)
        let results = await wait([add, remove])
        for result in results { #expect(result.status == 0, "\(result.stderr)") }

        #expect(try await serverFavorites(server).isEmpty)
        #expect(try localFavorites(sandbox).isEmpty)
        let sync = try await sandbox.run(["sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(try await serverFavorites(server).isEmpty)
        #expect(try localFavorites(sandbox).isEmpty, "the sync brings nothing back")
    }

    @Test("an abandoned favorite add whose upload the service carries out after a later remove's: the remove wins, on the service and after a sync")
    func laterRemoveWinsOverAbandonedAdd() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        // The add's upload reaches the service and waits there, unprocessed; the add is given up on.
        let hold = try await server.hold("/account/favorites/*", method: "PUT")
        let add = try sandbox.start(["favorite", "add", "101"])
        try await server.waitForHeld(hold)
        add.signal(SIGINT)
        let added = await add.finished()
        #expect(added.status == 130, "\(added.stderr)")
        // The later change is made and uploaded while the add's request is still on the service.
        let remove = try await sandbox.run(["favorite", "remove", "101"])
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(try localFavorites(sandbox).isEmpty)
        // Then the service gets to the stale add.
        try await server.release(hold)
        try await server.waitForAnswered(hold)
        #expect(try await serverFavorites(server).isEmpty, "the stale add landed after the remove")
        let sync = try await sandbox.run(["sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(try localFavorites(sandbox).isEmpty, "the sync brought the favorite back")
        #expect(try await serverFavorites(server).isEmpty)
        #expect(try ConferenceStore(path: sandbox.database.path).read { try $0.outbox() }.isEmpty)
    }

    @Test("a store put back from a backup (its change counter behind what the service saw of it): its next change still wins")
    func storeBehindTheServiceStillWins() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let first = try await sandbox.run(["favorite", "add", "102"])
        #expect(first.status == 0, "\(first.stderr)")
        let files = ["", "-wal", "-shm"].map { sandbox.database.path + $0 }
        let backups = files.map { $0 + ".backup" }
        for (file, backup) in zip(files, backups) where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.copyItem(atPath: file, toPath: backup)
        }
        for arguments in [["favorite", "add", "101"], ["favorite", "remove", "101"]] {
            let result = try await sandbox.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try await serverFavorites(server) == ["wwdc2026-102"])
        // The backup put back: its counter is behind the versions the service has of this store.
        for (file, backup) in zip(files, backups) {
            try? FileManager.default.removeItem(atPath: file)
            if FileManager.default.fileExists(atPath: backup) { try FileManager.default.moveItem(atPath: backup, toPath: file) }
        }
        let again = try await sandbox.run(["favorite", "add", "101"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try await serverFavorites(server) == ["wwdc2026-101", "wwdc2026-102"])
        #expect(try localFavorites(sandbox) == ["wwdc2026-101": "synced", "wwdc2026-102": "synced"])
        // Refused once as stale, then sent again above the service's version.
        let writes = try await server.log().filter { $0["method"] as? String == "PUT" && $0["path"] as? String == "/account/favorites/wwdc2026-101" }
        #expect(writes.map { $0["status"] as? Int } == [204, 409, 204], "\(writes)")
    }

    @Test("a sync whose favorites list was fetched before another process uploaded a change leaves that change alone")
    func syncMergeNeverUndoesNewerChanges() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let first = try await sandbox.run(["favorite", "add", "101"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try await serverFavorites(server) == ["wwdc2026-101"])

        // The sync's list is made with 101 on it, and reaches the sync only after another command
        // removed 101 and added 102, both uploaded.
        let hold = try await server.hold("/account/favorites", method: "GET", answer: true)
        let sync = try sandbox.start(["sync"])
        try await server.waitForHeld(hold)
        let remove = try await sandbox.run(["favorite", "remove", "101"])
        #expect(remove.status == 0, "\(remove.stderr)")
        let add = try await sandbox.run(["favorite", "add", "102"])
        #expect(add.status == 0, "\(add.stderr)")
        try await server.release(hold)
        let result = await sync.finished()
        #expect(result.status == 0, "\(result.stderr)")

        #expect(try localFavorites(sandbox) == ["wwdc2026-102": "synced"])
        #expect(try await serverFavorites(server) == ["wwdc2026-102"])
    }

    @Test("8 processes at once: every change uploaded exactly once, whichever process sends it")
    func eightProcessesUploadEachChangeOnce() async throws {
        let (sandbox, server) = try await synced()
        defer { sandbox.remove(); server.stop() }
        let ids = (101...108).map(String.init)

        // The first upload is held: the 7 others arrive while it is on the wire and wait for it.
        let hold = try await server.hold("/account/favorites/*", method: "PUT")
        let first = try sandbox.start(["favorite", "add", ids[0]])
        try await server.waitForHeld(hold)
        var others: [RunningCommand] = []
        for id in ids.dropFirst() { others.append(try sandbox.start(["favorite", "add", id])) }
        for other in others { #expect(await other.stderr(contains: Self.waitingMarker), "\(other.stderrSoFar)") }
        try await server.release(hold)
        for result in await wait([first] + others) { #expect(result.status == 0, "\(result.stderr)") }

        // 8 removals left pending (the service unreachable), then 8 syncs at once upload them.
        try await server.fault("/account/favorites/*", "drop")
        for id in ids {
            let remove = try await sandbox.run(["favorite", "remove", id])
            #expect(remove.status == 0, "\(remove.stderr)")
        }
        try await server.clearFaults()
        var syncs: [RunningCommand] = []
        for _ in ids { syncs.append(try sandbox.start(["sync"])) }
        for result in await wait(syncs) { #expect(result.status == 0, "\(result.stderr)") }

        let uploads = try await favoriteUploads(server)
        let expected = Dictionary(uniqueKeysWithValues: ids.flatMap { ["PUT wwdc2026-\($0)", "DELETE wwdc2026-\($0)"] }.map { ($0, 1) })
        #expect(uploads == expected, "16 changes, each sent once")
        #expect(try await serverFavorites(server).isEmpty)
        #expect(try localFavorites(sandbox).isEmpty)
        #expect(try ConferenceStore(path: sandbox.database.path).read { try $0.outbox() }.isEmpty)
    }

    // MARK: Interruption

    /// Whether the hold still holds its request, unreleased.
    private static func isHolding(_ server: ReferenceServer, _ hold: Int) async throws -> Bool {
        let holds = try JSONSerialization.jsonObject(with: try await server.request("GET", "/_control/holds")) as? [String: Any]
        let ours = (holds?["holds"] as? [[String: Any]])?.first { $0["id"] as? Int == hold }
        return ours?["released"] as? Bool == false && ours?["waiting"] as? Int == 1
    }

    /// Where a `favorite add` is when Ctrl-C comes: its upload (logged in) or its login (not yet).
    enum HeldAt: String, CaseIterable, Sendable {
        case upload, login
    }

    @Test("Ctrl-C during a held account request: exit 130 at once (the request still held), the change pending, 'interrupted'",
          arguments: HeldAt.allCases)
    func interruptDuringAccountRequest(_ heldAt: HeldAt) async throws {
        let (sandbox, server) = try await synced(loggedInAs: heldAt == .upload ? "ada" : nil)
        defer { sandbox.remove(); server.stop() }
        let hold = heldAt == .upload ? try await server.hold("/account/favorites/*", method: "PUT")
            : try await server.hold("/account/login", method: "POST")
        let add = heldAt == .upload ? try sandbox.start(["favorite", "add", "101"])
            : try sandbox.start(["favorite", "add", "101", "--username", "ada", "--password-stdin"], stdin: Self.password + "\n")
        try await server.waitForHeld(hold)
        add.signal(SIGINT)
        let result = await add.finished()
        // The exit came while the service still held the request: nothing waited for it.
        #expect(try await Self.isHolding(server, hold), "the exit waited for the service")
        #expect(result.status == 130, "\(result.stderr)")
        #expect(result.stderr.contains("Interrupted"), "\(result.stderr)")
        #expect(!result.stderr.contains("login cancelled"), "\(result.stderr)")
        #expect(try localFavorites(sandbox) == ["wwdc2026-101": "pending"])
        try await server.release(hold)
    }
}
