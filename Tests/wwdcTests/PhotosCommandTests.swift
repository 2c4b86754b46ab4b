import Foundation
import TestSupport
import TestTraits
import Testing

/// A conference served with its pictures (the reference server's `--rebase-images`: generated
/// JPEGs, or PNGs, at the addresses the picture rules give), synced into a sandbox.
struct PictureBench {
    let sandbox: Sandbox
    let server: ReferenceServer

    static func start(root: URL = ProjectPaths.fixtures, png: Bool = false) async throws -> PictureBench {
        let sandbox = try Sandbox()
        let server = try await ReferenceServer.start(root: root, arguments: ["--rebase-images"] + (png ? ["--picture-format", "png"] : []))
        let bench = PictureBench(sandbox: sandbox, server: server)
        let synced = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString, "--quiet"])
        #expect(synced.status == 0, "\(synced.stderr)")
        return bench
    }

    func stop() {
        server.stop()
        sandbox.remove()
    }

    /// The picture cache of the sandbox's runs (HOME is the sandbox, XDG_CACHE_HOME unset).
    var cache: URL { sandbox.directory.path(".cache/wwdc/images") }

    /// `wwdc photos ... --json` as rows, with the run.
    func photos(_ arguments: [String], environment: [String: String] = [:]) async throws -> (rows: [[String: Any]], result: CommandResult) {
        let result = try await sandbox.run(["photos"] + arguments + ["--json"], environment: environment)
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        return (rows ?? [], result)
    }

    /// A new empty folder in the sandbox (a PATH without chafa), its path.
    func emptyFolder(_ name: String) throws -> String {
        let folder = sandbox.directory.path(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }

    /// `session <id> --json`'s `imageURL`.
    func sessionImageURL(_ id: String) async throws -> String? {
        let result = try await sandbox.run(["session", id, "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])["imageURL"] as? String
    }

    /// The pictures' requests the server saw: (path, status, sent If-None-Match).
    func pictureRequests() async throws -> [(path: String, status: Int?, conditional: Bool)] {
        try await server.log().compactMap { entry in
            guard let path = entry["path"] as? String, path.hasSuffix(".jpg") || path.hasSuffix(".jpeg") else { return nil }
            return (path, entry["status"] as? Int, entry["ifNoneMatch"] as? Bool ?? false)
        }
    }

    /// The files of the cache folder (the lock file aside).
    func cacheFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0 != ".lock" }.sorted()
    }
}

/// Whether `data` is a whole JPEG (start and end markers) of `width`x`height`, read from its frame header.
func jpegSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data)
    guard bytes.starts(with: [0xFF, 0xD8]), bytes.suffix(2) == [0xFF, 0xD9] else { return nil }
    var index = 2
    while index + 9 < bytes.count, bytes[index] == 0xFF {
        let marker = bytes[index + 1], length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
        if marker == 0xC0 || marker == 0xC2 {
            return (Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]), Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]))
        }
        index += 2 + length
    }
    return nil
}

@Suite("wwdc photos: pictures fetched into the cache", .offThePool)
struct PhotosCommandTests {
    @Test("a session's picture and a news gallery are fetched, named and sized; a second call only asks whether they changed")
    func fetchesAndRevalidates() async throws {
        let bench = try await PictureBench.start()
        defer { bench.stop() }
        let session = try await bench.photos(["101"])
        #expect(session.result.status == 0, "\(session.result.stderr)")
        let row = try #require(session.rows.first)
        #expect(session.rows.count == 1)
        #expect(row["id"] as? String == "wwdc2026-101")
        // The sample's imageTypes list wide 320x180, 640x360 and 1280x720: the smallest at least 900 wide.
        #expect(row["url"] as? String == bench.server.url("/images/2026/7001/7001_wide_1280x720_1x.jpg").absoluteString)
        #expect(row["width"] as? Int == 1280 && row["height"] as? Int == 720)
        let path = try #require(row["path"] as? String)
        #expect(path.hasPrefix(bench.cache.path + "/"))
        let size = jpegSize(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(size?.width == 1280 && size?.height == 720)

        let gallery = try await bench.photos(["5019BF05-852C-5288-9ACD-D87EA7D13FE6", "--size", "300"])
        #expect(gallery.result.status == 0, "\(gallery.result.stderr)")
        #expect(gallery.rows.map { $0["url"] as? String } == ["7D2EC85D-9A37-502D-8954-240B28801303", "431EBA99-77E0-5073-92C5-0C2589F23E31"]
            .map { bench.server.url("/\($0)/512.jpeg").absoluteString })
        #expect(gallery.rows.allSatisfy { $0["width"] as? Int == 512 && $0["height"] as? Int == 341 })
        #expect(Set(gallery.rows.compactMap { $0["path"] as? String }).count == 2)

        try await bench.server.clearLog()
        let again = try await bench.photos(["101"])
        let galleryAgain = try await bench.photos(["5019BF05-852C-5288-9ACD-D87EA7D13FE6", "--size", "300"])
        #expect(again.rows.first?["path"] as? String == path)
        #expect(galleryAgain.rows.map { $0["path"] as? String } == gallery.rows.map { $0["path"] as? String })
        let requests = try await bench.pictureRequests()
        #expect(requests.count == 3)
        #expect(requests.allSatisfy { $0.status == 304 && $0.conditional }, "\(requests)")
    }

