import ConferenceData
import Foundation
import TestSupport
import TestTraits
import Testing

/// The sample conference served with its video addresses pointed at the reference server, synced
/// into a sandbox: what every download test starts from.
struct DownloadBench {
    let sandbox: Sandbox
    let server: ReferenceServer

    /// Syncs `feeds` (a folder of the sandbox, made by `prepare`), else the sample conference.
    static func start(feeds prepare: ((Sandbox) throws -> URL)? = nil) async throws -> DownloadBench {
        let sandbox = try Sandbox()
        let root = try prepare?(sandbox) ?? ProjectPaths.fixtures
        let server = try await ReferenceServer.start(root: root, arguments: ["--rebase-media"])
        let bench = DownloadBench(sandbox: sandbox, server: server)
        let synced = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString])
        #expect(synced.status == 0, "\(synced.stderr)")
        return bench
    }

    func stop() {
        server.stop()
        sandbox.remove()
    }

    var folder: URL { sandbox.directory.path("data/wwdc/downloads") }

    /// The server path of a session's video file, from the fixture.
    static func mediaPath(_ id: String, quality: String = "downloadHD") throws -> String {
        let data = try Data(contentsOf: ProjectPaths.fixtures.appendingPathComponent("contents.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let contents = try #require(object["contents"] as? [[String: Any]])
        let item = try #require(contents.first { $0["id"] as? String == id })
        let url = try #require((item["media"] as? [String: Any])?[quality] as? String)
        return try #require(URL(string: url)?.path)
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> CommandResult {
        try await sandbox.run(arguments, environment: environment)
    }

    /// `wwdc downloads --json`, by "id quality".
    func downloads() async throws -> [String: [String: Any]] {
        let listed = try await run(["downloads", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]], "\(listed.stdout)")
        return Dictionary(uniqueKeysWithValues: rows.map { ("\($0["id"] as? String ?? "") \($0["quality"] as? String ?? "")", $0) })
    }

    /// The finished file of a session's HD video, from the store's record.
    func file(_ id: String) async throws -> String {
        try #require(try await downloads()["\(id) hd"]?["path"] as? String)
    }

    /// The partial file's size, waited for until it reaches `bytes` (the client writes what the
    /// server sent a moment later).
    func waitForPart(_ id: String, reaching bytes: Int, in other: URL? = nil, seconds: Double = HangDeadline.seconds) async throws -> Bool {
        let part = (other ?? folder).path
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: part)) ?? []
            if let name = files.first(where: { $0.hasPrefix(id) && $0.hasSuffix(".part") }),
               let size = (try? FileManager.default.attributesOfItem(atPath: part + "/" + name))?[.size] as? Int, size >= bytes {
                return true
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// Downloads session `number` of the current event until `bytes` of its file (at server path
    /// `path`, of `size` bytes) are on disk, the server holding the rest, then SIGKILLs wwdc: the
    /// partial file a crash leaves. The held response is let go unless `release` is false (for a
    /// test that counts the server's bytes first).
    func killMidway(_ number: String, path: String, size: Int, at bytes: Int, release: Bool = true) async throws {
        try await server.configureMedia(path, size: size, pauseAt: bytes, times: 1)
        let running = try sandbox.start(["download", number])
        try await server.waitForPausedMedia(path)
        #expect(try await waitForPart("wwdc2026-\(number)", reaching: bytes))
        running.signal(SIGKILL)
        _ = await running.finished()
        if release {
            _ = try await server.releaseMedia()
            // The released response goes on to the dead client's socket (counted while the kernel
            // takes it): the next counts start once it has ended.
            try await server.waitForMediaIdle()
        }
    }

    /// Rewrites the JSON object in the file at `url` (a copy of a fixture) with `change`.
    static func edit(_ url: URL, _ change: (inout [String: Any]) throws -> Void) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        try change(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: url)
    }

    /// A bench whose server holds the video of session 103 (3 MB) at 1 MB: a download under way
    /// for as long as the test needs, until ``ReferenceServer/releaseMedia(_:)``.
    static func holding103() async throws -> (bench: DownloadBench, path: String) {
        let bench = try await start()
        let path = try mediaPath("wwdc2026-103")
        try await bench.server.configureMedia(path, size: 3_000_000, pauseAt: 1_000_000, times: 1)
        return (bench, path)
    }

    /// The sandbox's environment with colour on, as on a user's terminal.
    var terminalEnvironment: [String: String] {
        var environment = sandbox.environment()
        environment["NO_COLOR"] = nil
        return environment
    }

    static func sha256(_ path: String) async throws -> String {
        let result = try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["sha256sum", path])
        return String(result.stdout.prefix(64))
    }
}

@Suite("wwdc download", .serialized, .offThePool)
struct DownloadCommandTests {
    static let chunk = 65_536

