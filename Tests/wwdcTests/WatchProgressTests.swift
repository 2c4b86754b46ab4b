#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ConferenceData
import ConferenceModel
import Operations
import Foundation
import TestSupport
import TestTraits
import Testing

/// `wwdc watch` with a real mpv (headless) playing a real clip made by ffmpeg, served over loopback
/// HTTP by the reference server: where playback stopped is kept however it stopped, and the next
/// watch resumes there.
///
/// The test drives mpv through a Lua script given on the player's command line (as a person's own
/// scripts are): it says on stderr where playback starts (the player's own `time-pos`), then quits
/// or pauses at a chosen second. Every wait is on an event: a line on stderr, an exit, the store's
/// content.
@Suite("watch: progress from mpv", .offThePool,
       .enabled(if: MPVBench.available, "mpv or ffmpeg is not installed (.ci/run installs them: apt-get install mpv ffmpeg)"))
struct WatchProgressTests {
    static let session = "wwdc2026-202"

    @Test("quit after a few seconds: continue has the position and mpv's duration; the next watch resumes there, as mpv reports")
    func quitThenResume() async throws {
        let bench = try await MPVBench.start()
        defer { bench.stop() }
        let first = try await bench.watch(["202"], control: "quit_at=5")
        #expect(first.status == 0, "\(first.stderr)")
        let stopped = try #require(MPVBench.control("quit", in: first.stderr), "\(first.stderr)")
        #expect(first.stderr.contains("Stopped at 0:05 of 1:30: 'wwdc watch \(Self.session)' resumes there."), "\(first.stderr)")

        let row = try #require(try await bench.continueRows().first { $0["id"] as? String == Self.session })
        let position = try #require(row["position"] as? Double)
        #expect(abs(position - stopped.position) <= 1, "saved \(position), mpv stopped at \(stopped.position)")
        // The player's duration (the clip's 90 s), not the feed's (41 minutes).
        #expect(abs((row["duration"] as? Double ?? 0) - 90) <= 1, "\(row)")

        let second = try await bench.watch(["202"], control: "quit_at=8")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("Resuming at 0:05 (--from-start to start over)."), "\(second.stderr)")
        let resumed = try #require(MPVBench.control("start", in: second.stderr), "\(second.stderr)")
        #expect(abs(resumed.position - stopped.position) <= 1, "mpv started at \(resumed.position), stopped at \(stopped.position)")
        let later = try #require(MPVBench.control("quit", in: second.stderr))
        #expect(abs(try bench.position() - later.position) <= 1)

        // --from-start and --bookmark win over the saved position.
        let over = try await bench.watch(["202", "--from-start"], control: "quit_at=1")
        #expect(over.status == 0, "\(over.stderr)")
        #expect(!over.stderr.contains("Resuming"))
        #expect(try #require(MPVBench.control("start", in: over.stderr)).position < 1, "\(over.stderr)")