    @Test("--size picks a session picture's size among the feed's imageTypes; a feed without them gets ConfCore's 900x506")
    func sessionSizes() async throws {
        let bench = try await PictureBench.start()
        defer { bench.stop() }
        // The sample's wide sizes: 320x180, 640x360, 1280x720.
        for (size, expected) in [("300", "320x180"), ("320", "320x180"), ("321", "640x360"), ("900", "1280x720"), ("5000", "1280x720")] {
            let run = try await bench.photos(["101", "--size", size])
            #expect(run.result.status == 0, "\(run.result.stderr)")
            let row = try #require(run.rows.first)
            #expect(row["url"] as? String == bench.server.url("/images/2026/7001/7001_wide_\(expected)_1x.jpg").absoluteString, "--size \(size)")
            let file = try #require(jpegSize(try Data(contentsOf: URL(fileURLWithPath: row["path"] as? String ?? ""))))
            #expect("\(file.width)x\(file.height)" == expected && row["width"] as? Int == file.width && row["height"] as? Int == file.height)
        }
        // session --json names the picture photos fetches by default.
        try await #expect(bench.sessionImageURL("101") == bench.photos(["101"]).rows.first?["url"] as? String)
        #expect(try await bench.sessionImageURL("101") == bench.server.url("/images/2026/7001/7001_wide_1280x720_1x.jpg").absoluteString)

        // The same conference from a feed without imageTypes: the next sync forgets the sizes.
        let feeds = try bench.sandbox.copyOfFixtures()
        let contentsURL = feeds.appendingPathComponent("contents.json")
        var contents = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: contentsURL)) as? [String: Any])
        contents["imageTypes"] = nil
        try JSONSerialization.data(withJSONObject: contents).write(to: contentsURL)
        let server = try await ReferenceServer.start(root: feeds, arguments: ["--rebase-images"])
        defer { server.stop() }
        let synced = try await bench.sandbox.run(["sync", "--source", server.baseURL.absoluteString, "--quiet"])
        try #require(synced.status == 0, "\(synced.stderr)")
        for size in ["300", "900", "5000"] {
            let run = try await bench.photos(["101", "--size", size])
            #expect(run.rows.first?["url"] as? String == server.url("/images/2026/7001/7001_wide_900x506_1x.jpg").absoluteString, "--size \(size)")
            #expect(run.rows.first?["width"] as? Int == 900 && run.rows.first?["height"] as? Int == 506)
        }
        #expect(try await bench.sessionImageURL("101") == server.url("/images/2026/7001/7001_wide_900x506_1x.jpg").absoluteString)
    }

    @Test("a picture answered 404 is reported, the others still come; none at all exits 1")
    func missingPicture() async throws {
        let bench = try await PictureBench.start()
        defer { bench.stop() }
        try await bench.server.fault("/7D2EC85D-9A37-502D-8954-240B28801303/*", "status", value: 404)
        let gallery = try await bench.photos(["5019BF05-852C-5288-9ACD-D87EA7D13FE6"])
        #expect(gallery.result.status == 0)
        #expect(gallery.rows.map { $0["id"] as? String } == ["431EBA99-77E0-5073-92C5-0C2589F23E31"])
        #expect(gallery.result.stderr.contains("Could not fetch 7D2EC85D-9A37-502D-8954-240B28801303: HTTP 404"), "\(gallery.result.stderr)")

        try await bench.server.fault("/images/*", "status", value: 404)
        let session = try await bench.photos(["101"])
        #expect(session.result.status == 1)
        #expect(session.rows.isEmpty)
        #expect(session.result.stderr.contains("Could not fetch wwdc2026-101: HTTP 404"), "\(session.result.stderr)")
        #expect(session.result.errorLines == ["Error: the picture of 101 could not be fetched."])
    }

    @Test("two processes fetching at once share the cache: one whole picture, no temporary file left")
    func concurrentProcesses() async throws {
        let bench = try await PictureBench.start()
        defer { bench.stop() }
        let path = "/images/2026/7001/7001_wide_1280x720_1x.jpg"
        let hold = try await bench.server.hold(path, times: 2)
        let first = try bench.sandbox.start(["photos", "101", "--json"])
        let second = try bench.sandbox.start(["photos", "101", "--json"])
        try await bench.server.waitForHeld(hold, count: 2)
        try await bench.server.release(hold)
        let results = [await first.finished(), await second.finished()]
        let paths = try results.map { result in
            #expect(result.status == 0, "\(result.stderr)")
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            return try #require(rows.first?["path"] as? String)
        }
        #expect(paths[0] == paths[1])
        let files = try bench.cacheFiles()
        #expect(files.count == 2, "\(files)")  // the picture and its record
        let served = try await bench.server.request("GET", path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: paths[0])) == served)
    }

    @Test("the cache keeps to its size: the pictures used longest ago go first")
    func eviction() async throws {
        let bench = try await PictureBench.start()
        defer { bench.stop() }
        let small = ["WWDC_IMAGE_CACHE_MB": "0"]
        // With room for nothing, a run still keeps its own pictures, and removes the others.
        let session = try await bench.photos(["101"], environment: small)
        let sessionPath = try #require(session.rows.first?["path"] as? String)
        let gallery = try await bench.photos(["5019BF05-852C-5288-9ACD-D87EA7D13FE6"], environment: small)
        #expect(gallery.rows.count == 2)
        #expect(!FileManager.default.fileExists(atPath: sessionPath))
        for row in gallery.rows { #expect(FileManager.default.fileExists(atPath: row["path"] as? String ?? "")) }
        #expect(try bench.cacheFiles().count == 4)
    }
}

