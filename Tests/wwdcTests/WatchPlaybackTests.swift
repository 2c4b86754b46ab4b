#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport
import TestTraits
import Testing

/// `wwdc watch --speed` and `--quality` as the players get them: scripts named like the real ones
/// that write their arguments, one a line, and end at once.
@Suite("watch: --speed and --quality as players get them", .offThePool)
struct WatchPlaybackOptionsTests {
    @Test("--speed: mpv --speed, vlc --rate, ffplay none (said once); the flag over WWDC_SPEED over the config file's speed; a bad one is a usage error")
    func speed() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let url = try WatchCommandTests.streamURL(202)
        let expected: [(String, [String])] = [
            ("mpv", ["--start=754", "--speed=1.5", "--input-ipc-server=<socket>", "--", url]),
            ("vlc", ["--start-time=754", "--rate=1.5", "--", url]),
            ("ffplay", ["-ss", "754", url]),
        ]
        for (name, arguments) in expected {
            let player = try await RecordingPlayer(name, in: store.sandbox.directory, socket: .placeholder)
            let result = try await store.run(["watch", "202", "--at", "12:34", "--speed", "1.50"], environment: ["WWDC_PLAYER": player.script.path])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(player.arguments == arguments, "\(name)")
            let said = "\(player.script.path) cannot be told a speed: it plays at its own, not at 1.5."
            #expect(result.stderr.components(separatedBy: said).count == (name == "ffplay" ? 2 : 1), "\(name): \(result.stderr)")
        }
        let mpv = try await RecordingPlayer("mpv", in: store.sandbox.directory, socket: .placeholder)
        let player = ["WWDC_PLAYER": mpv.script.path]
        func played(_ arguments: [String], _ environment: [String: String] = [:]) async throws -> [String]? {
            let result = try await store.run(["watch", "202"] + arguments, environment: player.merging(environment) { $1 })
            #expect(result.status == 0, "\(arguments) \(environment): \(result.stderr)")
            #expect(!result.stderr.contains("kept for the next"), "a speed given is not one chosen in the player: \(result.stderr)")
            return mpv.arguments
        }
        #expect(try await played([]) == ["--input-ipc-server=<socket>", "--", url], "no speed: the player's own")
        #expect(try await store.run(["config", "set", "speed", "1.333"]).status == 0)
        let file = try String(contentsOf: store.sandbox.directory.path("config").appendingPathComponent("wwdc/config"), encoding: .utf8)
        #expect(file == "speed = 1.33\n", "written as it is read: to the hundredth")
        #expect(try await played([]) == ["--speed=1.33", "--input-ipc-server=<socket>", "--", url], "the file's")
        #expect(try await played([], ["WWDC_SPEED": "2"]) == ["--speed=2", "--input-ipc-server=<socket>", "--", url], "the environment over the file")
        #expect(try await played(["--speed", "0.75"], ["WWDC_SPEED": "2"]) == ["--speed=0.75", "--input-ipc-server=<socket>", "--", url],
                "the flag over the environment")

        for bad in ["fast", "0", "101", "-1", "1,5"] {
            let refused = try await store.run(["watch", "202", "--speed", bad], environment: player)
            #expect(refused.status == 64, "\(bad): \(refused.stderr)")
            #expect(refused.errorLines.first == "Error: Invalid value '\(bad)' for '--speed': expected a speed from 0.01 to 100, such as 1.5 (1 is normal)",
                    "\(refused.stderr)")
        }
        let badEnvironment = try await store.run(["watch", "202"], environment: player.merging(["WWDC_SPEED": "fast"]) { $1 })
        #expect(badEnvironment.status == 1 && badEnvironment.errorLines.first == "Error: WWDC_SPEED is 'fast': expected a speed from 0.01 to 100, such as 1.5 (1 is normal)",
                "\(badEnvironment.stderr)")
    }

    /// The environment that plays with `player` and no subtitles: the variant's arguments alone
    /// (the stream's subtitles, which read the same playlist, are WatchSubtitlesTests').
    static func withoutSubtitles(_ player: RecordingPlayer) -> [String: String] {
        ["WWDC_PLAYER": player.script.path, "WWDC_SUBTITLES": "off"]
    }

    @Test("--quality of a stream of the reference server: mpv gets --hls-bitrate=<the variant's BANDWIDTH> and the stream, vlc and ffplay the variant's playlist; --print-url prints it")
    func quality() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let printed = try await bench.run(["watch", "302", "--print-url"])
        let stream = printed.stdout.trimmingCharacters(in: .newlines)
        #expect(stream.hasPrefix(bench.server.baseURL.absoluteString) && stream.hasSuffix("/hls_vod_mvp.m3u8"), "\(printed.stderr)")
        let folder = try #require(URL(string: stream)).deletingLastPathComponent().absoluteString
        let variants = ["hd": folder + "avc_1080p_6000/prog_index.m3u8", "sd": folder + "avc_540p_2000/prog_index.m3u8"]
        for (quality, bandwidth, said) in [("hd", 6_000_000, "HD: the stream's variant of 1920×1080, 6.0 Mb/s."),
                                           ("sd", 2_000_000, "SD: the stream's variant of 960×540, 2.0 Mb/s.")] {
            let variant = try #require(variants[quality])
            for (name, arguments) in [("mpv", ["--hls-bitrate=\(bandwidth)", "--input-ipc-server=<socket>", "--", stream]),
                                      ("vlc", ["--", variant]), ("ffplay", [variant])] {
                let player = try await RecordingPlayer(name, in: bench.sandbox.directory, socket: .placeholder)
                let result = try await bench.run(["watch", "302", "--quality", quality], environment: Self.withoutSubtitles(player))
                #expect(result.status == 0, "\(name) \(quality): \(result.stderr)")
                #expect(player.arguments == arguments, "\(name) \(quality)")
                #expect(result.stderr.contains(said), "\(result.stderr)")
            }
            let url = try await bench.run(["watch", "302", "--quality", quality, "--print-url"])
            #expect(url.status == 0 && url.stdout == variant + "\n", "\(url.stderr)")
        }
        let bad = try await bench.run(["watch", "302", "--quality", "4k"])
        #expect(bad.status == 64 && bad.errorLines.first == "Error: Invalid value '4k' for '--quality': expected one of hd, sd", "\(bad.stderr)")
    }

    @Test("--quality: a variant at an address a player may not be given (another scheme, a password in it) is never chosen")
    func hostileVariants() async throws {
        let master = """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=9000000,RESOLUTION=3840x2160
            file:///etc/passwd
            #EXT-X-STREAM-INF:BANDWIDTH=8000000,RESOLUTION=2560x1440
            https://user:secret@example.com/v/prog_index.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=6000000,RESOLUTION=1920x1080
            avc_1080p_6000/prog_index.m3u8

            """
        let url = try #require(URL(string: try WatchCommandTests.streamURL(302)))
        let bench = try await DownloadBench.start { sandbox in
            let feeds = try sandbox.copyOfFixtures()
            let file = feeds.appendingPathComponent(url.path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(master.utf8).write(to: file)
            return feeds
        }
        defer { bench.stop() }
        let stream = try await bench.run(["watch", "302", "--print-url"]).stdout.trimmingCharacters(in: .newlines)
        let variant = try #require(URL(string: stream)).deletingLastPathComponent().absoluteString + "avc_1080p_6000/prog_index.m3u8"
        for (name, arguments) in [("vlc", ["--", variant]), ("mpv", ["--hls-bitrate=6000000", "--input-ipc-server=<socket>", "--", stream])] {
            let player = try await RecordingPlayer(name, in: bench.sandbox.directory, socket: .placeholder)
            let result = try await bench.run(["watch", "302", "--quality", "hd"], environment: Self.withoutSubtitles(player))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(player.arguments == arguments, "\(name)")
            #expect(result.stderr.contains("HD: the stream's variant of 1920×1080, 6.0 Mb/s."), "\(result.stderr)")
            #expect(!result.stderr.contains("secret"), "\(result.stderr)")
        }
    }

    @Test("--quality when the playlist cannot be read or names no variant: the stream plays as it is, and why is said; a video downloaded in the other quality is not played")
    func qualityUnavailable() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let stream = try await bench.run(["watch", "302", "--print-url"]).stdout.trimmingCharacters(in: .newlines)
        let path = try #require(URL(string: stream)?.path)
        let mpv = try await RecordingPlayer("mpv", in: bench.sandbox.directory, socket: .placeholder)
        let player = Self.withoutSubtitles(mpv)
        try await bench.server.fault(path, "status", value: 404, times: 1)
        let missing = try await bench.run(["watch", "302", "--quality", "sd"], environment: player)
        #expect(missing.status == 0, "\(missing.stderr)")
        #expect(mpv.arguments == ["--input-ipc-server=<socket>", "--", stream])
        #expect(missing.stderr.contains("No SD variant chosen (hls_vod_mvp.m3u8: HTTP 404 Not Found from \(stream)): the player chooses."),
                "\(missing.stderr)")
        // A media playlist where the master should be.
        try await bench.server.configureHLS(path, size: 2_000)
        let notMaster = try await bench.run(["watch", "302", "--quality", "hd"], environment: player)
        #expect(notMaster.status == 0, "\(notMaster.stderr)")
        #expect(mpv.arguments == ["--input-ipc-server=<socket>", "--", stream])
        #expect(notMaster.stderr.contains("No HD variant chosen (the stream names no variant to choose from: \(stream)): the player chooses."),
                "\(notMaster.stderr)")
        try await bench.server.clearHLS()

        // Downloaded in HD: played from disk, but for --quality sd.
        try await bench.server.configureMedia(try DownloadBench.mediaPath("wwdc2026-302"), size: 20_000)
        #expect(try await bench.run(["download", "302"]).status == 0)
        let file = try #require(try await bench.downloads()["wwdc2026-302 hd"]?["path"] as? String)
        for (arguments, target) in [([String](), file), (["--quality", "hd"], file), (["--quality", "sd"], stream)] {
            let result = try await bench.run(["watch", "302"] + arguments, environment: player)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(mpv.arguments?.last == target, "\(arguments): \(String(describing: mpv.arguments))")
        }
    }

    @Test("Ctrl-C while the stream's master playlist is read for --quality (the server holding it): wwdc ends at once with 130, no player run, nothing marked")
    func interruptedChoosingVariant() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let stream = try await bench.run(["watch", "302", "--print-url"]).stdout.trimmingCharacters(in: .newlines)
        let path = try #require(URL(string: stream)?.path)
        let mpv = try await RecordingPlayer("mpv", in: bench.sandbox.directory, socket: .placeholder)
        let held = try await bench.server.hold(path)
        let running = try bench.sandbox.start(["watch", "302", "--quality", "sd"], environment: Self.withoutSubtitles(mpv))
        defer { running.signal(SIGKILL) }
        try await bench.server.waitForHeld(held)
        running.signal(SIGINT)
        let result = await running.finished()
        try await bench.server.release(held)
        #expect(result.status == 130, "\(result.stderr)")
        #expect(result.errorLines == ["Error: interrupted"] && !result.stderr.contains("Playing"), "\(result.stderr)")
        #expect(mpv.runs.isEmpty, "\(mpv.runs)")
        let progress = try await bench.run(["videos", "--in-progress", "--json"])
        #expect(progress.status == 0 && !progress.stdout.contains("wwdc2026-302"), "\(progress.stdout)")
    }
}

