#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import ConferenceMedia
import Foundation
import JSON
import TestSupport
import TestTraits
import Testing

/// `wwdc watch` gives a real mpv (headless) the video's subtitles: the stream's rendition in the
/// language joined into a private file, or the downloaded `.vtt` beside a downloaded video. The test
/// asks mpv itself, over its JSON IPC (the socket wwdc opened), for its `track-list` and the cue on
/// screen, while a Lua script given on the player's command line holds playback paused inside the
/// first cue.
@Suite("watch: subtitles in mpv", .offThePool, .serialized,
       .enabled(if: MPVBench.available, "mpv or ffmpeg is not installed (.ci/run installs them: apt-get install mpv ffmpeg)"))
struct WatchSubtitlesTests {
    /// Pauses at 2 s (inside the first cue, 1–4 s) and says so on stderr.
    static let pauseScript = """
        local done = false
        mp.observe_property("time-pos", "number", function(_, position)
            if done or position == nil or position < 2 then return end
            done = true
            mp.set_property_bool("pause", true)
            io.stderr:write("control: paused\\n")
            io.stderr:flush()
        end)
        """

    struct Playing {
        let running: RunningCommand
        let tracks: [[String: JSONValue]]
        let subText: String
    }

    /// Runs `wwdc watch` with mpv paused at 2 s, asks mpv for its tracks and the cue shown, then
    /// quits it.
    static func watchPaused(_ bench: DownloadBench, _ arguments: [String]) async throws -> (Playing, CommandResult) {
        let script = bench.sandbox.directory.path("pause.lua")
        try pauseScript.write(to: script, atomically: true, encoding: .utf8)
        let runtime = bench.sandbox.directory.path("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let running = try bench.sandbox.start(["watch"] + arguments, environment: [
            "WWDC_PLAYER": "mpv --no-config --really-quiet --vo=null --ao=null --script=\(script.path)",
            "XDG_RUNTIME_DIR": runtime.path,
        ])
        guard await running.stderr(contains: "control: paused") else {
            running.signal(SIGKILL)
            throw BrowseSandbox.Failure(message: "mpv did not pause: \(running.stderrSoFar)")
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: runtime.path).filter { $0.hasPrefix("wwdc-player.") }
        guard let folder = folders.first, let mpv = MPVConnection.connect(runtime.path + "/" + folder + "/mpv.sock") else {
            running.signal(SIGKILL)
            throw BrowseSandbox.Failure(message: "no mpv socket in \(runtime.path): \(folders)")
        }
        let tracks = (try ask(mpv, "track-list")?.arrayValue ?? []).compactMap(\.objectValue)
        let subText = try ask(mpv, "sub-text")?.stringValue ?? ""
        mpv.send([.string("quit")])
        return (Playing(running: running, tracks: tracks, subText: subText), await running.finished())
    }

    /// mpv's property `name`, over its IPC: the first reply after the request (events skipped).
    static func ask(_ mpv: MPVConnection, _ name: String) throws -> JSONValue? {
        mpv.send([.string("get_property"), .string(name)])
        while let message = mpv.next() {
            guard message["event"] == nil else { continue }
            return message["data"]
        }
        return nil
    }

    /// The selected external subtitle track.
    static func selectedSubtitles(_ tracks: [[String: JSONValue]]) -> [String: JSONValue]? {
        tracks.first { $0["type"]?.stringValue == "sub" && $0["selected"] == .bool(true) && $0["external"] == .bool(true) }
    }

    @Test("a stream with --subtitle-language ja: mpv has an external subtitle track of the Japanese cues, selected; removed after")
    func streamSubtitles() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        try await bench.server.prepareHLSMedia()
        let (playing, result) = try await Self.watchPaused(bench, ["201", "--subtitle-language", "ja", "--from-start"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Subtitles: ja from the stream (日本語)."), "\(result.stderr)")
        let track = try #require(Self.selectedSubtitles(playing.tracks), "\(playing.tracks)")
        let file = try #require(track["external-filename"]?.stringValue)
        #expect(file.contains("/wwdc-subtitles."), "\(file)")
        // The cue on screen at 2 s is the rendition's first, in Japanese.
        let cues = try await bench.server.hlsCues(SubtitleDownloadTests.rendition("jpn")).cues
        #expect(playing.subText == cues[0].text, "\(playing.subText)")
        // The private file went with the player.
        #expect(!FileManager.default.fileExists(atPath: (file as NSString).deletingLastPathComponent))
        // The languages the stream offers are the session's now.
        let shown = try await bench.run(["session", "201", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        #expect(object?["subtitleLanguages"] as? [String] == ["en", "ja", "fra"], "\(shown.stdout)")

        let none = try await Self.watchPaused(bench, ["201", "--no-subtitles", "--from-start"])
        #expect(Self.selectedSubtitles(none.0.tracks) == nil, "\(none.0.tracks)")
        #expect(!none.1.stderr.contains("Subtitles:"), "\(none.1.stderr)")
    }

    @Test("a downloaded video with its .vtt beside it: mpv is given that file, selected")
    func downloadedSubtitles() async throws {
        // 201's HD file is a real video (ten seconds made by ffmpeg), so that mpv plays it.
        let bench = try await DownloadBench.start { sandbox in
            let feeds = try sandbox.copyOfFixtures()
            let video = feeds.appendingPathComponent(try DownloadBench.mediaPath(SubtitleDownloadTests.session))
            try FileManager.default.createDirectory(at: video.deletingLastPathComponent(), withIntermediateDirectories: true)
            // Off the cooperative pool (the suite's trait): a child waited for.
            let ffmpeg = Process()
            ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            ffmpeg.arguments = ["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x36:rate=5", "-t", "10",
                                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", video.path]
            try ffmpeg.run()
            ffmpeg.waitUntilExit()
            try #require(ffmpeg.terminationStatus == 0, "ffmpeg could not make the video")
            return feeds
        }
        defer { bench.stop() }
        let downloaded = try await bench.run(["download", "201", "--subtitles"])
        #expect(downloaded.status == 0, "\(downloaded.stderr)")
        let vtt = (try await bench.file(SubtitleDownloadTests.session) as NSString).deletingPathExtension + ".vtt"
        let (playing, result) = try await Self.watchPaused(bench, ["201", "--from-start"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Subtitles: \((vtt as NSString).lastPathComponent)."), "\(result.stderr)")
        let track = try #require(Self.selectedSubtitles(playing.tracks), "\(playing.tracks)")
        #expect(track["external-filename"]?.stringValue == vtt, "\(playing.tracks)")
        let cues = try await bench.server.hlsCues(SubtitleDownloadTests.rendition("eng")).cues
        #expect(playing.subText == cues[0].text, "\(playing.subText)")
    }
}
