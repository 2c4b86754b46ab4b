#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport
import TestTraits
import Testing

/// `wwdc watch --at`: each known player gets its own start option, before `--` and the URL; a player
/// without one still plays, and the time is printed. The players are scripts named like the real
/// ones that write their arguments, one a line, and end at once.
@Suite("browsing: watch --at", .offThePool)
struct WatchAtTests {
    @Test("mpv --start, vlc --start-time, ffplay -ss: before the URL (and its '--'), after WWDC_PLAYER's options")
    func knownPlayers() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let url = try WatchCommandTests.streamURL(202)
        let expected: [(String, [String])] = [
            ("mpv", ["--start=754", "--input-ipc-server=<socket>", "--", url]),
            ("vlc", ["--start-time=754", "--", url]),
            ("ffplay", ["-ss", "754", url]),
        ]
        for (name, arguments) in expected {
            let player = try await RecordingPlayer(name, in: store.sandbox.directory, socket: .placeholder)
            let result = try await store.run(["watch", "202", "--at", "12:34"], environment: ["WWDC_PLAYER": player.script.path])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(player.arguments == arguments, "\(name)")
            #expect(result.stderr.contains("Playing wwdc2026-202 “Meet Xcode” from 12:34 in "), "\(name): \(result.stderr)")
            #expect(!result.stderr.contains("by hand"), "\(name)")
        }
        // WWDC_PLAYER's own options first; the seconds as given, in any of the forms.
        let mpv = try await RecordingPlayer("mpv", in: store.sandbox.directory, socket: .placeholder)
        let result = try await store.run(["watch", "202", "--at", "1:02:03"], environment: ["WWDC_PLAYER": "'\(mpv.script.path)' --fs"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(mpv.arguments == ["--fs", "--start=3723", "--input-ipc-server=<socket>", "--", url])
        // The socket's private folder is gone once the player has ended.
        let folder = try #require(mpv.socketFolder)
        #expect(folder.contains("/wwdc-player."), "\(folder)")
        #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) was removed")
        // Without --at, no start option.
        _ = try await store.run(["watch", "202"], environment: ["WWDC_PLAYER": mpv.script.path])
        #expect(mpv.arguments == ["--input-ipc-server=<socket>", "--", url])
    }

    @Test("a player without a known start option plays from the beginning, and the time is printed; --print-url too")
    func otherPlayers() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let url = try WatchCommandTests.streamURL(202)
        let other = try await RecordingPlayer("myplayer", in: store.sandbox.directory, socket: .placeholder)
        let result = try await store.run(["watch", "202", "--at", "754"], environment: ["WWDC_PLAYER": other.script.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(other.arguments == [url], "nothing it might misread")
        #expect(result.stderr.contains("start at 12:34 by hand"), "\(result.stderr)")

        let printed = try await store.run(["watch", "202", "--at", "12:34", "--print-url"], environment: ["WWDC_PLAYER": other.script.path])
        #expect(printed.status == 0)
        #expect(printed.stdout == url + "\n", "stdout stays the URL alone")
        #expect(printed.stderr == "Start at 12:34.\n")

        let bad = try await store.run(["watch", "202", "--at", "-5"])
        #expect(bad.status == 64)
        let worse = try await store.run(["watch", "202", "--at", "1:60"])
        #expect(worse.status == 64)
        #expect(worse.errorLines.first?.hasPrefix("Error: Invalid value '1:60' for '--at'") == true, "\(worse.stderr)")
    }
}
