import ConferenceData
import Foundation
import TestSupport
import TestTraits
import Testing

/// The small words a new user reads: a zone named once, a sync that received changes not called
/// one where nothing changed, a wait in hours and minutes, and every way out named when the sample
/// conference is missing.
@Suite("output: the small words", .offThePool)
struct SmallWordsTests {
    @Test("whatsnew names a zone that is only its offset once: (local time, UTC); a named zone with its offset")
    func zoneNamedOnce() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        try ConferenceStore(path: store.sandbox.database.path).write { db in
            try db.execute("INSERT INTO whats_new (kind, position, item_id, title) VALUES ('videos', 0, 'wwdc2026-101', 'Keynote')")
            try db.execute("INSERT INTO settings (key, value) VALUES ('whats_new_at', '1780938000')")
        }
        let utc = try await store.run(["whatsnew"])
        #expect(utc.status == 0, "\(utc.stderr)")
        #expect(utc.stdout.hasPrefix("New in the sync of Mon Jun 8 17:00 (local time, UTC)\n"), "\(utc.stdout)")
        let tokyo = try await store.run(["whatsnew"], environment: ["TZ": "Asia/Tokyo"])
        #expect(tokyo.stdout.hasPrefix("New in the sync of Tue Jun 9 02:00 (local time, JST, UTC+09:00)\n"), "\(tokyo.stdout)")
        let listing = try await store.run(["schedule", "--day", "mon", "--local", "--limit", "1"])
        #expect(listing.stdout.hasPrefix("Monday, June 8, 2026 (local time, UTC)\n"), "\(listing.stdout)")
    }

    @Test("a sync that received changes from another machine, and nothing from the feeds, says nothing else changed")
    func nothingElseChanged() async throws {
        let a = try await BrowseSandbox.synced()
        let b = try await BrowseSandbox.synced()
        defer { a.remove(); b.remove() }
        let shared = try SyncFolderCommandTests.folder(in: a)
        #expect(try await a.run(["favorite", "add", "101"], environment: ["WWDC_SYNC_FOLDER": shared]).status == 0)
        #expect(try await a.run(["watched", "102"], environment: ["WWDC_SYNC_FOLDER": shared]).status == 0)
        let sync = try await b.run(["sync", "--sync-folder", shared])
        #expect(sync.status == 0, "\(sync.stderr)")
        let lines = sync.stderr.split(separator: "\n").map(String.init)
        let folder = try #require(lines.firstIndex(of: "Sync folder: 0 changes sent, 2 received from 1 machine."), "\(sync.stderr)")
        let summary = try #require(lines.dropFirst(folder + 1).first, "\(sync.stderr)")
        #expect(summary.hasPrefix("Synced from "), "\(sync.stderr)")
        #expect(summary.hasSuffix(", nothing else changed."), "\(summary)")
        // Nothing received: nothing changed.
        let again = try await b.run(["sync", "--sync-folder", shared])
        #expect(again.stderr.contains(", nothing changed."), "\(again.stderr)")
    }

    @Test("remind says a wait of an hour or more in hours and minutes")
    func hoursAndMinutes() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        try store.favorite(["wwdc2026-211"])
        // 211 starts at 13:00: 90 minutes after 11:30.
        let environment = ["WWDC_NOW": "2026-06-10T11:30:00-07:00"]
        let text = try await store.run(["remind", "--within", "2h"], environment: environment)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout == "13:00\tin 1 h 30 min\tHall C\twwdc watch 211\tWhat's new in Swift Testing\n", "\(text.stdout)")
        let hour = try await store.run(["remind", "--within", "2h"], environment: ["WWDC_NOW": "2026-06-10T12:00:00-07:00"])
        #expect(hour.stdout.contains("\tin 1 h\t"), "\(hour.stdout)")
    }

    @Test("a copied binary without its sample names --source apple, --source DIR and --source URL, and reinstalling")
    func copiedBinary() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let bin = sandbox.directory.path("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let copy = bin.appendingPathComponent("wwdc")
        try FileManager.default.copyItem(at: CommandRunner.wwdc.resolvingSymlinksInPath(), to: copy)
        let result = try await CommandRunner.run(copy, ["sync"], environment: sandbox.environment())
        #expect(result.status == 1)
        #expect(result.stderr.contains("Error: no source given and the bundled sample conference is missing"), "\(result.stderr)")
        let hint = result.stderr.split(separator: "\n").first { $0.hasPrefix("Hint:") } ?? ""
        for words in ["--source apple", "--source DIR", "--source URL", "WWDC_SOURCE", "reinstall wwdc"] {
            #expect(hint.contains(words), "\(words) not in \(hint)")
        }
    }
}
