import Foundation
import TestSupport
import TestTraits
import Testing

/// A new sync folder, or a new machine, gets the past: the first sync with a folder sends the whole
/// personal state; a change of folder is said; `favorite list` never says "in the sync folder" for
/// what never went there; a fresh empty git remote takes the first push.
@Suite("sync folder: a new folder gets the whole state", .offThePool)
struct SyncFolderNewFolderTests {
    static func folder(_ store: BrowseSandbox, _ name: String) throws -> String {
        let path = store.sandbox.directory.path(name).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func git(_ arguments: [String], in directory: String, _ store: BrowseSandbox) throws -> CommandResult {
        let home = store.sandbox.directory.url.path
        return try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", directory] + arguments,
                                     environment: ["HOME": home, "XDG_CONFIG_HOME": home + "/config", "GIT_CONFIG_NOSYSTEM": "1"])
    }

    /// A's favorite, watched mark, bookmark, note and rating, made and sent through `folder`: five changes with clocks.
    static func makeThePast(_ a: BrowseSandbox, folder: String) async throws {
        let environment = ["WWDC_SYNC_FOLDER": folder]
        for command in [["favorite", "add", "101"], ["watched", "102"], ["bookmark", "add", "103", "--at", "1:00", "--note", "from a"],
                        ["note", "104", "a's note"], ["feedback", "101", "--rating", "4", "--comment", "From A"]] {
            let result = try await a.run(command, environment: environment)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        #expect(try await a.run(["sync"], environment: environment).status == 0)
    }

    /// Whether `b` holds A's past.
    static func expectThePast(_ b: BrowseSandbox, folder: String) async throws {
        let environment = ["WWDC_SYNC_FOLDER": folder]
        #expect(try await b.ids(["favorite", "list"], environment: environment) == ["wwdc2026-101"])
        #expect(try await b.ids(["videos", "--watched"], environment: environment) == ["wwdc2026-102"])
        #expect(try await b.run(["bookmark", "list", "103"], environment: environment).stdout.contains("from a"))
        #expect(try await b.run(["session", "104"], environment: environment).stdout.contains("a's note"))
        #expect(try await b.json(["feedback", "--list"], environment: environment).map { $0["comment"] as? String } == ["From A"])
    }

    @Test("switching to a new plain folder: the whole state goes, the summary says the folder changed, favorite list says waiting until then; a new machine gets the past")
    func newPlainFolder() async throws {
        let a = try await BrowseSandbox.synced()
        let b = try await BrowseSandbox.synced()
        defer { a.remove(); b.remove() }
        let old = try Self.folder(a, "old")
        let new = try Self.folder(a, "new")
        try await Self.makeThePast(a, folder: old)

        // Before the first sync with the new folder, nothing is in it.
        let before = try await a.run(["favorite", "list"], environment: ["WWDC_SYNC_FOLDER": new])
        #expect(before.stdout.contains("waiting for the sync folder") && !before.stdout.contains("in the sync folder"), "\(before.stdout)")
        let sync = try await a.run(["sync", "--sync-folder", new, "--json"])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stderr.contains("Sync folder: 5 changes sent (the whole state: a new folder; the last was \(old)), 0 received."), "\(sync.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [String: Any])
        let counts = try #require(summary["syncFolder"] as? [String: Any])
        #expect(counts["sent"] as? Int == 5 && counts["newFolder"] as? Bool == true && counts["previousFolder"] as? String == old, "\(counts)")
        let after = try await a.run(["favorite", "list"], environment: ["WWDC_SYNC_FOLDER": new])
        #expect(after.stdout.contains("in the sync folder"), "\(after.stdout)")
        // The next sync sends nothing more and says nothing of a new folder.
        let again = try await a.run(["sync", "--sync-folder", new])
        #expect(again.stderr.contains("Sync folder: 0 changes sent, 0 received."), "\(again.stderr)")

        #expect(try await b.run(["sync", "--sync-folder", new]).stderr.contains("5 received from 1 machine"))
        try await Self.expectThePast(b, folder: new)
    }

    @Test("git: a fresh empty bare remote takes the first push of a machine whose past went elsewhere; a third machine cloning it gets the past")
    func freshGitRemote() async throws {
        let a = try await BrowseSandbox.synced()
        let c = try await BrowseSandbox.synced()
        let d = try await BrowseSandbox.synced()
        defer { a.remove(); c.remove(); d.remove() }
        let plain = try Self.folder(a, "plain")
        try await Self.makeThePast(a, folder: plain)
        let root = a.sandbox.directory.url.path
        #expect(try Self.git(["init", "--quiet", "--bare", root + "/remote.git"], in: root, a).status == 0)
        #expect(try Self.git(["clone", "--quiet", root + "/remote.git", root + "/clone-a"], in: root, a).status == 0)

        let sync = try await a.run(["sync", "--sync-folder", root + "/clone-a"])
        #expect(sync.status == 0 && sync.stderr.contains("Sync folder: 5 changes sent (the whole state: a new folder; the last was \(plain))"),
                "\(sync.stderr)")
        let log = try Self.git(["log", "--format=%s"], in: root + "/remote.git", a)
        #expect(log.stdout.contains("wwdc: changes of machine"), "pushed: \(log.stdout)\(log.stderr)")

        // A third machine clones the remote and syncs: it gets what was made before the remote existed.
        let cloneC = c.sandbox.directory.path("clone-c").path
        #expect(try Self.git(["clone", "--quiet", root + "/remote.git", cloneC], in: root, c).status == 0)
        let third = try await c.run(["sync", "--sync-folder", cloneC])
        #expect(third.stderr.contains("5 received from 1 machine"), "\(third.stderr)")
        try await Self.expectThePast(c, folder: cloneC)

        // A machine with nothing of its own, on a fresh empty remote: nothing to push is no failure.
        let droot = d.sandbox.directory.url.path
        #expect(try Self.git(["init", "--quiet", "--bare", droot + "/empty.git"], in: droot, d).status == 0)
        #expect(try Self.git(["clone", "--quiet", droot + "/empty.git", droot + "/clone-d"], in: droot, d).status == 0)
        let empty = try await d.run(["sync", "--sync-folder", droot + "/clone-d", "--json"])
        #expect(empty.status == 0 && empty.stderr.contains("Sync folder: 0 changes sent, 0 received."), "\(empty.stderr)")
        let counts = try #require((try JSONSerialization.jsonObject(with: Data(empty.stdout.utf8)) as? [String: Any])?["syncFolder"] as? [String: Any])
        #expect(counts["git"] as? Bool == true, "\(counts)")
    }
}