    @Test("a download dropped at 40 % resumes: the file's digest is the source's, and the server sent the file once plus at most a chunk")
    func droppedResumes() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let path = try DownloadBench.mediaPath("wwdc2026-103")
        let size = 4_000_000
        try await bench.server.configureMedia(path, size: size, dropAt: size * 4 / 10, times: 1)
        try await bench.server.resetMediaStats()

        let result = try await bench.run(["download", "103"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("retrying"), "\(result.stderr)")
        let file = try await bench.file("wwdc2026-103")
        #expect(try await DownloadBench.sha256(file) == (try await bench.server.mediaInfo(path)).sha256)
        let stats = try #require(try await bench.server.mediaStats().files[path])
        #expect(stats.requests == 2)
        #expect(stats.bytes <= size + Self.chunk, "sent \(stats.bytes)")
        #expect(!FileManager.default.fileExists(atPath: file + ".part"))
    }

    @Test("SIGKILL mid-download, then download --resume: the same file, the rest only")
    func killedThenResumed() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let path = try DownloadBench.mediaPath("wwdc2026-103")
        let size = 4_000_000
        try await bench.server.resetMediaStats()
        try await bench.killMidway("103", path: path, size: size, at: size * 4 / 10, release: false)
        #expect(try await bench.downloads()["wwdc2026-103 hd"]?["state"] as? String == "partial")

        let resumed = try await bench.run(["download", "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let file = try await bench.file("wwdc2026-103")
        #expect(try await DownloadBench.sha256(file) == (try await bench.server.mediaInfo(path)).sha256)
        // Counted before the killed process's paused response is let go: what it would write into a
        // dead socket's buffer never reached a client.
        let stats = try #require(try await bench.server.mediaStats().files[path])
        #expect(stats.bytes <= size + Self.chunk, "sent \(stats.bytes)")
        try await bench.server.releaseMedia()
    }

    @Test("the file changed on the server between attempts (new ETag): it starts over and ends as the new file")
    func changedFileRestarts() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let path = try DownloadBench.mediaPath("wwdc2026-103")
        let size = 3_000_000
        try await bench.killMidway("103", path: path, size: size, at: 1_000_000)
        let old = try await bench.server.mediaInfo(path)
        try await bench.server.configureMedia(path, version: 2)
        let new = try await bench.server.mediaInfo(path)
        #expect(old.sha256 != new.sha256)

        let resumed = try await bench.run(["download", "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try await DownloadBench.sha256(try await bench.file("wwdc2026-103")) == new.sha256)
    }

    @Test("a cache that serves the rest of another version (a 206 whatever If-Range says): never glued, it starts over")
    func rangeOfAnotherVersionRestarts() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let path = try DownloadBench.mediaPath("wwdc2026-103")
        try await bench.killMidway("103", path: path, size: 3_000_000, at: 1_000_000)
        try await bench.server.configureMedia(path, version: 2, ignoringIfRange: true)

        let resumed = try await bench.run(["download", "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try await DownloadBench.sha256(try await bench.file("wwdc2026-103")) == (try await bench.server.mediaInfo(path)).sha256)
    }

    @Test("a link planted where the partial file goes is refused, and what it points at is untouched")
    func linkedPartRefused() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let path = try DownloadBench.mediaPath("wwdc2026-103")
        try await bench.killMidway("103", path: path, size: 2_000_000, at: 500_000)
        let part = try await bench.file("wwdc2026-103") + ".part"
        let target = bench.sandbox.directory.path("precious.txt").path
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.removeItem(atPath: part)
        try FileManager.default.createSymbolicLink(atPath: part, withDestinationPath: target)

        let resumed = try await bench.run(["download", "--resume"])
        #expect(resumed.status == 1)
        #expect(resumed.stderr.contains("not a regular file"), "\(resumed.stderr)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
    }

    @Test("the same video asked for twice (--resume and by id, into another folder) is fetched once")
    func sameVideoOnce() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let path = try DownloadBench.mediaPath("wwdc2026-103")
        try await bench.killMidway("103", path: path, size: 2_000_000, at: 800_000)
        try await bench.server.resetMediaStats()

        let other = bench.sandbox.directory.path("elsewhere").path
        let resumed = try await bench.run(["download", "--resume", "103", "--dir", other])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let stats = try #require(try await bench.server.mediaStats().files[path])
        #expect(stats.requests == 1)
        #expect(stats.bytes == 1_200_000)
    }

    @Test("downloads remove of a file another wwdc is downloading refuses and deletes nothing")
    func removeWhileDownloading() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let path = try DownloadBench.mediaPath("wwdc2026-103")
        try await bench.server.configureMedia(path, size: 2_000_000, pauseAt: 500_000, times: 1)
        let running = try bench.sandbox.start(["download", "103"])
        try await bench.server.waitForPausedMedia(path)
        #expect(try await bench.waitForPart("wwdc2026-103", reaching: 500_000))

        let removed = try await bench.run(["downloads", "remove", "103"])
        #expect(removed.status == 1)
        #expect(removed.stderr.hasPrefix("Error: wwdc2026-103 HD is being downloaded by another wwdc"), "\(removed.stderr)")
        _ = try await bench.server.releaseMedia()
        let finished = await running.finished()
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(try await DownloadBench.sha256(try await bench.file("wwdc2026-103")) == (try await bench.server.mediaInfo(path)).sha256)
    }

