import ConferenceData
import Foundation
import TestSupport
import TestTraits
import Testing

/// The config's feeds per language (`--language`, `WWDC_LANGUAGE`, the
/// last sync's, `LANG`, else `en`), and the named source `apple` through its override. Expected
/// titles are read from the fixtures with `JSONSerialization`.
@Suite("languages and the apple source", .offThePool)
struct LanguageAndSourceTests {
    /// The fixtures' config and each offered language's `contents` titles, by item id.
    struct Languages {
        let config: [String: Any]
        let titles: [String: [String: String]]

        static func load() throws -> Languages {
            let folder = ProjectPaths.fixtures
            let config = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("config.json"))) as? [String: Any] ?? [:]
            let feeds = config["feeds"] as? [String: [String: Any]] ?? [:]
            var titles: [String: [String: String]] = [:]
            for (language, list) in feeds {
                guard let url = (list["contents"] as? [String: Any])?["url"] as? String else { continue }
                // The fixtures' feed URLs are relative to the config: a file of the folder.
                let file = folder.appendingPathComponent(URL(string: url)!.lastPathComponent)
                let root = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
                var byID: [String: String] = [:]
                for item in root["contents"] as? [[String: Any]] ?? [] {
                    if let id = item["id"] as? String, let title = item["title"] as? String { byID[id] = title }
                }
                titles[language] = byID
            }
            return Languages(config: config, titles: titles)
        }

        var offered: Set<String> { Set((config["feeds"] as? [String: Any] ?? [:]).keys) }

        /// The ids whose title differs between English and Japanese.
        var translated: [String] {
            let english = titles["en"] ?? [:]
            let japanese = titles["jpn"] ?? [:]
            return english.keys.filter { japanese[$0] != nil && japanese[$0] != english[$0] }.sorted()
        }
    }

    /// The stored title of every item, by id.
    static func storedTitles(_ sandbox: Sandbox) throws -> [String: String] {
        let store = try ConferenceStore(path: sandbox.database.path)
        return try store.read { db in
            Dictionary(try db.fetchAll("SELECT id, title FROM sessions") { ($0.string(at: 0) ?? "", $0.string(at: 1) ?? "") }) { $1 }
        }
    }

    /// Runs `wwdc sync --source <fixtures> … --json` and returns the status and the summary.
    static func sync(_ sandbox: Sandbox, _ arguments: [String] = [], environment: [String: String] = [:]) async throws -> (CommandResult, [String: Any]) {
        let result = try await sandbox.run(["sync", "--source", ProjectPaths.fixtures.path] + arguments + ["--json"], environment: environment)
        let summary = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any] ?? [:]
        return (result, summary)
    }

    @Test("--language jpn syncs the Japanese feed; a later plain sync keeps it; --language en switches back")
    func japaneseThenEnglish() async throws {
        let languages = try Languages.load()
        try #require(languages.offered.isSuperset(of: ["en", "jpn"]), "the fixtures offer en and jpn")
        let english = try #require(languages.titles["en"])
        let japanese = try #require(languages.titles["jpn"])
        #expect(languages.translated.contains("wwdc2026-101"), "precondition: the keynote's title is translated")
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        // LANG says nothing about Japanese, and WWDC_LANGUAGE is not set: only the flag and the store choose.
        let plain = ["LANG": "C"]

        let (first, firstSummary) = try await Self.sync(sandbox, ["--language", "jpn"], environment: plain)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(firstSummary["language"] as? String == "jpn")
        #expect(try Self.storedTitles(sandbox) == japanese)
        let keynote = try await sandbox.run(["session", "wwdc2026-101"], environment: plain)
        #expect(keynote.stdout.contains(japanese["wwdc2026-101"] ?? "?"), "\(keynote.stdout.prefix(200))")

        let (second, secondSummary) = try await Self.sync(sandbox, environment: plain)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(secondSummary["language"] as? String == "jpn", "the store remembers the language")
        #expect(try Self.storedTitles(sandbox) == japanese)

        let (third, thirdSummary) = try await Self.sync(sandbox, ["--language", "en"], environment: plain)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(thirdSummary["language"] as? String == "en")
        #expect(try Self.storedTitles(sandbox) == english)
    }

    @Test("WWDC_LANGUAGE=jpn works like the flag")
    func environmentVariable() async throws {
        let japanese = try #require(try Languages.load().titles["jpn"])
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let (result, summary) = try await Self.sync(sandbox, environment: ["WWDC_LANGUAGE": "jpn", "LANG": "C"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(summary["language"] as? String == "jpn")
        #expect(try Self.storedTitles(sandbox) == japanese)
    }

    @Test("LANG=ja_JP.UTF-8 on a fresh store picks jpn")
    func fromLANG() async throws {
        let japanese = try #require(try Languages.load().titles["jpn"])
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let (result, summary) = try await Self.sync(sandbox, environment: ["LANG": "ja_JP.UTF-8"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(summary["language"] as? String == "jpn")
        #expect(try Self.storedTitles(sandbox) == japanese)
    }

    @Test("a language the config does not offer syncs en, and the summary says en")
    func notOffered() async throws {
        let languages = try Languages.load()
        try #require(!languages.offered.contains("kor"), "precondition: the fixtures offer no kor feeds")
        let english = try #require(languages.titles["en"])
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let (result, summary) = try await Self.sync(sandbox, ["--language", "kor"], environment: ["LANG": "C"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(summary["status"] as? String == "ok")
        #expect(summary["language"] as? String == "en")
        #expect(try Self.storedTitles(sandbox) == english)
    }

    @Test("an invalid --language value is a usage error", arguments: ["../x", "", "en/../../etc"])
    func invalidLanguage(value: String) async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["sync", "--source", ProjectPaths.fixtures.path, "--language", value])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        #expect(result.errorLines.first?.contains("--language") == true, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Usage: wwdc sync"), "\(result.stderr)")
        // A bad command line creates nothing.
        #expect(!FileManager.default.fileExists(atPath: sandbox.database.path))
    }

    @Test("--source apple syncs from WWDC_APPLE_SOURCE (the reference server); sync --help documents apple")
    func appleSource() async throws {
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let url = server.baseURL.absoluteString
        let result = try await sandbox.run(["sync", "--source", "apple", "--json"], environment: ["WWDC_APPLE_SOURCE": url])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any] ?? [:]
        let source = summary["source"] as? String
        #expect(source.map { $0.hasSuffix("/") ? $0 : $0 + "/" } == (url.hasSuffix("/") ? url : url + "/"), "\(summary["source"] ?? "nil")")
        #expect(summary["status"] as? String == "ok")
        let paths = try await server.log().compactMap { $0["path"] as? String }
        #expect(paths.contains("/config.json"), "\(paths)")
        #expect(paths.contains("/contents.json"), "\(paths)")
        let contents = try JSONSerialization.jsonObject(with: Data(contentsOf: ProjectPaths.fixtures.appendingPathComponent("contents.json"))) as? [String: Any]
        #expect(try sandbox.counts()["sessions"] == (contents?["contents"] as? [Any])?.count)

        let help = try await sandbox.run(["sync", "--help"])
        #expect(help.status == 0, "\(help.stderr)")
        let text = help.stdout + help.stderr
        #expect(text.contains("apple"), "\(text)")
        #expect(text.contains("--source"), "\(text)")
    }
}
