#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport
import TestTraits
import Testing

/// `wwdc watch` hands the best stream to the player and only one plays at a
/// time, across processes. The player is a script that records its URL and plays until the test
/// writes to a FIFO: every wait is on an event (a line on stderr, a process exit), never a sleep.
@Suite("browsing: watch", .offThePool)
struct WatchCommandTests {
    /// A player in the sandbox that records its URL, says so on stderr, then blocks reading
    /// `stop.fifo` until the test writes a line to it.
    struct FakePlayer {
        let recording: RecordingPlayer
        let fifo: URL
        /// The player's process group, written when it starts.
        let groupFile: URL

        init(in directory: TemporaryDirectory) async throws {
            groupFile = directory.path("group")
            fifo = directory.path("stop.fifo")
            recording = try await RecordingPlayer(script: directory.path("fake-player.sh"), log: directory.path("urls.log"), then: """
                ps -o pgid= -p $$ | tr -d ' ' > '\(groupFile.path)'
                echo "fake player is playing" >&2
                read line < '\(fifo.path)'
                """)
            #expect(mkfifo(fifo.path, 0o600) == 0)
        }

        var script: URL { recording.script }

        /// Lets the playing player end (blocks until it has opened the FIFO, so off the pool).
        func stop() async throws {
            let path = fifo.path
            try await onThread {
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
                handle.write(Data("stop\n".utf8))
                try handle.close()
            }
        }

        /// The URL each run was given (its first argument).
        var urls: [String] { recording.runs.compactMap(\.first) }
    }

    static func streamURL(_ number: Int) throws -> String {
        let data = try Data(contentsOf: ProjectPaths.fixtures.appendingPathComponent("contents.json"))
        let items = (try JSONSerialization.jsonObject(with: data) as! [String: Any])["contents"] as! [[String: Any]]
        let item = items.first { $0["id"] as? String == "wwdc2026-\(number)" }!
        return (item["media"] as! [String: Any])["hls"] as! String
    }

    @Test("the player gets the stream URL; a second watch is refused while it plays; the lock is released after")
    func oneAtATime() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let player = try await FakePlayer(in: store.sandbox.directory)
        let environment = ["WWDC_PLAYER": player.script.path, "WWDC_NOW": BrowseSandbox.now]

        let first = try store.sandbox.start(["watch", "101"], environment: environment)
        #expect(await first.stderr(contains: "fake player is playing"), "the player started: \(first.stderrSoFar)")
        #expect(first.stderrSoFar.contains("Playing wwdc2026-101 “Keynote”"))
        // In wwdc's own process group: on a terminal it is in the foreground, gets the keys and Ctrl-C.
        let group = try String(contentsOf: player.groupFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(group == String(getpgid(first.pid)), "the player runs in process group \(group)")

        let second = try await store.sandbox.run(["watch", "102"], environment: environment)
        #expect(second.status == 1)
        #expect(second.errorLines == ["Error: another 'wwdc watch' is playing (process \(first.pid))"], "\(second.stderr)")
        #expect(second.stderr.contains("Hint: Close that player first"))
        #expect(player.urls == [try Self.streamURL(101)], "the refused watch never started a player")

        try await player.stop()
        let finished = await first.finished()
        #expect(finished.status == 0, "\(finished.stderr)")

        // The observer released the lock when the player's operation finished: a new watch plays.
        let third = try store.sandbox.start(["watch", "wwdc2026-102"], environment: environment)
        #expect(await third.stderr(contains: "fake player is playing"))
        try await player.stop()
        #expect(await third.finished().status == 0)
        #expect(player.urls == [try Self.streamURL(101), try Self.streamURL(102)])
    }

    @Test("a player's failure is reported; during the keynote the live stream is chosen; no player: the URL is printed")
    func outcomes() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let failed = try await store.run(["watch", "101"], environment: ["WWDC_PLAYER": "false"])
        #expect(failed.status == 1)
        #expect(failed.errorLines == ["Error: the player 'false' exited with status 1"], "\(failed.stderr)")

        let live = try await store.run(["watch", "101", "--print-url"], environment: ["WWDC_NOW": "2026-06-08T11:00:00-07:00"])
        #expect(live.stdout == "https://devstreaming.example.com/videos/wwdc/2026/live/8d54138c0f9def6a/hls_mvp.m3u8\n")

        let emptyPath = store.sandbox.directory.path("no-players")
        try FileManager.default.createDirectory(at: emptyPath, withIntermediateDirectories: true)
        let none = try await store.run(["watch", "302"], environment: ["PATH": emptyPath.path])
        #expect(none.status == 0)
        #expect(none.stdout == (try Self.streamURL(302)) + "\n")
        #expect(none.stderr.contains("No player found"))

        let lab = try await store.run(["watch", "8001"])
        #expect(lab.status == 1)
        #expect(lab.errorLines == ["Error: wwdc2026-8001 has no video"])
    }
}