    @Test("a server without Range support: the resume restarts in full and the file is right")
    func serverWithoutRanges() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let path = try DownloadBench.mediaPath("wwdc2026-103")
        let size = 3_000_000
        try await bench.server.configureMedia(path, size: size, ranges: false, dropAt: 1_200_000, times: 1)
        try await bench.server.resetMediaStats()
        let result = try await bench.run(["download", "103"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await DownloadBench.sha256(try await bench.file("wwdc2026-103")) == (try await bench.server.mediaInfo(path)).sha256)
        let stats = try #require(try await bench.server.mediaStats().files[path])
        #expect(stats.bytes == 1_200_000 + size)
    }

    @Test("--jobs 3 with 6 files: never more than 3 in flight at the server")
    func boundedConcurrency() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let ids = ["101", "102", "103", "201", "202", "203"]
        let paths = try ids.map { try DownloadBench.mediaPath("wwdc2026-\($0)") }
        for path in paths { try await bench.server.configureMedia(path, size: 1_500_000, pauseAt: 500_000, times: 1) }
        try await bench.server.resetMediaStats()
        let running = try bench.sandbox.start(["download", "--jobs", "3"] + ids)
        // Three transfers paused at once: the other three cannot have started.
        try await bench.server.waitForPausedMedia("/videos/*", count: 3)
        let stats = try await bench.server.mediaStats()
        #expect(stats.inFlight == 3)
        try await bench.server.releaseMedia()
        try await bench.server.waitForPausedMedia("/videos/*", count: 3)
        try await bench.server.releaseMedia()
        let result = await running.finished()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await bench.server.mediaStats().maxInFlight == 3)
        let downloads = try await bench.downloads()
        #expect(ids.allSatisfy { downloads["wwdc2026-\($0) hd"]?["state"] as? String == "done" }, "\(downloads)")
    }

    @Test("two wwdc download processes for one file: one writer, one request, the right file")
    func twoProcessesOneWriter() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let path = try DownloadBench.mediaPath("wwdc2026-103")
        try await bench.server.configureMedia(path, size: 2_000_000, pauseAt: 800_000, times: 1)
        try await bench.server.resetMediaStats()
        let first = try bench.sandbox.start(["download", "103"])
        try await bench.server.waitForPausedMedia(path)
        #expect(try await bench.downloads()["wwdc2026-103 hd"]?["state"] as? String == "downloading")
        let second = try bench.sandbox.start(["download", "103"])
        #expect(await second.stderr(contains: "Waiting for another wwdc"))
        try await bench.server.releaseMedia()
        let (one, two) = (await first.finished(), await second.finished())
        #expect(one.status == 0, "\(one.stderr)")
        #expect(two.status == 0, "\(two.stderr)")
        #expect(two.stderr.contains("already downloaded"), "\(two.stderr)")
        let stats = try #require(try await bench.server.mediaStats().files[path])
        #expect(stats.requests == 1)
        #expect(stats.bytes == 2_000_000)
        #expect(try await DownloadBench.sha256(try await bench.file("wwdc2026-103")) == (try await bench.server.mediaInfo(path)).sha256)
    }

    @Test("503 with Retry-After: 1 is retried after at least a second")
    func retryAfter() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let path = try DownloadBench.mediaPath("wwdc2026-103")
        try await bench.server.configureMedia(path, size: 500_000)
        _ = try await bench.server.request("POST", "/_control/faults",
                                           json: ["path": path, "kind": "status", "value": 503, "retryAfter": 1, "times": 1])
        try await bench.server.clearLog()
        let result = try await bench.run(["download", "103"])
        #expect(result.status == 0, "\(result.stderr)")
        let times = try await bench.server.log().filter { $0["path"] as? String == path }.compactMap { $0["time"] as? Double }
        #expect(times.count == 2)
        if times.count == 2 { #expect(times[1] - times[0] >= 1) }
    }

    @Test("a stalled transfer is given up after the stall timeout and resumed by a retry")
    func stallRetried() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let path = try DownloadBench.mediaPath("wwdc2026-103")
        let size = 2_000_000
        try await bench.server.configureMedia(path, size: size, pauseAt: 700_000, times: 1)
        try await bench.server.resetMediaStats()
        let result = try await bench.run(["download", "103"], environment: ["WWDC_STALL_TIMEOUT": "1"])
        try await bench.server.releaseMedia()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("no data for 1 s"), "\(result.stderr)")
        #expect(try await DownloadBench.sha256(try await bench.file("wwdc2026-103")) == (try await bench.server.mediaInfo(path)).sha256)
        let stats = try #require(try await bench.server.mediaStats().files[path])
        #expect(stats.bytes <= size + Self.chunk)
    }

    @Test("--subtitles in a pipe without streams, a long transcript and none, the two files ending together: the subtitles made from the transcript, both counted")
    func subtitlesOfDownloadsEndingTogether() async throws {
        // Apple's shape: wwdc2026-102 with an hour of transcript, wwdc2026-103 with none (and no
        // digest in the manifest, so that each transcript is fetched alone).
        let bench = try await DownloadBench.start { sandbox in
            let feeds = try sandbox.copyOfFixtures()
            try DownloadBench.edit(feeds.appendingPathComponent("transcripts/transcript-manifest-eng.json")) { manifest in
                var individual = try #require(manifest["individual"] as? [String: Any])
                individual["wwdc2026-103"] = nil
                manifest["individual"] = individual
                manifest["digest"] = nil
            }
            let segments = (0..<3_600).map { [$0, "Sentence \($0) of a long talk about the new SDKs. " + ($0 % 5 == 4 ? "\n\n" : "")] as [Any] }
            try JSONSerialization.data(withJSONObject: ["wwdc2026-102": ["language": "eng", "transcript": segments]])
                .write(to: feeds.appendingPathComponent("transcripts/wwdc2026-102-transcript-eng.json"))
            return feeds
        }
        defer { bench.stop() }
        let ids = ["wwdc2026-102", "wwdc2026-103"]
        let paths = try ids.map { try DownloadBench.mediaPath($0, quality: "downloadSD") }
        let size = 1_000_000
        for path in paths { try await bench.server.configureMedia(path, size: size, pauseAt: size - 10_000, times: 1) }
        // No stream to take Apple's subtitles from, nor the feed's file: the transcripts make them.
        try await bench.server.fault("/videos/*.m3u8", "status", value: 404)
        let running = try bench.sandbox.start(["download"] + ids + ["--subtitles", "--quality", "sd"])
        // Both held just before their end, then let go one right after the other: 103 ends while
        // 102's subtitles are being written.
        try await bench.server.waitForPausedMedia("/videos/*", count: 2)
        for path in paths { _ = try await bench.server.releaseMedia(path) }
        let result = await running.finished()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Downloaded 2 files"), "\(result.stderr)")
        #expect(result.stderr.contains("wwdc2026-102 SD: en subtitles made from the transcript"), "\(result.stderr)")
        #expect(result.stderr.contains("wwdc2026-103 SD: no en subtitles: en: the stream's playlist: HTTP 404"), "\(result.stderr)")
        #expect(result.stderr.contains("no transcript to make them from; the video is kept"), "\(result.stderr)")
        let downloads = try await bench.downloads()
        #expect(ids.allSatisfy { downloads["\($0) sd"]?["state"] as? String == "done" }, "\(downloads)")
        let video = try #require(downloads["wwdc2026-102 sd"]?["path"] as? String)
        let subtitles = try String(contentsOfFile: (video as NSString).deletingPathExtension + ".vtt", encoding: .utf8)
        #expect(subtitles.hasPrefix("WEBVTT") && subtitles.contains("Sentence 3599 "))
    }

    @Test("two sessions with the same number and title (wwdc2026-103 and a wwdc2026-1030 the feed adds): two files, each its own video")
    func sameNumberAndTitle() async throws {
        let bench = try await DownloadBench.start { sandbox in
            let feeds = try sandbox.copyOfFixtures()
            try DownloadBench.edit(feeds.appendingPathComponent("contents.json")) { contents in
                var items = try #require(contents["contents"] as? [[String: Any]])
                var twin = try #require(items.first { $0["id"] as? String == "wwdc2026-103" })
                twin["id"] = "wwdc2026-1030"
                twin["staticContentId"] = 7999
                var media = try #require(twin["media"] as? [String: Any])
                media["downloadHD"] = (media["downloadHD"] as? String)?.replacingOccurrences(of: "/103/", with: "/1030/")
                twin["media"] = media
                items.append(twin)
                contents["contents"] = items
            }
            return feeds
        }
        defer { bench.stop() }
        let path = try DownloadBench.mediaPath("wwdc2026-103")
        let twinPath = path.replacingOccurrences(of: "/103/", with: "/1030/")
        try await bench.server.configureMedia(path, size: 300_000)
        try await bench.server.configureMedia(twinPath, size: 500_000)
        for id in ["wwdc2026-103", "wwdc2026-1030"] {
            let result = try await bench.run(["download", id])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let first = try await bench.file("wwdc2026-103")
        let second = try await bench.file("wwdc2026-1030")
        #expect(first != second)
        #expect(try await DownloadBench.sha256(first) == (try await bench.server.mediaInfo(path)).sha256)
        #expect(try await DownloadBench.sha256(second) == (try await bench.server.mediaInfo(twinPath)).sha256)
        let listed = try await bench.downloads()
        #expect(listed["wwdc2026-103 hd"]?["percent"] as? Int == 100 && listed["wwdc2026-1030 hd"]?["percent"] as? Int == 100, "\(listed)")
        #expect(listed["wwdc2026-103 hd"]?["state"] as? String == "done" && listed["wwdc2026-1030 hd"]?["state"] as? String == "done")
    }

    @Test("a partial download recorded under an earlier version's name goes on in that file, asked for by id")
    func earlierNameKept() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let path = try DownloadBench.mediaPath("wwdc2026-103")
        let size = 2_000_000
        try await bench.killMidway("103", path: path, size: size, at: 800_000)
        // What an earlier wwdc named the file, and recorded.
        let current = try await bench.file("wwdc2026-103")
        let earlier = bench.folder.appendingPathComponent("wwdc2026-103-apple-design-awards-hd.mp4").path
        try FileManager.default.moveItem(atPath: current + ".part", toPath: earlier + ".part")
        try ConferenceStore(path: bench.sandbox.database.path).write { db in
            try db.execute("UPDATE downloads SET path = ? WHERE session_id = 'wwdc2026-103'", [earlier])
        }
        try await bench.server.resetMediaStats()

        let result = try await bench.run(["download", "103"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await bench.file("wwdc2026-103") == earlier)
        #expect(try await DownloadBench.sha256(earlier) == (try await bench.server.mediaInfo(path)).sha256)
        #expect(try #require(try await bench.server.mediaStats().files[path]).bytes == size - 800_000)
        #expect(!FileManager.default.fileExists(atPath: current))
    }

    @Test("in a pipe, a download under way prints a line every few seconds: bytes, share done, rate and time left")
    func plainProgressLines() async throws {
        let (bench, path) = try await DownloadBench.holding103()
        defer { bench.stop() }
        let running = try bench.sandbox.start(["download", "103"])
        try await bench.server.waitForPausedMedia(path)
        // Nothing comes while the server holds the rest: the line comes all the same.
        #expect(await running.stderr(contains: "wwdc2026-103 HD: 1.0 MB of 3.0 MB · 33% · "), "\(running.stderrSoFar)")
        try await bench.server.releaseMedia()
        let result = await running.finished()
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stderr.split(separator: "\n").first { $0.hasPrefix("wwdc2026-103 HD: 1.0 MB of 3.0 MB") })
        #expect(line.hasSuffix(" left") && line.contains("/s · "), "\(line)")
        #expect(!result.stderr.contains("\u{1B}"))
    }

    @Test("a 404 fails at once with the reason, the others still land, exit 1; --json summarises")
    func partialFailure() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let missing = try DownloadBench.mediaPath("wwdc2026-102")
        _ = try await bench.server.request("POST", "/_control/faults", json: ["path": missing, "kind": "status", "value": 404])
        let result = try await bench.run(["download", "101", "102", "--json"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("1 of 2 downloads failed"), "\(result.stderr)")
        #expect(result.stderr.contains("HTTP 404"), "\(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result.stdout)")
        #expect(Set(rows.compactMap { $0["state"] as? String }) == ["done", "failed"])
        let listed = try await bench.downloads()
        #expect(listed["wwdc2026-102 hd"]?["state"] as? String == "failed")
        #expect((listed["wwdc2026-102 hd"]?["error"] as? String)?.contains("404") == true)
    }

    @Test("bad command lines exit 64; a session without that file is skipped and said")
    func usage() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        #expect(try await bench.run(["download"]).status == 64)
        #expect(try await bench.run(["download", "101", "--quality", "4k"]).status == 64)
        #expect(try await bench.run(["download", "101", "--jobs", "0"]).status == 64)
        for value in ["inf", "nan", "1e300", "0", "soon"] {
            let stall = try await bench.run(["download", "101"], environment: ["WWDC_STALL_TIMEOUT": value])
            #expect(stall.status == 1)
            #expect(stall.stderr.hasPrefix("Error: WWDC_STALL_TIMEOUT is '\(value)'"), "\(stall.stderr)")
        }
        let lab = try await bench.run(["download", "wwdc2026-8001"])
        #expect(lab.status == 1)
        #expect(lab.stderr.hasPrefix("Error: wwdc2026-8001 has no HD video file"), "\(lab.stderr)")
        let mixed = try await bench.run(["download", "wwdc2026-8001", "101"])
        #expect(mixed.status == 0, "\(mixed.stderr)")
        #expect(mixed.stderr.contains("Skipped: wwdc2026-8001 has no HD video file"), "\(mixed.stderr)")
    }

    @Test("watch of a downloaded session gives the player the local file; session and videos show it; remove deletes it")
    func watchPlaysLocalFile() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let result = try await bench.run(["download", "101", "--subtitles"])
        #expect(result.status == 0, "\(result.stderr)")
        let file = try await bench.file("wwdc2026-101")
        #expect(FileManager.default.fileExists(atPath: (file as NSString).deletingPathExtension + ".vtt"))
        #expect(file.hasSuffix("/wwdc2026-101_keynote_hd.mp4"))

        let player = try await RecordingPlayer("mpv", in: bench.sandbox.directory)
        let watched = try await bench.run(["watch", "101", "--at", "1:00"], environment: ["WWDC_PLAYER": player.script.path, "WWDC_NOW": "2026-07-01T10:00:00Z"])
        #expect(watched.status == 0, "\(watched.stderr)")
        let arguments = player.arguments ?? []
        #expect(arguments.last == file, "\(arguments)")

        let session = try await bench.run(["session", "101"])
        #expect(session.stdout.contains("Downloaded"), "\(session.stdout)")
        let videos = try await bench.run(["videos", "--downloaded", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(videos.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == ["wwdc2026-101"])

        let removed = try await bench.run(["downloads", "remove", "101"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try await bench.downloads().isEmpty)
    }
}

@Suite("wwdc download on a terminal", .offThePool)
struct DownloadInterruptTests {
    @Test("Ctrl-C on a pty: exit 130, partial files kept, the terminal sane, downloads lists them as partial")
    func ctrlC() async throws {
        let (bench, path) = try await DownloadBench.holding103()
        defer { bench.stop() }
        let server = bench.server
        let environment = bench.terminalEnvironment
        async let outcome = TerminalSession.run(["download", "103"], environment: environment, script: [
            .expect("wwdc2026-103"), .wait { try await server.waitForPausedMedia(path) },
            .wait { _ = try await bench.waitForPart("wwdc2026-103", reaching: 1_000_000) },
            // The live line: bytes of the total and the share done.
            .expect("of 3.0 MB"), .expect("%"),
            .type("\u{3}"), .expect("nterrupted"),
        ])
        let finished = try await outcome
        try await server.releaseMedia()
        #expect(finished.problem == nil, "\(finished.problem ?? "")\n\(finished.transcript)")
        #expect(finished.exit == .exited(130))
        #expect(finished.sttyAfter == finished.sttyBefore)
        let row = try #require(try await bench.downloads()["wwdc2026-103 hd"])
        #expect(row["state"] as? String == "partial")
        #expect((row["bytes"] as? Int ?? 0) >= 1_000_000)
    }
}

extension DownloadInterruptTests {
    /// The lines a live display drew, escape sequences taken out, one per redraw.
    static func drawnLines(_ transcript: String) -> [String] {
        transcript.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[ -/]*[@-~]", with: "", options: .regularExpression)
            .split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).map(String.init)
    }

    @Test("Ctrl-C during two downloads on a pty: each line and the total line say they were interrupted, none complete")
    func ctrlCTotal() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        for id in ["wwdc2026-103", "wwdc2026-201"] {
            try await bench.server.configureMedia(try DownloadBench.mediaPath(id), size: 3_000_000, pauseAt: 1_000_000, times: 1)
        }
        let server = bench.server
        var environment = bench.sandbox.environment()
        environment["NO_COLOR"] = nil
        let finished = try await TerminalSession.run(["download", "103", "201"], environment: environment, script: [
            .wait { try await server.waitForPausedMedia("/videos/*", count: 2) },
            .expect("total"), .expect("of 3.0 MB"),
            .type("\u{3}"), .expect("Interrupted: 0 files complete"),
        ])
        try await server.releaseMedia()
        #expect(finished.problem == nil, "\(finished.problem ?? "")\n\(finished.transcript)")
        #expect(finished.exit == .exited(130))
        // What was drawn, not the screen it left: the terminal echoes ^C into the output whenever it
        // comes, even inside an escape sequence of a redraw.
        let drawn = Self.drawnLines(finished.transcript)
        #expect(Set(drawn.filter { $0.contains("interrupted; the partial file is kept") }).count == 2, "\(drawn)")
        #expect(drawn.contains { $0.contains("– total — interrupted: 0 of 2 files complete") }, "\(drawn)")
        #expect(!drawn.contains { $0.contains("✓ total") }, "\(drawn)")
    }

    @Test("at 40 columns a download's live line keeps the share done and the time left, cutting the title first")
    func narrowProgressLine() async throws {
        let (bench, path) = try await DownloadBench.holding103()
        defer { bench.stop() }
        let server = bench.server
        let environment = bench.terminalEnvironment
        let finished = try await TerminalSession.run(["download", "103"], environment: environment, columns: 40, script: [
            .wait { try await server.waitForPausedMedia(path) },
            .expect("33% · "), .expect(" left"),
            .wait { _ = try await server.releaseMedia() },
            .expect("Downloaded 1 file"),
        ])
        #expect(finished.problem == nil, "\(finished.problem ?? "")\n\(finished.transcript)")
        #expect(finished.exit == .exited(0))
        let drawn = Self.drawnLines(finished.transcript).filter { $0.contains("33% · ") && $0.hasSuffix(" left") }
        #expect(!drawn.isEmpty, "\(Self.drawnLines(finished.transcript))")
        for line in drawn {
            #expect(line.count <= 39 && line.contains(" wwdc2026-103 HD ") && line.contains("…  33% · "), "\(line)")
        }
    }

    @Test("with TERM=dumb on a terminal, a download under way prints a plain line every few seconds")
    func dumbTerminalProgressLines() async throws {
        let (bench, path) = try await DownloadBench.holding103()
        defer { bench.stop() }
        let server = bench.server
        var environment = bench.sandbox.environment()
        environment["TERM"] = "dumb"
        let finished = try await TerminalSession.run(["download", "103"], environment: environment, script: [
            .wait { try await server.waitForPausedMedia(path) },
            .expect("wwdc2026-103 HD: 1.0 MB of 3.0 MB · 33% · "),
            .wait { _ = try await server.releaseMedia() },
            .expect("Downloaded 1 file"),
        ])
        #expect(finished.problem == nil, "\(finished.problem ?? "")\n\(finished.transcript)")
        #expect(finished.exit == .exited(0))
        #expect(!finished.transcript.contains("\u{1B}["), "\(finished.transcript)")
    }

    @Test("downloads on a terminal: aligned in columns like favorite list, fitted to the width; tab-separated in a pipe")
    func downloadsAligned() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        try await bench.server.configureMedia(try DownloadBench.mediaPath("wwdc2026-101"), size: 200_000)
        #expect(try await bench.run(["download", "101"]).status == 0)
        _ = try await bench.server.request("POST", "/_control/faults", json: ["path": try DownloadBench.mediaPath("wwdc2026-102"), "kind": "status", "value": 404])
        #expect(try await bench.run(["download", "102"]).status == 1)
        try await bench.killMidway("103", path: try DownloadBench.mediaPath("wwdc2026-103"), size: 2_000_000, at: 500_000)
        let environment = bench.sandbox.environment()
        for columns in [120, 60] {
            let screen = try await onThread { () throws -> String in
                let pty = try PseudoTerminal(columns: UInt16(columns), rows: 40)
                try pty.spawn(CommandRunner.wwdc.path, ["downloads"], environment: environment)
                _ = try pty.waitForExit()
                try pty.drain()
                return pty.transcript.replacingOccurrences(of: "\r\n", with: "\n")
            }
            let lines = screen.split(separator: "\n").map(String.init)
            #expect(lines.count == 3, "\(screen)")
            #expect(!screen.contains("\t"), "\(screen)")
            // Every column starts where the one above it does.
            let states = lines.compactMap { line in ["done", "failed", "partial"].compactMap { line.range(of: "  " + $0)?.lowerBound }.first }
                .map { lines[0].distance(from: lines[0].startIndex, to: $0) }
            #expect(states.count == 3 && Set(states).count == 1, "\(screen)")
            #expect(lines.allSatisfy { $0.count <= columns }, "\(screen)")
            #expect(lines.contains { $0.hasPrefix("wwdc2026-103 HD  partial 25%") }, "\(screen)")
            if columns == 120 {
                let sizes = lines.compactMap { $0.firstRange(of: #/\d+(\.\d)? (B|KB|MB)/#)?.lowerBound }.enumerated()
                    .map { lines[$0.offset].distance(from: lines[$0.offset].startIndex, to: $0.element) }
                #expect(sizes.count == 3 && Set(sizes).count == 1, "\(screen)")
                #expect(lines.contains { $0.contains("500 KB of 2.0 MB") }, "\(screen)")
                #expect(lines.contains { $0.contains("~/data/wwdc/downloads/wwdc2026-101_keynote_hd.mp4") }, "\(screen)")
                #expect(lines.contains { $0.contains("failed") && $0.contains("HTTP 404") }, "\(screen)")
            }
        }
        let piped = try await bench.run(["downloads"])
        let rows = piped.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(rows.count == 3 && rows.allSatisfy { $0.count >= 5 && $0[4].hasPrefix("/") }, "\(piped.stdout)")
    }

    @Test("a resize while a download's live line is shown: the next paints leave no stale row")
    func resizeDuringProgress() async throws {
        let (bench, path) = try await DownloadBench.holding103()
        defer { bench.stop() }
        let server = bench.server
        let environment = bench.terminalEnvironment
        let finished = try await TerminalSession.run(["download", "103"], environment: environment, script: [
            .expect("wwdc2026-103"), .wait { try await server.waitForPausedMedia(path) },
            .expect("of 3.0 MB"), .expect("%"),
            .resize(columns: 30, rows: 30),
            .wait { _ = try await server.releaseMedia() },
            .expect("Downloaded 1 file"),
        ])
        #expect(finished.problem == nil, "\(finished.problem ?? "")\n\(finished.transcript)")
        #expect(finished.exit == .exited(0))
        let lines = Screen(finished.transcript, columns: 100, resizedAt: try #require(finished.resizedAt.first), to: 30).lines
        // The live line ("… of 3.0 MB · 33%", cut to the width) is gone once the file is done: what
        // was drawn at 100 columns and rewrapped at 30 is erased by its new height.
        #expect(lines.filter { $0.contains(" of ") || $0.contains("%") }.isEmpty, "\(lines)")
        #expect(lines.filter { $0.contains("wwdc2026-103 HD") }.count == 1, "\(lines)")
        #expect(lines.filter { $0.contains("Downloaded 1 file") }.count == 1, "\(lines)")
    }
}

/// A small tmpfs to fill up: mounting needs privileges, so the test is skipped where it is refused.
struct SmallDisk {
    let mountPoint: URL

    static let canMount: Bool = {
        guard let probe = try? TemporaryDirectory("wwdc-tmpfs-probe") else { return false }
        defer { probe.remove() }
        guard (try? CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", probe.url.path]))?.status == 0 else {
            return false
        }
        _ = try? CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["umount", probe.url.path])
        return true
    }()

    init(at mountPoint: URL, megabytes: Int) throws {
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let mounted = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["mount", "-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", mountPoint.path])
        guard mounted.status == 0 else { throw BrowseSandbox.Failure(message: "mount failed: \(mounted.stderr)") }
        self.mountPoint = mountPoint
    }

    func unmount() {
        _ = try? CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["umount", mountPoint.path])
    }
}

