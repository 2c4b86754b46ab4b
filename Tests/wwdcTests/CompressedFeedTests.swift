import Foundation
import TestSupport
import TestTraits
import Testing

/// Compressed bodies as servers and folders really hold them (gzip in several members, as Apple's
/// CDN sends it; deflate with and without zlib's wrapper; gzip nobody labelled), and the limit on
/// what a feed may inflate to: the built binary against the reference server's codings.
@Suite("compressed and oversized feeds", .offThePool)
struct CompressedFeedTests {
    /// Every coding of a valid body the reference server offers.
    static let validCodings = ["gzip", "gzip-members", "deflate", "raw-deflate", "gzip-unlabelled"]

    /// The table counts of a plain sync of the fixtures, to compare a decoded sync with.
    private static func plainCounts() async throws -> [String: Int] {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        return try sandbox.counts()
    }

    @Test("every valid gzip and deflate body, every feed and transcript file: the same store as the plain feeds",
          arguments: validCodings)
    func everyValidCodingSyncs(_ coding: String) async throws {
        let expected = try await Self.plainCounts()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ReferenceServer.start(arguments: ["--encoding", "/*=\(coding)"])
        defer { server.stop() }
        let result = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString])
        #expect(result.status == 0, "\(coding): \(result.stderr)")
        #expect(try sandbox.counts() == expected, "\(coding)")
        // Every file went out in that coding, transcripts included.
        let entries = try await server.log()
        #expect(entries.contains { ($0["path"] as? String)?.hasPrefix("/transcripts/") == true && $0["status"] as? Int == 200 })
        let second = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString])
        #expect(second.status == 0, "\(coding): \(second.stderr)")
        #expect(second.stderr.contains("5 unchanged"), "\(coding): the coded feeds' ETags answer 304: \(second.stderr)")
    }

    @Test("a cut-short or corrupt gzip feed: one line naming the feed and what is wrong, exit 1, the store as it was",
          arguments: ["gzip-truncated": "the gzip data is cut short", "gzip-corrupt": "the gzip data is corrupt"])
    func brokenCompressedFeed(_ coding: String, _ words: String) async throws {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        let before = try sandbox.dump()
        try await server.encode("/news.json", coding)
        let result = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        #expect(result.errorLines.first?.hasPrefix("Error: news.json: \(words)") == true, "\(result.stderr)")
        #expect(!result.stderr.contains("connection lost"), "\(result.stderr)")
        #expect(try sandbox.dump() == before)
    }

    @Test("a folder source whose feed files are gzip (and zlib) is read as the plain folder")
    func compressedFolderFiles() async throws {
        let expected = try await Self.plainCounts()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let folder = try sandbox.copyOfFixtures()
        try await Self.recode(folder.appendingPathComponent("contents.json"), as: "gzip-members")
        try await Self.recode(folder.appendingPathComponent("news.json"), as: "deflate")
        let result = try await sandbox.run(["sync", "--source", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try sandbox.counts() == expected)
    }

    // MARK: The limit

    @Test("a gzip bomb (4 GiB of zeros in 4 MB) is refused at the limit, over http and in a folder: one line naming the feed")
    func gzipBombIsRefused() async throws {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        let before = try sandbox.dump()
        let folder = try sandbox.copyOfFixtures()
        try await Self.python(["bomb", String(4 << 30)], output: folder.appendingPathComponent("news.json"))

        let bombServer = try await ReferenceServer.start(root: folder, arguments: ["--encoding", "/news.json=labelled-gzip"])
        defer { bombServer.stop() }
        for source in [bombServer.baseURL.absoluteString, folder.path] {
            let result = try await sandbox.run(["sync", "--source", source])
            #expect(result.status == 1, "\(source): \(result.stderr)")
            #expect(result.errorLines == ["Error: news.json: inflates to more than 64 MB, the most a feed may hold"], "\(source): \(result.stderr)")
            #expect(result.stderr.contains("WWDC_MAX_FEED_MB"), "\(result.stderr)")
            #expect(try sandbox.dump() == before, "\(source)")
        }
    }

    @Test("a plain feed over WWDC_MAX_FEED_MB is refused by its size, over http and in a folder; a higher limit reads it")
    func plainFeedOverTheLimit() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let folder = try sandbox.copyOfFixtures()
        // 1.5 MB of news: the same items, and white space.
        let news = folder.appendingPathComponent("news.json")
        var text = try String(contentsOf: news, encoding: .utf8)
        text += String(repeating: " ", count: 1_500_000)
        try text.write(to: news, atomically: true, encoding: .utf8)
        let server = try await ReferenceServer.start(root: folder)
        defer { server.stop() }
        for source in [server.baseURL.absoluteString, folder.path] {
            let before = FileManager.default.fileExists(atPath: sandbox.database.path) ? try sandbox.dump() : nil
            let refused = try await sandbox.run(["sync", "--source", source], environment: ["WWDC_MAX_FEED_MB": "1"])
            #expect(refused.status == 1, "\(source): \(refused.stderr)")
            #expect(refused.errorLines == ["Error: news.json: is more than 1 MB, the most a feed may hold"], "\(source): \(refused.stderr)")
            if let before { #expect(try sandbox.dump() == before, "\(source): the store as it was") }
            let read = try await sandbox.run(["sync", "--source", source], environment: ["WWDC_MAX_FEED_MB": "2"])
            #expect(read.status == 0, "\(source): \(read.stderr)")
        }
        let bad = try await sandbox.run(["sync", "--source", folder.path], environment: ["WWDC_MAX_FEED_MB": "lots"])
        #expect(bad.status == 1)
        #expect(bad.errorLines == ["Error: WWDC_MAX_FEED_MB is 'lots', not a whole number of megabytes from 1 to 100000"], "\(bad.stderr)")
    }

    // MARK: Helpers

    /// Rewrites `file` in `coding` (the reference server's codings).
    private static func recode(_ file: URL, as coding: String) async throws {
        let coded = file.appendingPathExtension("coded")
        try await python(["encode", coding], input: file, output: coded)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.moveItem(at: coded, to: file)
    }

    /// Runs `Tests/Server/codings.py` with `arguments`, standard input from `input`, standard output to `output`.
    private static func python(_ arguments: [String], input: URL? = nil, output: URL) async throws {
        let script = ProjectPaths.root.appendingPathComponent("Tests/Server/codings.py").path
        let quoted = (["python3", script] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
        let command = quoted + (input.map { " < '\($0.path)'" } ?? "") + " > '\(output.path)'"
        let result = try await CommandRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command], environment: ProcessInfo.processInfo.environment)
        try #require(result.status == 0, "codings.py \(arguments): \(result.stderr)")
    }
}

extension ReferenceServer {
    /// Serves the feed files `path` matches in `encoding` (see Tests/Server/codings.py).
    func encode(_ path: String, _ encoding: String) async throws {
        try await request("POST", "/_control/encodings", json: ["path": path, "encoding": encoding])
    }
}