@Suite("wwdc photos: hostile ids and addresses", .offThePool)
struct PhotosHostileTests {
    @Test("photo ids, news ids and images paths from a feed never put a file outside the cache or the folder asked for")
    func hostileNames() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let feeds = try sandbox.copyOfFixtures()
        // A news item whose photo ids are paths, options and escapes; one whose id is a path (skipped by
        // the sync: an id is letters, digits, '-', '_' and '.').
        let newsURL = feeds.appendingPathComponent("news.json")
        var news = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: newsURL)) as? [String: Any])
        var items = try #require(news["items"] as? [[String: Any]])
        items.append(["id": "hostile-news", "title": "Hostile", "timestamp": 1_780_000_000,
                      "photos": [["id": "../../../../etc/passwd", "ratio": 1.5], ["id": "-rf", "ratio": 1.5],
                                 ["id": "a/b", "ratio": 1.5], ["id": "GOOD-1", "ratio": 1.5]]])
        items.append(["id": "../../../escaped", "title": "Hostile id", "timestamp": 1_780_000_000, "photos": [["id": "GOOD-2", "ratio": 1.5]]])
        news["items"] = items
        try JSONSerialization.data(withJSONObject: news).write(to: newsURL)
        // An event whose imagesPath is a path, not an address.
        let contentsURL = feeds.appendingPathComponent("contents.json")
        var contents = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: contentsURL)) as? [String: Any])
        var events = try #require(contents["events"] as? [[String: Any]])
        for index in events.indices where events[index]["id"] as? String == "wwdc2026" {
            events[index]["imagesPath"] = "../../../2026"
        }
        contents["events"] = events
        try JSONSerialization.data(withJSONObject: contents).write(to: contentsURL)

        let server = try await ReferenceServer.start(root: feeds, arguments: ["--rebase-images"])
        defer { server.stop() }
        let sync = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString, "--json"])
        #expect(sync.status == 0)
        let skipped = (try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [String: Any])?["skipped"] as? [[String: Any]] ?? []
        #expect(skipped.contains { $0["feed"] as? String == "news.json" && $0["field"] as? String == "id" }, "\(skipped)")
        let before = try Self.files(under: sandbox.directory.url)
        let out = sandbox.directory.path("out")
        let result = try await sandbox.run(["photos", "hostile-news", "--dir", out.path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == ["GOOD-1"])
        for id in ["../../../../etc/passwd", "-rf", "a/b"] {
            #expect(result.stderr.contains("Skipped: hostile-news has no picture: the photo id '\(id)' is not letters, digits and dashes"),
                    "\(result.stderr)")
        }
        let session = try await sandbox.run(["photos", "101", "--dir", out.path])
        #expect(session.status == 1)
        #expect(session.errorLines == ["Error: wwdc2026-101 has no picture: its event's imagesPath is not an address: ../../../2026"], "\(session.stderr)")

        // Every new file is in the cache or in the folder asked for, named only with safe characters.
        let added = try Self.files(under: sandbox.directory.url).subtracting(before)
        let cache = sandbox.directory.path(".cache/wwdc/images").path + "/"
        #expect(!added.isEmpty)
        for file in added {
            let inCache = file.hasPrefix(cache), inOut = file.hasPrefix(out.path + "/")
            #expect(inCache || inOut, "\(file)")
            let name = (file as NSString).lastPathComponent
            #expect(name.wholeMatch(of: #/(\.lock|[0-9a-f]{32}\.(jpg|json)|[a-z0-9_-]+\.jpg)/#) != nil, "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.directory.url.deletingLastPathComponent().appendingPathComponent("escaped").path))
    }

    /// Every regular file under `folder`, by path.
    static func files(under folder: URL) throws -> Set<String> {
        var found = Set<String>()
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = folder.path + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue { found.insert(path) }
        }
        return found
    }
}