        #expect(try await bench.sandbox.run(["bookmark", "add", "202", "--at", "0:20"]).status == 0)
        let marked = try await bench.watch(["202", "--bookmark", "1"], control: "quit_at=21")
        #expect(marked.status == 0, "\(marked.stderr)")
        #expect(abs(try #require(MPVBench.control("start", in: marked.stderr)).position - 20) <= 1, "\(marked.stderr)")
        let missing = try await bench.sandbox.run(["watch", "202", "--bookmark", "3"], environment: bench.environment(control: "quit_at=1"))
        #expect(missing.status == 1)
        #expect(missing.errorLines == ["Error: \(Self.session) has no bookmark 3: it has 1 bookmark, numbered 1 to 1"], "\(missing.stderr)")
        #expect(MPVBench.control("start", in: missing.stderr) == nil, "no player started")
        let both = try await bench.sandbox.run(["watch", "202", "--at", "3", "--from-start"])
        #expect(both.status == 64, "\(both.stderr)")
    }

    @Test("played to the end: watched, and the next watch starts over")
    func toTheEnd() async throws {
        let bench = try await MPVBench.start()
        defer { bench.stop() }
        let end = try await bench.watch(["202", "--at", "1:27"], control: "")
        #expect(end.status == 0, "\(end.stderr)")
        #expect(end.stderr.contains("Watched \(Self.session) to the end"), "\(end.stderr)")
        let progress = try #require(try bench.progress())
        #expect(progress.watched && progress.position == nil, "\(progress)")
        #expect(try await bench.continueRows().isEmpty)

        let again = try await bench.watch(["202"], control: "quit_at=1")
        #expect(!again.stderr.contains("Resuming"), "\(again.stderr)")
        #expect(try #require(MPVBench.control("start", in: again.stderr)).position < 1, "\(again.stderr)")
    }

    @Test("mpv's own --end at 3 s of the 90 s clip: its end of file keeps the position (as a dropped stream would); not watched")
    func endOfFileEarly() async throws {
        let bench = try await MPVBench.start()
        defer { bench.stop() }
        let ended = try await bench.sandbox.run(["watch", "202"], environment: ["WWDC_PLAYER": bench.playerCommand("") + " --end=3"])
        #expect(ended.status == 0, "\(ended.stderr)")
        #expect(!ended.stderr.contains("Watched"), "\(ended.stderr)")
        #expect(ended.stderr.contains("of 1:30: 'wwdc watch \(Self.session)' resumes there."), "\(ended.stderr)")
        let progress = try #require(try bench.progress())
        #expect(!progress.watched, "\(progress)")
        let position = try #require(progress.position, "\(progress)")
        #expect(position > 1 && position <= 3.5, "\(progress)")
        #expect(try await bench.continueRows().contains { $0["id"] as? String == Self.session })
    }

    @Test("mpv killed with SIGKILL: the position it was at is kept, and wwdc says the player was killed")
    func playerKilled() async throws {
        let bench = try await MPVBench.start()
        defer { bench.stop() }
        let (running, paused, saved) = try await bench.watchPaused(at: 6)
        defer { running.signal(SIGKILL) }
        defer { kill(paused.pid, SIGKILL) }
        kill(paused.pid, SIGKILL)
        let result = await running.finished()
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.errorLines == ["Error: the player '\(bench.playerCommand("pause_at=6"))' was ended by signal 9 (SIGKILL)"],
                "\(result.stderr)")
        #expect(abs(try bench.position() - paused.position) <= 1, "saved \(String(describing: saved.position))")
    }

    @Test("during playback the store is in WAL mode: 'continue' and 'videos --in-progress' in other processes read the position wwdc saved, at once")
    func readersDuringPlayback() async throws {
        let bench = try await MPVBench.start()
        defer { bench.stop() }
        let (running, paused, _) = try await bench.watchPaused(at: 6)
        defer { running.signal(SIGKILL) }
        defer { kill(paused.pid, SIGKILL) }
        // WAL: the file's header says so (bytes 18 and 19 are 2), and the log is beside it while wwdc holds the store.
        let header = try #require(FileHandle(forReadingAtPath: bench.sandbox.database.path)).readData(ofLength: 20)
        #expect(header.count == 20 && header[18] == 2 && header[19] == 2, "\(Array(header))")
        #expect(FileManager.default.fileExists(atPath: bench.sandbox.database.path + "-wal"))
        // Readers in other processes are not held off by the player's writer.
        let row = try #require(try await bench.continueRows().first { $0["id"] as? String == Self.session })
        #expect(abs((row["position"] as? Double ?? -9) - paused.position) <= 1, "\(row)")
        let listed = try await bench.sandbox.run(["videos", "--in-progress", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("\"\(Self.session)\""), "\(listed.stdout)")
        // And a writer of other data too (a bookmark at the saved position).
        let marked = try await bench.sandbox.run(["bookmark", "add", "202"])
        #expect(marked.status == 0, "\(marked.stderr)")
        #expect(MPVBench.control("quit", in: running.stderrSoFar) == nil, "the player still runs")
        running.signal(SIGINT)
        let result = await running.finished()
        #expect(result.status == 130, "\(result.stderr)")
        #expect(abs(try bench.position() - paused.position) <= 1)
    }

    @Test("wwdc itself killed while mpv plays: the position written as playback went is kept")
    func wwdcKilled() async throws {
        let bench = try await MPVBench.start()
        defer { bench.stop() }
        let running = try bench.sandbox.start(["watch", "202"], environment: bench.environment(control: "pause_at=40"))
        defer { running.signal(SIGKILL) }
        #expect(await running.stderr(contains: "control: start"), "\(running.stderr)")
        let player = try #require(MPVBench.control("start", in: running.stderrSoFar))
        defer { kill(player.pid, SIGKILL) }
        // A position past the first seconds is saved while mpv goes on playing (the pause is at 40 s).
        let saved = try await bench.waitForProgress { ($0.position ?? 0) >= 3 }
        running.signal(SIGKILL)
        // mpv holds wwdc's stdout and stderr too: it goes before wwdc's end is waited for.
        kill(player.pid, SIGKILL)
        _ = await running.finished()
        #expect(!running.stderrSoFar.contains("control: paused"), "still playing when it was saved")
        let kept = try bench.position()
        #expect(kept >= (saved.position ?? 0) && kept < 40, "kept \(kept), seen saved \(String(describing: saved.position))")
    }

    @Test("two watches at once: the second is refused; Ctrl-C in wwdc stops mpv and keeps where it was")
    func oneAtATimeAndCtrlC() async throws {
        let bench = try await MPVBench.start()
        defer { bench.stop() }
        let environment = bench.sandbox.environment(bench.environment(control: "pause_at=4"))
        let second = Locked<CommandResult?>(nil)
        let outcome = try await TerminalSession.run(["watch", "202"], environment: environment, script: [
            .expect("control: paused"),
            .wait {
                let result = try await bench.sandbox.run(["watch", "302"], environment: bench.environment(control: "quit_at=1"))
                second.withLock { $0 = result }
            },
            .signal(SIGINT),
            .expect("Stopped at 0:0"),
        ])
        #expect(outcome.problem == nil, "\(outcome.problem ?? "") \(outcome.transcript)")
        #expect(outcome.exit == .exited(130), "\(outcome.transcript)")
        let refused = try #require(second.withLock { $0 })
        #expect(refused.status == 1)
        #expect(refused.errorLines.first?.hasPrefix("Error: another 'wwdc watch' is playing (process ") == true, "\(refused.stderr)")
        #expect(MPVBench.control("start", in: refused.stderr) == nil, "the refused watch started no player")
        let paused = try #require(MPVBench.control("paused", in: outcome.transcript))
        #expect(abs(try bench.position() - paused.position) <= 1)
        #expect(outcome.sttyAfter == outcome.sttyBefore)
    }
}

