import ConferenceSync
import Foundation
import SQLiteDatabase
import TestSupport
import TestTraits
import Testing

/// The conference's errors carry facts in words that name no command line; wwdc words them where the
/// way out is one of its commands, flags or variables. Each line here is one of those, as printed.
@Suite("errors: the ways out named in wwdc's words", .offThePool)
struct CommandLineWordsTests {
    @Test("a store wwdc cannot use: the hint names --db and WWDC_DB")
    func storeHints() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let path = sandbox.database.path
        try Data("notes\n".utf8).write(to: sandbox.database)
        let notes = try await sandbox.run(["schedule"])
        #expect(notes.status == 1)
        #expect(notes.stderr == "Error: \(path) is not a wwdc store (file is not a database)\n"
                + "Hint: \(path) exists but is not a SQLite database; wwdc leaves it untouched. Move it aside, or choose another file with --db or WWDC_DB.\n")

        try FileManager.default.removeItem(at: sandbox.database)
        try Database(path: path).execute(sql: "PRAGMA user_version = 99")
        let newer = try await sandbox.run(["schedule"])
        #expect(newer.status == 1)
        #expect(newer.stderr.hasSuffix("\nHint: Upgrade wwdc, or choose another database file with --db or WWDC_DB; the file was left untouched.\n"),
                "\(newer.stderr)")

        let blocker = sandbox.directory.path("blocker").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let blocked = try await sandbox.run(["sync"], environment: ["WWDC_DB": blocker + "/wwdc.sqlite"])
        #expect(blocked.status == 1)
        #expect(blocked.stderr == "Error: cannot open the store \(blocker) (\(blocker) exists and is not a folder)\n"
                + "Hint: Move \(blocker) aside, or choose another database file with --db or WWDC_DB.\n")

        let fresh = try Sandbox()
        defer { fresh.remove() }
        let empty = try await fresh.run(["schedule"])
        #expect(empty.stderr == "Error: the store is empty\nHint: Run 'wwdc sync' first.\n")
    }

    @Test("sync: --no-wait while another sync runs, and a source that is none, name the flag and the variable")
    func syncHints() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let lock = SyncLock(databasePath: sandbox.database.path)
        try lock.lock(wait: false)
        let busy = try await sandbox.run(["sync", "--no-wait"])
        lock.unlock()
        #expect(busy.status == 1)
        #expect(busy.stderr == "Error: another wwdc sync is running on this store (lock \(lock.path))\n"
                + "Hint: Wait for it to finish, or run without --no-wait to wait for it.\n")

        let nowhere = sandbox.directory.path("nowhere").path
        let none = try await sandbox.run(["sync"], environment: ["WWDC_SOURCE": nowhere])
        #expect(none.status == 1)
        #expect(none.stderr == "Error: WWDC_SOURCE is '\(nowhere)': \(nowhere) is not a source: neither an http(s) URL nor a folder\n"
                + "Hint: Change WWDC_SOURCE, or unset it.\n")
        let flagged = try await sandbox.run(["sync", "--source", nowhere])
        #expect(flagged.status == 64)
        #expect(flagged.stderr.contains("Give an http(s) URL or the path of a folder holding config.json (--source or WWDC_SOURCE)."), "\(flagged.stderr)")
    }

    @Test("accounts, the player and downloads: the hint names the command or the variable")
    func commandHints() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let whoami = try await store.run(["whoami"])
        #expect(whoami.status == 1)
        #expect(whoami.stderr == "Error: accounts are not available from this source (its config names no account service)\n"
                + "Hint: Sync from a server that offers accounts (wwdc sync --source URL).\n")

        let watch = try await store.run(["watch", "101"], environment: ["WWDC_PLAYER": "no-such-player --fs"])
        #expect(watch.status == 1)
        #expect(watch.stderr == "Error: the player 'no-such-player --fs' (WWDC_PLAYER) was not found\n"
                + "Hint: Install it, or set WWDC_PLAYER to a player on your PATH (mpv, vlc, ffplay).\n")

        // A lab has no video file: nothing is fetched.
        let download = try await store.run(["download", "8001"])
        #expect(download.status == 1)
        #expect(download.stderr == "Error: wwdc2026-8001 has no HD video file\n"
                + "Hint: 'wwdc session <id>' shows the session's video files; try --quality sd or hd.\n")
    }
}