@Suite("wwdc download on a full disk", .enabled(if: SmallDisk.canMount, "mounting a tmpfs is not allowed here"), .offThePool)
struct DownloadFullDiskTests {
    @Test("the disk fills up mid-way: a clear error, the partial file kept, and resumable once there is room")
    func diskFull() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let disk = try SmallDisk(at: bench.sandbox.directory.path("small"), megabytes: 3)
        defer { disk.unmount() }
        let folder = disk.mountPoint.appendingPathComponent("videos")
        let path = try DownloadBench.mediaPath("wwdc2026-103")
        let size = 2_000_000
        try await bench.server.configureMedia(path, size: size, pauseAt: 1_000_000, times: 1)

        let running = try bench.sandbox.start(["download", "103", "--dir", folder.path])
        try await bench.server.waitForPausedMedia(path)
        // Past the space check: what came before the pause is on disk.
        #expect(try await bench.waitForPart("wwdc2026-103", reaching: 1_000_000, in: folder))
        // The space checked at the start is taken by someone else meanwhile.
        let filler = disk.mountPoint.appendingPathComponent("filler")
        try Data(count: 1_600_000).write(to: filler)
        try await bench.server.releaseMedia()
        let failed = await running.finished()
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("the disk is full"), "\(failed.stderr)")
        #expect(failed.stderr.components(separatedBy: "Error:").count == 2, "\(failed.stderr)")
        let row = try #require(try await bench.downloads()["wwdc2026-103 hd"])
        #expect(row["state"] as? String == "failed")
        #expect((row["bytes"] as? Int ?? 0) >= 1_000_000)

        try FileManager.default.removeItem(at: filler)
        let resumed = try await bench.run(["download", "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try await DownloadBench.sha256(try await bench.file("wwdc2026-103")) == (try await bench.server.mediaInfo(path)).sha256)
    }

    @Test("not enough room from the start: refused before any byte, saying how much is needed")
    func notEnoughSpace() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let disk = try SmallDisk(at: bench.sandbox.directory.path("small"), megabytes: 1)
        defer { disk.unmount() }
        let path = try DownloadBench.mediaPath("wwdc2026-103")
        try await bench.server.configureMedia(path, size: 3_000_000)
        let result = try await bench.run(["download", "103", "--dir", disk.mountPoint.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("not enough space"), "\(result.stderr)")
    }
}