/// Apple's real feeds (`../shared/apple-feeds`, skipped when absent), served with generated pictures
/// at the addresses the rules give; what is expected is computed here from the JSON.
@Suite("wwdc photos on Apple's real feeds", .offThePool)
struct PhotosRealFeedsTests {
    @Test("2017: sessions' pictures and a news gallery", .enabled(if: AppleFeeds.has("2017"), "needs ../shared/apple-feeds/2017"))
    func real2017() async throws {
        try await check("2017", news: true)
    }

    @Test("2020b: sessions' and news articles' pictures", .enabled(if: AppleFeeds.has("2020b"), "needs ../shared/apple-feeds/2020b"))
    func real2020b() async throws {
        try await check("2020b", news: false)
    }

    private func check(_ name: String, news: Bool) async throws {
        let source = try #require(AppleFeeds.folder(name))
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        // The real contents (and news), with a config of our own naming them beside it.
        let feeds = sandbox.directory.path("feeds")
        try FileManager.default.createDirectory(at: feeds, withIntermediateDirectories: true)
        var offered: [String: Any] = ["contents": ["url": "contents.json"]]
        try FileManager.default.copyItem(at: source.appendingPathComponent("contents.json"), to: feeds.appendingPathComponent("contents.json"))
        if news {
            try FileManager.default.copyItem(at: source.appendingPathComponent("news.json"), to: feeds.appendingPathComponent("news.json"))
            offered["news"] = ["url": "news.json"]
        }
        try JSONSerialization.data(withJSONObject: ["feeds": ["en": offered]]).write(to: feeds.appendingPathComponent("config.json"))
        let server = try await ReferenceServer.start(root: feeds, arguments: ["--rebase-images"])
        defer { server.stop() }
        let bench = PictureBench(sandbox: sandbox, server: server)
        let synced = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString, "--quiet"])
        try #require(synced.status == 0, "\(synced.stderr)")

        // Expected, from the JSON: the first sessions with a wide picture, of every event that has some.
        let contents = try #require(try AppleFeeds.json(name, "contents.json") as? [String: Any])
        let events = try #require(contents["events"] as? [[String: Any]])
        var folders: [String: String] = [:]
        for event in events {
            if let id = event["id"] as? String, let path = event["imagesPath"] as? String {
                folders[id] = String(path.split(separator: "/").last ?? "")
            }
        }
        var expected: [(id: String, url: String)] = []
        var seenEvents = Set<String>()
        for item in try #require(contents["contents"] as? [[String: Any]]) {
            guard let id = item["id"] as? String, let event = item["eventId"] as? String, let sid = item["staticContentId"] as? Int,
                  (item["images"] as? [String])?.contains("wide") == true, let folder = folders[event], seenEvents.insert(event).inserted else { continue }
            expected.append((id, server.url("/images/\(folder)/\(sid)/\(sid)_wide_900x506_1x.jpg").absoluteString))
        }
        #expect(expected.count >= 4)
        var photoIDs: [String] = []
        var galleryID: String?
        if news {
            let items = try #require((try AppleFeeds.json(name, "news.json") as? [String: Any])?["items"] as? [[String: Any]])
            let gallery = try #require(items.first { !(($0["photos"] as? [Any]) ?? []).isEmpty })
            galleryID = gallery["id"] as? String
            photoIDs = ((gallery["photos"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
        }

        var paths = Set<String>()
        for (id, url) in expected {
            let run = try await bench.photos([id])
            #expect(run.result.status == 0, "\(id): \(run.result.stderr)")
            #expect(run.rows.count == 1)
            let row = try #require(run.rows.first)
            #expect(row["id"] as? String == id)
            #expect(row["url"] as? String == url)
            #expect(row["width"] as? Int == 900 && row["height"] as? Int == 506)
            let path = try #require(row["path"] as? String)
            #expect(path.hasPrefix(bench.cache.path + "/"))
            let size = jpegSize(try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(size?.width == 900 && size?.height == 506, "\(id)")
            paths.insert(path)
        }
        #expect(paths.count == expected.count)

        // --size 300: the smallest wide size of the feed's imageTypes at least 300 wide (Apple's: 304x171).
        let wide = try #require((contents["imageTypes"] as? [[String: Any]])?.first { $0["name"] as? String == "wide" }?["variants"] as? [[String: Int]])
        let fitting = try #require(wide.filter { $0["width"]! >= 300 }.min { $0["width"]! < $1["width"]! })
        let small = "\(fitting["width"]!)x\(fitting["height"]!)"
        #expect(small == "304x171")
        for (id, url) in expected.prefix(2) {
            let run = try await bench.photos([id, "--size", "300"])
            #expect(run.result.status == 0, "\(id): \(run.result.stderr)")
            let row = try #require(run.rows.first)
            #expect(row["url"] as? String == url.replacingOccurrences(of: "_wide_900x506_1x.jpg", with: "_wide_\(small)_1x.jpg"))
            let size = try #require(jpegSize(try Data(contentsOf: URL(fileURLWithPath: row["path"] as? String ?? ""))))
            #expect("\(size.width)x\(size.height)" == small && row["width"] as? Int == size.width && row["height"] as? Int == size.height)
        }
        if let galleryID {
            let run = try await bench.photos([galleryID, "--size", "1024"])
            #expect(run.result.status == 0, "\(run.result.stderr)")
            #expect(run.rows.map { $0["id"] as? String } == photoIDs)
            #expect(run.rows.map { $0["url"] as? String } == photoIDs.map { server.url("/\($0)/1024.jpeg").absoluteString })
            #expect(run.rows.allSatisfy { $0["width"] as? Int == 1024 && $0["height"] as? Int == 683 })
            #expect(Set(run.rows.compactMap { $0["path"] as? String }).count == photoIDs.count)
        }

        // Again: only conditional requests, each answered 304.
        try await server.clearLog()
        for (id, _) in expected { #expect(try await bench.photos([id]).rows.count == 1) }
        if let galleryID { #expect(try await bench.photos([galleryID, "--size", "1024"]).rows.count == photoIDs.count) }
        let requests = try await bench.pictureRequests()
        #expect(requests.count == expected.count + photoIDs.count)
        #expect(requests.allSatisfy { $0.status == 304 && $0.conditional }, "\(requests.prefix(3))")
    }
}