/// A sandbox synced from the reference server, whose session 202 plays a real 90-second clip (HLS,
/// as Apple serves its videos) made by ffmpeg for the test, and the mpv command line that plays it
/// headless under the test's control script.
struct MPVBench {
    let sandbox: Sandbox
    let server: ReferenceServer
    let script: URL

    static let available = ["mpv", "ffmpeg"].allSatisfy(CompletionTests.installed)

    static func start() async throws -> MPVBench {
        let sandbox = try Sandbox()
        do {
            let feeds = try sandbox.copyOfFixtures()
            let url = try #require(URL(string: try WatchCommandTests.streamURL(202)))
            let folder = feeds.appendingPathComponent(url.deletingLastPathComponent().path)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // Tiny: 64×36 at 5 frames a second, and silence; longer than 60 s, so that the last 30 s
            // (watched) do not reach back to the positions tested.
            let made = try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), [
                "ffmpeg", "-nostdin", "-v", "error", "-y",
                "-f", "lavfi", "-i", "testsrc=size=64x36:rate=5", "-f", "lavfi", "-i", "anullsrc=r=8000:cl=mono",
                "-t", "90", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest",
                "-f", "hls", "-hls_time", "100", "-hls_playlist_type", "vod",
                "-hls_segment_filename", folder.appendingPathComponent("segment%d.ts").path,
                folder.appendingPathComponent(url.lastPathComponent).path,
            ], environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
            try #require(made.status == 0, "ffmpeg: \(made.stderr)")
            let script = sandbox.directory.path("control.lua")
            try controlScript.write(to: script, atomically: true, encoding: .utf8)
            let server = try await ReferenceServer.start(root: feeds, arguments: ["--rebase-media"])
            let bench = MPVBench(sandbox: sandbox, server: server, script: script)
            let synced = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString])
            try #require(synced.status == 0, "\(synced.stderr)")
            return bench
        } catch {
            sandbox.remove()
            throw error
        }
    }

    func stop() {
        server.stop()
        sandbox.remove()
    }

    /// The player's command line: mpv without the person's config, headless, quiet, under the
    /// control script with `control` (`quit_at=5`, `pause_at=4`, or empty: play on).
    func playerCommand(_ control: String) -> String {
        "mpv --no-config --really-quiet --vo=null --ao=null --script=\(script.path)"
            + (control.isEmpty ? "" : " --script-opts=control-\(control)")
    }

    func environment(control: String) -> [String: String] {
        ["WWDC_PLAYER": playerCommand(control)]
    }

    /// Runs `wwdc watch …` to its end under the control script.
    func watch(_ arguments: [String], control: String) async throws -> CommandResult {
        try await sandbox.run(["watch"] + arguments, environment: environment(control: control))
    }

    /// Starts `wwdc watch 202` with mpv pausing at `second`, and waits until it paused and wwdc
    /// saved where (at the pause, before anything else happens): the running wwdc, mpv's position
    /// and process, and the progress saved. The caller ends both processes.
    func watchPaused(at second: Int) async throws -> (running: RunningCommand, paused: (position: Double, pid: pid_t), saved: WatchProgress) {
        let running = try sandbox.start(["watch", "202"], environment: environment(control: "pause_at=\(second)"))
        guard await running.stderr(contains: "control: paused"),
              let paused = MPVBench.control("paused", in: running.stderrSoFar) else {
            running.signal(SIGKILL)
            throw BrowseSandbox.Failure(message: "mpv did not pause: \(running.stderrSoFar)")
        }
        do {
            return (running, paused, try await waitForProgress { abs(($0.position ?? -9) - paused.position) <= 1 })
        } catch {
            kill(paused.pid, SIGKILL)
            running.signal(SIGKILL)
            throw error
        }
    }

    func continueRows() async throws -> [[String: Any]] {
        let result = try await sandbox.run(["continue", "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    func progress() throws -> WatchProgress? {
        // Read-only, as 'wwdc continue' reads: a writer's opening of the store, every few
        // milliseconds, would hold off wwdc's own writes.
        try ConferenceStore.openForBrowsing(path: sandbox.database.path).read { try $0.watchProgress(sessionID: WatchProgressTests.session) }
    }

    /// The saved position (-1 when there is none).
    func position() throws -> Double {
        try progress()?.position ?? -1
    }

    /// Waits until the store holds a progress that `condition` accepts: the store's content is the
    /// event (wwdc writes it when it is due, and nothing else announces it).
    func waitForProgress(seconds: Double = HangDeadline.seconds, _ condition: (WatchProgress) -> Bool) async throws -> WatchProgress {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let progress = try progress(), condition(progress) { return progress }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw BrowseSandbox.Failure(message: "no such progress saved within \(seconds) s: \(String(describing: try progress()))")
    }

    /// The control script's line `what` ("start", "quit", "paused") in `text`: mpv's position then, and its process.
    static func control(_ what: String, in text: String) -> (position: Double, pid: pid_t)? {
        for line in text.split(whereSeparator: \.isNewline) {
            let words = line.split(separator: " ")
            guard words.count == 5, words[0] == "control:", words[1] == what, let position = Double(words[2]),
                  let pid = pid_t(words[4]) else { continue }
            return (position, pid)
        }
        return nil
    }

    /// Says on stderr where playback starts (mpv's own `time-pos`), then quits or pauses at a
    /// chosen second (`--script-opts=control-quit_at=N` or `control-pause_at=N`).
    static let controlScript = """
        local options = { quit_at = -1, pause_at = -1 }
        require("mp.options").read_options(options, "control")
        local started, done = false, false

        local function say(what, position)
            io.stderr:write(string.format("control: %s %.3f pid %d\\n", what, position, mp.get_property_number("pid", 0)))
            io.stderr:flush()
        end

        mp.observe_property("time-pos", "number", function(_, position)
            if position == nil then return end
            if not started then
                started = true
                say("start", position)
            end
            if done then return end
            if options.quit_at >= 0 and position >= options.quit_at then
                done = true
                say("quit", position)
                mp.command("quit")
            elseif options.pause_at >= 0 and position >= options.pause_at then
                done = true
                mp.set_property_bool("pause", true)
                say("paused", position)
            end
        end)
        """
}