/// `wwdc watch --speed` and `--quality` with a real mpv (headless, as the progress tests run it),
/// read back over mpv's own JSON IPC by the test: the socket wwdc made for it, in the runtime
/// folder the test gives.
@Suite("watch: speed and quality in mpv", .offThePool,
       .enabled(if: MPVBench.available, "mpv or ffmpeg is not installed (.ci/run installs them: apt-get install mpv ffmpeg)"))
struct WatchPlaybackTests {
    @Test("--speed 1.5 reaches mpv; a speed set in mpv as it plays is kept in the config file and is the next watch's; --speed wins over it, unkept")
    func speedKept() async throws {
        let bench = try await MPVBench.start()
        defer { bench.stop() }
        let config = bench.sandbox.directory.path("config").appendingPathComponent("wwdc/config")

        let first = try await playing(bench, ["202", "--speed", "1.5"]) { mpv in
            let started = try mpv.command(["get_property", "speed"]) as? Double
            // The speed as the person sets it with mpv's keys: a property set while it plays. The
            // change is seen by every observer of it at once, wwdc's and the test's.
            try mpv.command(["observe_property", 1, "speed"])
            try mpv.command(["set_property", "speed", 1.25])
            _ = try mpv.wait { $0["event"] as? String == "property-change" && $0["name"] as? String == "speed" && $0["data"] as? Double == 1.25 }
            return started
        }
        #expect(first.value == 1.5, "mpv's speed")
        #expect(first.result.status == 0, "\(first.result.stderr)")
        #expect(first.result.stderr.contains("Speed 1.25 kept for the next 'wwdc watch': speed = 1.25 in \(config.path)."), "\(first.result.stderr)")
        #expect(try String(contentsOf: config, encoding: .utf8) == "speed = 1.25\n")

        let second = try await playing(bench, ["202"]) { mpv in try mpv.command(["get_property", "speed"]) as? Double }
        #expect(second.value == 1.25, "the config file's speed")
        #expect(second.result.status == 0 && !second.result.stderr.contains("kept for the next"), "\(second.result.stderr)")

        let third = try await playing(bench, ["202", "--speed", "2"]) { mpv in try mpv.command(["get_property", "speed"]) as? Double }
        #expect(third.value == 2, "--speed over the file")
        #expect(third.result.status == 0 && !third.result.stderr.contains("kept for the next"), "\(third.result.stderr)")
        #expect(try String(contentsOf: config, encoding: .utf8) == "speed = 1.25\n", "a speed given is not one chosen")
    }

