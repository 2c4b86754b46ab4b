import Foundation
import Operations
import TestSupport
import TestTraits
import Testing

/// Media addresses in plain http, as Apple's own live stream was in 2017: asked for over https (no
/// request made first); one refused even so gives way to the downloaded file, then to the recorded
/// video, and only when nothing is left does the error name it.
@Suite("media addresses: plain http asked for over https", .offThePool)
struct MediaAddressTests {
    /// During the keynote of the sample conference, whose live stream is on the air.
    static let keynote = ["WWDC_NOW": "2026-06-08T11:00:00-07:00"]
    static let live = "http://devstreaming.example.com/videos/wwdc/2026/live/8d54138c0f9def6a/hls_mvp.m3u8"

    /// Sets the keynote's live stream to `address` (both of its URLs) and its recorded video's to
    /// `recorded` (all of them), when given, in the feeds `root`, and syncs them.
    static func serve(live address: String, recorded: String? = nil, in root: URL, bench: DownloadBench) async throws {
        try FeedFiles.edit(root.appendingPathComponent("videos_live.json")) { object in
            var sessions = object["live_sessions"] as? [String: Any] ?? [:]
            var keynote = sessions["101"] as? [String: Any] ?? [:]
            keynote["iosUrl"] = address
            keynote["tvosUrl"] = address
            sessions["101"] = keynote
            object["live_sessions"] = sessions
        }
        if let recorded {
            try FeedFiles.editItem("wwdc2026-101", in: root) { item in
                var media = item["media"] as? [String: Any] ?? [:]
                for key in ["hls", "downloadHD", "downloadSD", "tvOShls"] { media[key] = recorded }
                item["media"] = media
            }
        }
        let synced = try await bench.run(["sync", "--source", bench.server.baseURL.absoluteString])
        try #require(synced.status == 0, "\(synced.stderr)")
    }

    @Test("watch during the keynote: the plain http live stream over https; failing or refused, the downloaded file, else the recorded video; nothing left, the error names it")
    func liveStream() async throws {
        let root = Locked<URL?>(nil)
        let bench = try await DownloadBench.start { sandbox in
            let copy = try sandbox.copyOfFixtures()
            root.withLock { $0 = copy }
            return copy
        }
        defer { bench.stop() }
        let feeds = try #require(root.withLock { $0 })

        try await Self.serve(live: Self.live, in: feeds, bench: bench)
        let upgraded = try await bench.run(["watch", "101", "--print-url"], environment: Self.keynote)
        #expect(upgraded.status == 0, "\(upgraded.stderr)")
        #expect(upgraded.stdout == "https://devstreaming.example.com/videos/wwdc/2026/live/8d54138c0f9def6a/hls_mvp.m3u8\n")

        // The player cannot play it over https (as a live stream served in plain http only): the downloaded file.
        let download = try await bench.run(["download", "101"])
        #expect(download.status == 0, "\(download.stderr)")
        let file = try await bench.file("wwdc2026-101")
        let player = try await RecordingPlayer(script: bench.sandbox.directory.path("player"), log: bench.sandbox.directory.path("player.log"),
                                               then: #"case "$1" in https://devstreaming.example.com/*) exit 2;; esac"#)
        let fellBack = try await bench.run(["watch", "101"], environment: Self.keynote.merging(["WWDC_PLAYER": player.script.path]) { $1 })
        #expect(fellBack.status == 0, "\(fellBack.stderr)")
        #expect(fellBack.stderr.contains("could not play https://devstreaming.example.com/videos/wwdc/2026/live/8d54138c0f9def6a/hls_mvp.m3u8 (status 2): playing the downloaded video instead."),
                "\(fellBack.stderr)")
        #expect(player.runs.compactMap(\.first) == ["https://devstreaming.example.com/videos/wwdc/2026/live/8d54138c0f9def6a/hls_mvp.m3u8", file])

        // A user name and password in it: refused over https too; the downloaded file, else the recorded video.
        let refused = "http://ada:secret@devstreaming.example.com/live/hls_mvp.m3u8"
        try await Self.serve(live: refused, in: feeds, bench: bench)
        let downloaded = try await bench.run(["watch", "101", "--print-url"], environment: Self.keynote)
        #expect(downloaded.status == 0, "\(downloaded.stderr)")
        #expect(downloaded.stdout == file + "\n")

        #expect(try await bench.run(["downloads", "remove", "101"]).status == 0)
        let recorded = try await bench.run(["watch", "101", "--print-url"], environment: Self.keynote)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let page = try #require(try JSONSerialization.jsonObject(with: Data(try await bench.run(["session", "101", "--json"]).stdout.utf8)) as? [String: Any])
        let stream = try #require((page["video"] as? [String: Any])?["stream"] as? String)
        #expect(recorded.stdout == stream + "\n", "\(recorded.stdout)")
        #expect(stream.hasPrefix(bench.server.baseURL.absoluteString))

        // Nothing left: no download, the recorded video refused too.
        try await Self.serve(live: refused, recorded: "ftp://devstreaming.example.com/101.mp4", in: feeds, bench: bench)
        let none = try await bench.run(["watch", "101", "--print-url"], environment: Self.keynote)
        #expect(none.status == 1, "\(none.stderr)")
        #expect(none.stdout.isEmpty)
        #expect(none.errorLines == ["Error: the video's address is not a web address wwdc will give a player: http://devstreaming.example.com/live/hls_mvp.m3u8"],
                "\(none.stderr)")
        #expect(!none.stderr.contains("secret"))
    }

    @Test("download and photos: a plain http address of another host is asked for over https; failing there with nothing else left, the error names the https address asked for, in one line")
    func downloadAndPictureName() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let feeds = try sandbox.copyOfFixtures()
        // A name under .invalid is never any host's: the https request fails at once, without the network.
        try FeedFiles.editItem("wwdc2026-101", in: feeds) { item in
            var media = item["media"] as? [String: Any] ?? [:]
            media["downloadHD"] = "http://devstreaming.invalid/videos/wwdc/2026/101/101_hd.mp4"
            item["media"] = media
        }
        try FeedFiles.edit(feeds.appendingPathComponent("contents.json")) { contents in
            var events = contents["events"] as? [[String: Any]] ?? []
            for index in events.indices where events[index]["id"] as? String == "wwdc2026" {
                events[index]["imagesPath"] = "http://images.invalid/wwdc/2026"
            }
            contents["events"] = events
        }
        let synced = try await sandbox.run(["sync", "--source", feeds.path])
        try #require(synced.status == 0, "\(synced.stderr)")

        let download = try await sandbox.run(["download", "101"], environment: ["WWDC_STALL_TIMEOUT": "5"])
        #expect(download.status == 1, "\(download.stderr)")
        let error = download.errorLines.last ?? ""
        #expect(error.contains("https://devstreaming.invalid/videos/wwdc/2026/101/101_hd.mp4 (the feed's plain http address, asked for over https) failed: cannot reach devstreaming.invalid"),
                "\(download.stderr)")

        let photos = try await sandbox.run(["photos", "101"])
        #expect(photos.status == 1, "\(photos.stderr)")
        let line = photos.stderr.split(separator: "\n").first { $0.hasPrefix("Could not fetch") }.map(String.init) ?? ""
        #expect(line.contains(": https://images.invalid/wwdc/2026/") && line.contains("(the feed's plain http address, asked for over https) failed: "),
                "\(photos.stderr)")
    }
}
