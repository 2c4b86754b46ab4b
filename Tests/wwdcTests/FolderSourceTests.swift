import Foundation
import TestSupport
import TestTraits
import Testing

/// A folder source reads only the files inside its folder: a config or a transcript manifest naming
/// a file elsewhere (`../`, an absolute `file://` URL, a link leading out) is refused with a message,
/// never read.
@Suite("folder sources: nothing outside the folder", .offThePool)
struct FolderSourceTests {
    /// A folder of feeds, and beside it a folder `outside` holding a news feed whose only item would
    /// show if it were read.
    static func layout(_ sandbox: Sandbox) throws -> (feeds: URL, outside: URL) {
        let feeds = try sandbox.copyOfFixtures()
        let outside = sandbox.directory.path("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try #"{"items": [{"id": "outside", "title": "Read from outside the folder"}]}"#
            .write(to: outside.appendingPathComponent("news.json"), atomically: true, encoding: .utf8)
        return (feeds, outside)
    }

    static func setNews(_ url: String, in feeds: URL) throws {
        try FeedFiles.edit(feeds.appendingPathComponent("config.json")) { config in
            var all = config["feeds"] as? [String: Any] ?? [:]
            var english = all["en"] as? [String: Any] ?? [:]
            english["news"] = ["url": url]
            all["en"] = english
            config["feeds"] = all
        }
    }

    @Test("a config naming ../outside/news.json, a file:// URL elsewhere, or a link leading out: refused, the news feed unusable, nothing read")
    func feedOutside() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let (feeds, outside) = try Self.layout(sandbox)
        let target = outside.appendingPathComponent("news.json")
        let linked = try sandbox.copyOfFixtures("linked")
        try FileManager.default.removeItem(at: linked.appendingPathComponent("news.json"))
        try FileManager.default.createSymbolicLink(at: linked.appendingPathComponent("news.json"), withDestinationURL: target)
        let cases: [(String, URL, String?)] = [
            ("../outside/news.json", feeds, "../outside/news.json"),
            ("file://", feeds, target.absoluteString),
            ("/etc/passwd", feeds, "/etc/passwd"),
            ("a link", linked, nil),
        ]
        for (label, folder, url) in cases {
            if let url { try Self.setNews(url, in: folder) }
            let result = try await sandbox.run(["sync", "--source", folder.path])
            #expect(result.status == 1, "\(label): \(result.stderr)")
            #expect(result.errorLines.count == 1, "\(label): \(result.stderr)")
            let line = result.errorLines.first ?? ""
            #expect(line.contains("news.json") && line.contains("outside the source folder"), "\(label): \(line)")
            #expect(result.stderr.contains("Hint: "), "\(label): \(result.stderr)")
            #expect(!result.stderr.contains("no such file") && !result.stderr.contains("not valid JSON"), "\(label): \(result.stderr)")
        }
        #expect(try sandbox.counts()["news"] ?? 0 == 0, "a refused feed reached the store")
        // The same folder with its own news is read as ever.
        try Self.setNews("news.json", in: feeds)
        #expect(try await sandbox.run(["sync", "--source", feeds.path]).status == 0)
    }

    @Test("a transcript manifest naming ../../../../etc/passwd, or a link out: that transcript is skipped and reported (the digest does not stand in), the rest land")
    func transcriptOutside() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let (feeds, outside) = try Self.layout(sandbox)
        let transcripts = feeds.appendingPathComponent("transcripts")
        try #"{"wwdc2026-302": {"language": "eng", "transcript": [[0, "Read from outside the folder. "]]}}"#
            .write(to: outside.appendingPathComponent("302.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: transcripts.appendingPathComponent("302-link.json"),
                                                   withDestinationURL: outside.appendingPathComponent("302.json"))
        try FeedFiles.edit(transcripts.appendingPathComponent("transcript-manifest-eng.json")) { manifest in
            var individual = manifest["individual"] as? [String: Any] ?? [:]
            individual["wwdc2026-301"] = ["url": "../../../../../../../../etc/passwd", "etag": "\"x\""]
            individual["wwdc2026-302"] = ["url": "302-link.json", "etag": "\"y\""]
            manifest["individual"] = individual
        }
        let result = try await sandbox.run(["sync", "--source", feeds.path, "--json", "--verbose"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let skipped = summary["skipped"] as? [[String: Any]] ?? []
        for id in ["wwdc2026-301", "wwdc2026-302"] {
            #expect(skipped.contains { $0["item"] as? String == id && $0["field"] as? String == "url"
                        && ($0["reason"] as? String)?.contains("outside the source folder") == true }, "\(id): \(skipped)")
            let transcript = try await sandbox.run(["transcript", id])
            #expect(transcript.status == 1, "\(id): \(transcript.stdout.prefix(200))")
            #expect(!transcript.stdout.contains("root:") && !transcript.stdout.contains("outside the folder"))
        }
        #expect(result.stderr.contains("Skipped transcript-manifest-eng.json: wwdc2026-301: url: refusing"), "\(result.stderr)")
        // The other transcripts landed.
        #expect(summary["transcriptsFailed"] as? [String] == [], "\(result.stderr.suffix(3000))")
        let other = try await sandbox.run(["transcript", "wwdc2026-303"])
        #expect(other.status == 0, "\(other.stderr)\n\(result.stderr.suffix(3000))")
    }
}
