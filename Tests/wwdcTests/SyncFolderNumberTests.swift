import ConferenceModel
import Foundation
import SQLiteDatabase
import TestSupport
import TestTraits
import Testing

/// Numbers another machine wrote in the sync folder, at the edge of what JSON can write: a position
/// or a bookmark's time of 1e300 is unusable where the journal is read (skipped and reported, the
/// item's earlier change used), and `watch` never traps on one, even when a store an older wwdc
/// filled holds it.
@Suite("sync folder: huge numbers from another machine", .offThePool)
struct SyncFolderNumberTests {
    /// A journal line of machine `other`, its clock `wall` milliseconds and `value` as written.
    static func line(wall: Int, kind: String, key: String, value: String, at: String = "1700000000") -> String {
        let clock = String(repeating: "0", count: 18 - String(wall).count) + String(wall) + "-000000-other"
        return #"{"at":\#(at),"clock":"\#(clock)","key":"\#(key)","kind":"\#(kind)","value":\#(value)}"# + "\n"
    }

    /// Another machine's journal: session 202's progress and a bookmark, each set first to a usable
    /// moment, then to 1e300; and a change dated 1e300.
    static let journal = #"{"format":1,"machine":"other","wwdc":"journal"}"# + "\n"
        + line(wall: 1_700_000_000_000, kind: "progress", key: "wwdc2026-202", value: #""{\"duration\":2460,\"position\":75,\"watched\":false}""#)
        + line(wall: 1_700_000_001_000, kind: "bookmark", key: "b-far",
               value: #""{\"created\":1700000000,\"note\":\"near\",\"session\":\"wwdc2026-202\",\"time\":60}""#)
        + line(wall: 1_700_000_002_000, kind: "progress", key: "wwdc2026-202", value: #""{\"duration\":2460,\"position\":1e300,\"watched\":false}""#)
        + line(wall: 1_700_000_003_000, kind: "bookmark", key: "b-far",
               value: #""{\"created\":1700000000,\"note\":\"far\",\"session\":\"wwdc2026-202\",\"time\":1e300}""#)
        + line(wall: 1_700_000_004_000, kind: "note", key: "wwdc2026-202", value: #""{\"text\":\"from the future\"}""#, at: "1e300")

    @Test("a journal with 1e300 as a position and a bookmark's time: sync says they were skipped; watch and watch --bookmark play from the earlier values")
    func hugeNumbersSkipped() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let shared = store.sandbox.directory.path("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try Self.journal.write(to: shared.appendingPathComponent("other.journal"), atomically: true, encoding: .utf8)

        let sync = try await store.run(["sync", "--sync-folder", shared.path])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stderr.contains("2 received from 1 machine"), "\(sync.stderr)")
        // The damaged line is damage; the values out of range are unusable, skipped, and said so.
        #expect(sync.stderr.contains("; damaged, read up to the damage: other.journal: 1 unreadable line skipped; skipped as unusable: 2 changes with an unusable value."),
                "\(sync.stderr)")

        let mpv = try await RecordingPlayer("mpv", in: store.sandbox.directory, socket: .placeholder)
        let url = try WatchCommandTests.streamURL(202)
        let resumed = try await store.run(["watch", "202"], environment: ["WWDC_PLAYER": mpv.script.path])
        #expect(resumed.status == 0 && !resumed.signalled, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("Resuming at 1:15"), "\(resumed.stderr)")
        #expect(mpv.arguments == ["--start=75", "--input-ipc-server=<socket>", "--", url])

        let marked = try await store.run(["watch", "202", "--bookmark", "1"], environment: ["WWDC_PLAYER": mpv.script.path])
        #expect(marked.status == 0 && !marked.signalled, "\(marked.stderr)")
        #expect(mpv.arguments == ["--start=60", "--input-ipc-server=<socket>", "--", url])
        let session = try await store.run(["session", "202"])
        #expect(!session.stdout.contains("from the future"), "\(session.stdout)")
    }

    @Test("a store an older wwdc filled with 1e300 (a position, a bookmark's time): watch starts the player at the end of a video's range, never traps")
    func olderStore() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        #expect(try await store.run(["bookmark", "add", "202", "--at", "0:20"]).status == 0)
        let mpv = try await RecordingPlayer("mpv", in: store.sandbox.directory, socket: .placeholder)
        let database = try Database(path: store.sandbox.database.path)
        try database.execute("UPDATE bookmarks SET time = 1e300")
        try database.execute("INSERT OR REPLACE INTO watch_progress (session_id, position, duration, watched, updated_at) VALUES ('wwdc2026-202', 1e300, NULL, 0, 1700000000)")
        database.close()

        let url = try WatchCommandTests.streamURL(202)
        let resumed = try await store.run(["watch", "202"], environment: ["WWDC_PLAYER": mpv.script.path])
        #expect(resumed.status == 0 && !resumed.signalled, "\(resumed.stderr)")
        #expect(mpv.arguments == ["--start=\(Int(FeedRange.videoSeconds.upperBound))", "--input-ipc-server=<socket>", "--", url])
        let marked = try await store.run(["watch", "202", "--bookmark", "1"], environment: ["WWDC_PLAYER": mpv.script.path])
        #expect(marked.status == 0 && !marked.signalled, "\(marked.stderr)")
        #expect(mpv.arguments == ["--start=\(Int(FeedRange.videoSeconds.upperBound))", "--input-ipc-server=<socket>", "--", url])
    }
}