    @Test("--quality sd and hd of a stream of the reference server: mpv plays the variant of 540 lines, or of the most (its selected video track)")
    func quality() async throws {
        let bench = try await MPVBench.start()
        defer { bench.stop() }
        try await bench.server.prepareHLSMedia()
        // The server's pictures are a tenth of the lines their variants declare.
        for (quality, lines, bandwidth) in [("sd", 54, 2_000_000), ("hd", 108, 6_000_000)] {
            let played = try await playing(bench, ["302", "--quality", quality]) { mpv in
                let tracks = try mpv.command(["get_property", "track-list"]) as? [[String: Any]] ?? []
                let video = tracks.first { $0["type"] as? String == "video" && $0["selected"] as? Bool == true }
                return (video?["demux-h"] as? Int, try mpv.command(["get_property", "hls-bitrate"]) as? Int, tracks.count)
            }
            #expect(played.result.status == 0, "\(played.result.stderr)")
            #expect(played.value.0 == lines, "\(quality): the selected video track's lines")
            #expect(played.value.1 == bandwidth, "\(quality): mpv's --hls-bitrate")
            #expect(played.value.2 >= 2, "both variants are mpv's to choose from")
        }
    }

    /// Runs `wwdc watch <arguments>` with mpv pausing at its first second, then `inspect` on mpv's
    /// socket, then quits mpv over it: what `inspect` returned, and how wwdc ended.
    private func playing<T: Sendable>(_ bench: MPVBench, _ arguments: [String],
                                      _ inspect: @escaping @Sendable (MPVClient) throws -> T) async throws -> (value: T, result: CommandResult) {
        let runtime = bench.sandbox.directory.path("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        let running = try bench.sandbox.start(["watch"] + arguments,
                                              environment: bench.environment(control: "pause_at=1").merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 })
        defer { running.signal(SIGKILL) }
        guard await running.stderr(contains: "control: paused"), let paused = MPVBench.control("paused", in: running.stderrSoFar) else {
            throw BrowseSandbox.Failure(message: "mpv did not pause: \(running.stderrSoFar)")
        }
        defer { kill(paused.pid, SIGKILL) }
        let folders = try FileManager.default.contentsOfDirectory(atPath: runtime.path).filter { $0.hasPrefix("wwdc-player.") }
        try #require(folders.count == 1, "\(folders)")
        let socket = runtime.appendingPathComponent(folders[0]).appendingPathComponent("mpv.sock").path
        let value = try await onThread {
            let mpv = try MPVClient(path: socket)
            let value = try inspect(mpv)
            try mpv.quit()
            return value
        }
        return (value, await running.finished())
    }
}
