import Foundation
import TestSupport
import TestTraits
import Testing

/// `download --subtitles` and `--subtitle-language`: Apple's subtitles from the stream's renditions
/// (their segments joined into one WebVTT file that an independent parser reads), the feed's file,
/// the transcript; a failing segment; hostile playlists.
@Suite("Subtitle downloads", .serialized)
struct SubtitleDownloadTests {
    /// wwdc2026-201: its stream and its feed's subtitles file, both served by the reference server.
    static let session = "wwdc2026-201"
    static let folder = "/videos/wwdc/2026/201702e185820e07e/201"
    static let master = folder + "/hls_vod_mvp.m3u8"
    static func rendition(_ code: String) -> String { folder + "/subtitles/\(code)/prog_index.m3u8" }
    static func segment(_ code: String, _ index: Int) -> String { folder + "/subtitles/\(code)/sequence_\(index).webvtt" }

    /// The files in the download folder, by name.
    static func files(_ bench: DownloadBench) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: bench.folder.path)) ?? []).sorted()
    }

    static func base(_ bench: DownloadBench) async throws -> String {
        (try await bench.file(session) as NSString).deletingPathExtension
    }

    static func cues(_ file: URL) async throws -> [ReferenceServer.Cue] {
        try await ReferenceServer.readWebVTT(file).cues
    }

    @Test("--subtitle-language ja and jpn and fr: each rendition's segments joined on the video's timeline, read back by webvtt-py",
          .enabled(if: ReferenceServer.webVTTPython != nil, "webvtt-py is not installed: run .ci/run (it makes .venv-tests)"))
    func joinedRenditions() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        // Two- and three-letter names of the person, two- and three-letter names of the playlist.
        let result = try await bench.run(["download", "201", "--subtitle-language", "ja", "--subtitle-language", "fr",
                                          "--subtitle-language", "jpn"])
        #expect(result.status == 0, "\(result.stderr)")
        let base = try await Self.base(bench)
        let name = (base as NSString).lastPathComponent
        #expect(result.stderr.contains("\(Self.session) HD: ja subtitles from the stream (日本語) in \(name).ja.vtt"), "\(result.stderr)")
        #expect(result.stderr.contains("\(Self.session) HD: fr subtitles from the stream (Français) in \(name).fr.vtt"), "\(result.stderr)")
        for (code, folder) in [("ja", "jpn"), ("fr", "fra")] {
            let expected = try await bench.server.hlsCues(Self.rendition(folder))
            #expect(expected.cues.count == 5 && expected.cues.allSatisfy { $0.text.hasPrefix("[\(folder)]") })
            let read = try await Self.cues(URL(fileURLWithPath: base + ".\(code).vtt"))
            #expect(read == expected.cues, "\(read)")
        }
        // ja and jpn are one language: one file.
        #expect(Self.files(bench) == [name + ".fr.vtt", name + ".ja.vtt", name + ".mp4"], "\(Self.files(bench))")
        // Each segment fetched once.
        let counts = try await bench.server.requestCounts(Self.folder + "/subtitles/jpn/*")
        #expect(counts.count == 4 && counts.values.allSatisfy { $0.requests == 1 }, "\(counts)")

        // downloads remove takes every subtitle file with the video.
        let removed = try await bench.run(["downloads", "remove", "201"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(Self.files(bench).isEmpty, "\(Self.files(bench))")
    }

    @Test("--subtitles: <name>.vtt from the English rendition; without it the feed's file, then the transcript, each said",
          .enabled(if: ReferenceServer.webVTTPython != nil, "webvtt-py is not installed: run .ci/run (it makes .venv-tests)"))
    func englishSources() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let stream = try await bench.run(["download", "201", "--subtitles"])
        #expect(stream.status == 0, "\(stream.stderr)")
        let base = try await Self.base(bench)
        let file = URL(fileURLWithPath: base + ".vtt")
        #expect(try await Self.cues(file) == (try await bench.server.hlsCues(Self.rendition("eng"))).cues)
        #expect(stream.stderr.contains("en subtitles from the stream (English)"), "\(stream.stderr)")

        // The stream offers no English: Apple's whole file, saying why.
        try await bench.server.configureHLS(Self.master, languages: ["ja", "fra"])
        try FileManager.default.removeItem(at: file)
        let feedFile = try await bench.run(["download", "201", "--subtitles"])
        #expect(feedFile.status == 0, "\(feedFile.stderr)")
        #expect(feedFile.stderr.contains("en subtitles from the feed's file in \((base as NSString).lastPathComponent).vtt (the stream has no subtitles in en (it has ja, fra))"),
                "\(feedFile.stderr)")
        let whole = try await bench.server.hlsCues(Self.folder + "/subtitles/eng/201_sd_what_s_new_in_xcode.vtt")
        #expect(try await Self.cues(file) == whole.cues)
        #expect(whole.cues.allSatisfy { $0.text.hasPrefix("[eng file]") })

        // Neither: made from the stored transcript.
        try await bench.server.fault(Self.folder + "/subtitles/eng/*.vtt", "status", value: 404)
        try FileManager.default.removeItem(at: file)
        let transcript = try await bench.run(["download", "201", "--subtitles"])
        #expect(transcript.status == 0, "\(transcript.stderr)")
        #expect(transcript.stderr.contains("en subtitles made from the transcript"), "\(transcript.stderr)")
        #expect(transcript.stderr.contains("HTTP 404"), "\(transcript.stderr)")
        _ = try await Self.cues(file)
    }

    @Test("the subtitles' segments are the download's progress: a line says how many, the lines every few seconds count them; the file ends once they are written")
    func subtitlesProgress() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let held = try await bench.server.hold(Self.segment("jpn", 1))
        let running = try bench.sandbox.start(["download", "201", "--subtitle-language", "ja"])
        try await bench.server.waitForHeld(held)
        let file = "\(Self.session) HD"
        #expect(await running.stderr(contains: "\(file): ja subtitles: 0 of 3 segments"), "\(running.stderrSoFar)")
        // The other two segments in, the held one not: the file is still under way.
        #expect(await running.stderr(contains: "\(file): ja subtitles: 2 of 3 segments"), "\(running.stderrSoFar)")
        #expect(!running.stderrSoFar.contains("Downloaded \(file)"), "\(running.stderrSoFar)")
        try await bench.server.release(held)
        let result = await running.finished()
        #expect(result.status == 0, "\(result.stderr)")
        let written = try #require(result.stderr.range(of: "\(file): ja subtitles from the stream"), "\(result.stderr)")
        let downloaded = try #require(result.stderr.range(of: "Downloaded \(file)"), "\(result.stderr)")
        #expect(written.lowerBound < downloaded.lowerBound, "\(result.stderr)")
    }

    @Test("session lists the subtitle languages known: English for the feed's file, then the stream's once a download read it; --json has them")
    func sessionLanguages() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        func languages(_ id: String) async throws -> [String]? {
            let shown = try await bench.run(["session", id, "--json"])
            #expect(shown.status == 0, "\(shown.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
            return object?["subtitleLanguages"] as? [String]
        }
        #expect(try await languages("201") == ["en"])
        #expect(try await languages("101") == [])
        // Two-letter and three-letter names, as the playlist writes them.
        try await bench.server.configureHLS(Self.master, languages: ["ja", "en", "fra", "zh-Hans"])
        let result = try await bench.run(["download", "201", "--subtitle-language", "ja"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await languages("201") == ["ja", "en", "fra", "zh-hans"])
        let page = try await bench.run(["session", "201"])
        #expect(page.stdout.contains("Subtitles  Japanese, English, French, Chinese\n"), "\(page.stdout)")
    }

    @Test("a segment that fails once is retried; one that keeps failing: the download says which language is missing and keeps the video")
    func failingSegment() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        try await bench.server.fault(Self.segment("jpn", 1), "status", value: 503, times: 1)
        let retried = try await bench.run(["download", "201", "--subtitle-language", "ja"])
        #expect(retried.status == 0, "\(retried.stderr)")
        #expect(retried.stderr.contains("ja subtitles from the stream"), "\(retried.stderr)")
        let counts = try await bench.server.requestCounts(Self.segment("jpn", 1))
        #expect(counts[Self.segment("jpn", 1)]?.statuses == ["503": 1, "200": 1], "\(counts)")

        let base = try await Self.base(bench)
        try FileManager.default.removeItem(atPath: base + ".ja.vtt")
        try await bench.server.fault(Self.segment("jpn", 2), "status", value: 503)
        let failed = try await bench.run(["download", "201", "--subtitle-language", "ja"])
        #expect(failed.status == 0, "\(failed.stderr)")
        #expect(failed.stderr.contains("\(Self.session) HD: no ja subtitles: ja: segment 3: HTTP 503"), "\(failed.stderr)")
        #expect(failed.stderr.contains("the video is kept"), "\(failed.stderr)")
        let tries = try await bench.server.requestCounts(Self.segment("jpn", 2))
        #expect(tries[Self.segment("jpn", 2)]?.statuses["503"] == 3, "\(tries)")
        #expect(Self.files(bench) == [(base as NSString).lastPathComponent + ".mp4"], "\(Self.files(bench))")
    }

    @Test("interrupted (SIGINT, SIGTERM) after the video but before its subtitles: downloads says they are pending, --resume writes them alone, then has nothing to resume",
          .enabled(if: ReferenceServer.webVTTPython != nil, "webvtt-py is not installed: run .ci/run (it makes .venv-tests)"),
          arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func resumedSubtitles(signal: Int32, status: Int32) async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let hold = try await bench.server.hold(Self.segment("jpn", 1))
        let running = try bench.sandbox.start(["download", "201", "--subtitle-language", "ja"])
        // The subtitles are fetched once the video is complete: held there, the video is in place.
        try await bench.server.waitForHeld(hold)
        running.signal(signal)
        let interrupted = await running.finished()
        try await bench.server.release(hold)
        #expect(interrupted.status == status, "\(interrupted.stderr)")
        let base = try await Self.base(bench)
        let name = (base as NSString).lastPathComponent
        #expect(Self.files(bench) == [name + ".mp4"], "\(Self.files(bench))")
        #expect(try await bench.downloads()["\(Self.session) hd"]?["state"] as? String == "done")
        let listed = try await bench.run(["downloads"])
        #expect(listed.stdout.contains("\(Self.session) HD\tdone, subtitles pending\t"), "\(listed.stdout)")

        let video = try DownloadBench.mediaPath(Self.session)
        let sent = try await bench.server.requestCounts(video)[video]?.bytes
        let resumed = try await bench.run(["download", "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("\(Self.session) HD: ja subtitles from the stream (日本語) in \(name).ja.vtt"), "\(resumed.stderr)")
        #expect(try await Self.cues(URL(fileURLWithPath: base + ".ja.vtt")) == (try await bench.server.hlsCues(Self.rendition("jpn"))).cues)
        // The video was complete: not one more byte of it.
        #expect(try await bench.server.requestCounts(video)[video]?.bytes == sent)
        #expect(Self.files(bench) == [name + ".ja.vtt", name + ".mp4"], "\(Self.files(bench))")

        let again = try await bench.run(["download", "--resume"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("Nothing to resume: every download is complete."), "\(again.stderr)")
        #expect(!(try await bench.run(["downloads"])).stdout.contains("subtitles pending"))
    }

    @Test("a language missing for a failure that may pass (503 after the retries) stays pending and --resume writes it; one the stream does not have is not pending")
    func transientMissingResumed() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        try await bench.server.fault(Self.segment("jpn", 2), "status", value: 503)
        let failed = try await bench.run(["download", "201", "--subtitle-language", "ja", "--subtitle-language", "ko"])
        #expect(failed.status == 0, "\(failed.stderr)")
        #expect(failed.stderr.contains("no ja subtitles"), "\(failed.stderr)")
        #expect(failed.stderr.contains("no ko subtitles"), "\(failed.stderr)")
        try await bench.server.clearFaults()
        let resumed = try await bench.run(["download", "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("ja subtitles from the stream"), "\(resumed.stderr)")
        // Korean is not asked again: the stream has none, and asking again would say the same.
        #expect(!resumed.stderr.contains("ko subtitles"), "\(resumed.stderr)")
        let name = (try await Self.base(bench) as NSString).lastPathComponent
        #expect(Self.files(bench) == [name + ".ja.vtt", name + ".mp4"], "\(Self.files(bench))")
        let again = try await bench.run(["download", "--resume"])
        #expect(again.stderr.contains("Nothing to resume: every download is complete."), "\(again.stderr)")
    }

    /// Downloads 201 with Japanese subtitles from a hostile stream: one clear line saying why, the
    /// video kept, no other file written.
    private func refused(_ bench: DownloadBench, saying words: String) async throws {
        let result = try await bench.run(["download", "201", "--subtitle-language", "ja"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("no ja subtitles") }
        #expect(lines.count == 1 && lines[0].contains(words), "\(result.stderr)")
        let video = try await bench.file(Self.session)
        #expect(Self.files(bench) == [(video as NSString).lastPathComponent], "\(Self.files(bench))")
    }

    @Test("hostile playlists: addresses outside the rule, .. paths, a million segments, 20,000 segments, a 1 GB segment, absurd maps: refused in one line, nothing else written")
    func hostilePlaylists() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        try await bench.server.configureHLS(Self.master, uris: ["ja": "file:///etc/passwd"])
        try await refused(bench, saying: "the playlist names an address wwdc does not fetch: file:///etc/passwd")
        try await bench.server.configureHLS(Self.master, uris: ["ja": "http://example.com/ja/prog_index.m3u8"])
        try await refused(bench, saying: "the playlist names an address wwdc does not fetch: http://example.com/ja/prog_index.m3u8")
        try await bench.server.configureHLS(Self.master, uris: ["ja": "../../../../etc/prog_index.m3u8"])
        try await refused(bench, saying: "the playlist names a path out of its folder: ../../../../etc/prog_index.m3u8")
        try await bench.server.clearHLS()

        try await bench.server.configureHLS(Self.rendition("jpn"), segmentURIs: [1: "%2E%2E/%2e%2e/x.webvtt"])
        try await refused(bench, saying: "the playlist names a path out of its folder: %2E%2E/%2e%2e/x.webvtt")
        try await bench.server.clearHLS()
        try await bench.server.configureHLS(Self.rendition("jpn"), segments: 1_000_000)
        try await refused(bench, saying: "is larger than the 2.0 MB wwdc reads")
        try await bench.server.configureHLS(Self.rendition("jpn"), segments: 20_000)
        try await refused(bench, saying: "the playlist lists 20000 segments, more than the 10000 wwdc reads")
        // Only the playlist was read, never a segment.
        #expect(try await bench.server.requestCounts(Self.folder + "/subtitles/jpn/sequence_*").isEmpty)
        try await bench.server.clearHLS()

        try await bench.server.configureHLS(Self.segment("jpn", 2), size: 1 << 30)
        try await refused(bench, saying: "ja: segment 3 is larger than the 1.0 MB wwdc reads")
        let sent = try await bench.server.requestCounts(Self.segment("jpn", 2))
        #expect((sent[Self.segment("jpn", 2)]?.bytes ?? 0) < 64 << 20, "\(sent)")
        try await bench.server.clearHLS()

        try await bench.server.configureHLS(Self.segment("jpn", 1), timestampMap: "MPEGTS:-900000,LOCAL:00:00:00.000")
        try await refused(bench, saying: "segment 2's X-TIMESTAMP-MAP cannot be used: 'MPEGTS:-900000,LOCAL:00:00:00.000' is not a map")
        try await bench.server.configureHLS(Self.segment("jpn", 1), timestampMap: "MPEGTS:8589934591,LOCAL:00:00:00.000")
        try await refused(bench, saying: "segment 2's X-TIMESTAMP-MAP cannot be used: it puts a cue at")
        try await bench.server.configureHLS(Self.segment("jpn", 1), timestampMap: "MPEGTS:900000,LOCAL:99999999:00:00.000")
        try await refused(bench, saying: "segment 2's X-TIMESTAMP-MAP cannot be used")
    }
}
