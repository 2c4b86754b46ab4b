import ConferenceData
import PersonalSync
import Foundation
import SQLiteDatabase
import TestSupport
import TestTraits
import Testing

/// Ids that are shell code, as an attacker would plant them: in a feed, in another machine's journal
/// in the sync folder, in the account service's lists. Each is skipped and reported where it comes
/// in. And a store an older wwdc filled with such ids: every command wwdc prints names them quoted,
/// so pasting it into a shell, or an assistant running it, runs nothing but wwdc.
@Suite("hostile ids: skipped where they come in; quoted in every command printed", .offThePool)
struct HostileIDTests {
    /// The ids, each creating `marker` were it run by a shell.
    static func ids(_ marker: String) -> [String] { ["wwdc2026-$(touch \(marker))", "101; touch \(marker) #"] }

    static func marker(_ sandbox: Sandbox) -> String { sandbox.directory.path("pwned").path }

    /// The skipped issues of a `sync --json` summary.
    static func skipped(_ summary: String) throws -> [[String: Any]] {
        (try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: Any])?["skipped"] as? [[String: Any]] ?? []
    }

    @Test("in a feed the reference server serves, and in the account's favorites and ratings: skipped, reported, never stored; nothing runs")
    func feedAndAccount() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let marker = Self.marker(sandbox)
        let hostile = Self.ids(marker)
        let feeds = try sandbox.copyOfFixtures()
        try FeedFiles.edit(feeds.appendingPathComponent("contents.json")) { root in
            var contents = root["contents"] as? [[String: Any]] ?? []
            guard let template = contents.first(where: { $0["id"] as? String == "wwdc2026-102" }) else { return }
            for (index, id) in hostile.enumerated() {
                var item = template
                item["id"] = id
                item["eventContentId"] = 9301 + index
                item["title"] = "Hostile \(index)"
                contents.append(item)
            }
            root["contents"] = contents
        }
        try FeedFiles.edit(feeds.appendingPathComponent("news.json")) { news in
            news["items"] = (news["items"] as? [[String: Any]] ?? []) + [["id": hostile[1], "title": "Hostile news"]]
        }
        let server = try await ReferenceServer.start(root: feeds)
        defer { server.stop() }
        let first = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString, "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let feedSkipped = try Self.skipped(first.stdout)
        try await server.seed(["username": "ada", "favorites": ["wwdc2026-101"] + hostile, "feedback": [
            ["id": "0C1F7A52-52C4-4D55-9D4E-8C6C0A1E5E11", "sessionId": hostile[0], "overall": 5, "comment": "Planted"],
        ]])
        #expect(try await sandbox.login().status == 0)
        let sync = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString, "--json", "--verbose"])
        #expect(sync.status == 0, "\(sync.stderr)")
        let skipped = try feedSkipped + Self.skipped(sync.stdout)
        func found(_ feed: String, _ field: String) -> [String] {
            skipped.filter { $0["feed"] as? String == feed && $0["field"] as? String == field }.compactMap { $0["item"] as? String }
        }
        // Named by their place in their list: their ids are what cannot be used.
        #expect(found("contents.json", "id").count == 2 && found("news.json", "id") == ["items[12]"], "\(skipped)")
        #expect(found("favorites", "sessionId").count == 2 && found("feedback", "sessionId") == ["feedback[0]"], "\(skipped)")
        #expect(skipped.allSatisfy { ($0["reason"] as? String)?.hasPrefix("expected an id, found text with characters other than") == true },
                "\(skipped)")
        #expect(sync.stderr.contains("Skipped feedback: feedback[0]: sessionId: expected an id, found text with characters other than"),
                "\(sync.stderr)")

        #expect(try await BrowseSandbox(sandbox: sandbox).ids(["favorite", "list"]) == ["wwdc2026-101"])
        let stored = try sandbox.dump()
        #expect(!stored.contains("touch"), "a hostile id reached the store")
        let completion = try await sandbox.run(["__complete-ids", ""])
        #expect(!completion.stdout.contains("touch"), "\(completion.stdout)")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test("in another machine's journal in the sync folder: skipped and reported, the rest merged; nothing runs")
    func syncFolderJournal() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let marker = Self.marker(store.sandbox)
        let hostile = Self.ids(marker)
        let folder = store.sandbox.directory.path("shared")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Lines as another machine writes them (docs/sync-folder.md).
        func line(_ n: Int, _ kind: String, _ key: String, _ value: String?) throws -> String {
            let clock = HybridTimestamp(wall: 1_781_000_000_000 + Int64(n), counter: 0, machine: "0123456789abcdef").description
            let object: [String: Any] = ["at": 1_781_000_000, "clock": clock, "key": key, "kind": kind, "value": value ?? NSNull()]
            return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self) + "\n"
        }
        var lines = [#"{"format":1,"machine":"0123456789abcdef","wwdc":"journal"}"# + "\n"]
        for (index, id) in hostile.enumerated() {
            let bookmark = try JSONSerialization.data(withJSONObject: ["created": 1_781_000_000, "note": "planted", "session": id, "time": 10] as [String: Any],
                                                      options: [.sortedKeys])
            lines += [
                try line(index * 10 + 1, "favorite", id, #"{"favorite":true}"#),
                try line(index * 10 + 2, "note", id, #"{"text":"planted"}"#),
                try line(index * 10 + 3, "progress", id, #"{"duration":2000,"position":100,"watched":false}"#),
                try line(index * 10 + 4, "rating", id, #"{"comment":"","id":"0c1f7a52-52c4-4d55-9d4e-8c6c0a1e5e11","overall":5}"#),
                // A bookmark's key is its own id; the session is in its value.
                try line(index * 10 + 5, "bookmark", "c0ffee00-0000-4000-8000-00000000000\(index)", String(decoding: bookmark, as: UTF8.self)),
            ]
        }
        lines.append(try line(99, "favorite", "wwdc2026-102", #"{"favorite":true}"#))
        try lines.joined().write(to: folder.appendingPathComponent("0123456789abcdef.journal"), atomically: true, encoding: .utf8)

        let sync = try await store.run(["sync", "--source", ProjectPaths.fixtures.path, "--sync-folder", folder.path, "--json"])
        #expect(sync.status == 0, "\(sync.stderr)")
        let summary = try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [String: Any]
        let counts = summary?["syncFolder"] as? [String: Any]
        #expect(counts?["received"] as? Int == 1, "\(counts ?? [:])")
        // Unusable, not damage: skipped and said as such.
        let skipped = counts?["skipped"] as? [String] ?? []
        #expect(skipped.contains("0123456789abcdef.journal: 8 changes with an unusable id"), "\(counts ?? [:])")
        #expect(skipped.contains("2 changes with an unusable value"), "the bookmarks of hostile sessions: \(counts ?? [:])")
        #expect((counts?["damaged"] as? [String])?.isEmpty == true, "\(counts ?? [:])")
        let text = try await store.run(["sync", "--source", ProjectPaths.fixtures.path, "--sync-folder", folder.path])
        #expect(text.stderr.contains("; skipped as unusable: 0123456789abcdef.journal: 8 changes with an unusable id"), "\(text.stderr)")
        #expect(!text.stderr.contains("damage"), "\(text.stderr)")

        #expect(try await store.ids(["favorite", "list"]) == ["wwdc2026-102"])
        for arguments in [["bookmark", "list"], ["continue"], ["favorite", "list"], ["export", "--json"]] {
            let result = try await store.run(arguments)
            #expect(result.status == 0 && !result.stdout.contains("touch") && !result.stdout.contains("planted"), "\(arguments): \(result.stdout)")
        }
        #expect(!(try store.sandbox.dump()).contains("touch"), "a hostile id reached the store")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    // MARK: Every command printed, quoted

    /// The arguments `command` (a printed `wwdc …` line) gives wwdc when a POSIX shell runs it; in
    /// `folder`, where a payload would leave its marker.
    static func arguments(of command: String, in folder: URL) throws -> [String] {
        let script = "cd '\(folder.path)' || exit 9\nwwdc() { for a in \"$@\"; do printf '%s\\0' \"$a\"; done; }\n" + command + "\n"
        let result = try CommandRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script])
        return result.stdout.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// A synced store as an older wwdc could have left it: sessions 303 and 305 (each with a video,
    /// a transcript and code) under hostile ids, each with a bookmark, a position and a note.
    static func olderStore() async throws -> (BrowseSandbox, [String]) {
        let store = try await BrowseSandbox.synced()
        let hostile = ids(marker(store.sandbox))
        let conference = try ConferenceStore(path: store.sandbox.database.path)
        let date = Date(timeIntervalSince1970: 1_781_000_000)
        for (old, id) in zip(["wwdc2026-303", "wwdc2026-305"], hostile) {
            try conference.write { db in
                try db.execute("UPDATE sessions SET id = ? WHERE id = ?", [id, old])
                try db.execute("UPDATE transcripts SET session_id = ? WHERE session_id = ?", [id, old])
                _ = try db.edit(.addBookmark(session: id, time: 10, note: "a note"), at: date)
                _ = try db.edit(.recordPosition(session: id, position: 100, duration: nil), at: date)
                _ = try db.edit(.setNote(session: id, text: "my note"), at: date)
            }
        }
        return (store, hostile)
    }

    /// `command` gives wwdc `expected` in a shell, and runs nothing else.
    static func check(_ command: String, gives expected: [String], in sandbox: Sandbox, _ label: String) throws {
        #expect(try arguments(of: command, in: sandbox.directory.url) == expected, "\(label): \(command)")
        #expect(!FileManager.default.fileExists(atPath: marker(sandbox)), "\(label): \(command) ran the id")
    }

    @Test("every command the listings, the session page, search, code, hints and exports print names a hostile id quoted; run, it runs nothing")
    func commandsQuoted() async throws {
        let (store, hostile) = try await Self.olderStore()
        defer { store.remove() }
        let quoted = hostile.map { "'" + $0 + "'" }
        let printed: [(arguments: [String], commands: [String])] = [
            (["bookmark", "list"], quoted.map { "wwdc watch \($0) --at 0:10" }),
            (["continue"], quoted.map { "wwdc watch \($0) --at 1:40" }),
            (["search", "\"work on SwiftUI\""], ["wwdc watch \(quoted[0]) --at 1:11"]),
            (["search", "\"work on UIKit\""], ["wwdc watch \(quoted[1]) --at"]),
            (["search", "filter a list as people type"], ["wwdc code \(quoted[0]) 1"]),
            (["session", hostile[0]], ["wwdc watch \(quoted[0]) --at 1:40", "wwdc transcript \(quoted[0])",
                                       "wwdc session \(quoted[0]) --code shows them", "wwdc code \(quoted[0]) N prints one"]),
            (["export", "--markdown"], quoted.map { "`wwdc watch \($0) --bookmark 1`" }),
            (["export", "--csv", "--bookmarks"], quoted.map { "wwdc watch \($0) --bookmark 1" }),
        ]
        for (arguments, commands) in printed {
            let result = try await store.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            for command in commands { #expect(result.stdout.contains(command), "\(arguments): no \(command) in \(result.stdout)") }
            for id in hostile { #expect(!result.stdout.contains("wwdc watch " + id) && !result.stdout.contains("wwdc code " + id), "\(arguments)") }
        }
        // Hints.
        let hints: [(arguments: [String], hint: String)] = [
            (["bookmark", "remove", hostile[0], "9"], "wwdc bookmark list \(quoted[0])"),
            (["note", hostile[1]], "wwdc note \(quoted[1]) 'text'"),
            (["code", hostile[0], "9"], "wwdc session \(quoted[0]) --code"),
        ]
        for (arguments, hint) in hints {
            let result = try await store.run(arguments, environment: [:])
            #expect(result.status != 0 && result.stderr.contains(hint), "\(arguments): \(result.stderr)")
        }
        // Whole commands, through a shell: the id comes back as one argument.
        let continued = try await store.run(["continue"])
        for line in continued.stdout.split(separator: "\n") where line.contains("wwdc watch") {
            let command = String(line.drop { $0 == " " })
            let given = try Self.arguments(of: command, in: store.sandbox.directory.url)
            #expect(given.count == 4 && hostile.contains(given[1]), "\(command) gave \(given)")
            #expect(!FileManager.default.fileExists(atPath: Self.marker(store.sandbox)), "\(command) ran the id")
        }
        let export = try JSONSerialization.jsonObject(with: Data(try await store.run(["export", "--json", "--bookmarks"]).stdout.utf8)) as? [String: Any]
        let bookmarks = export?["bookmarks"] as? [[String: Any]] ?? []
        #expect(bookmarks.count == 2)
        for bookmark in bookmarks {
            let id = bookmark["id"] as? String ?? ""
            try Self.check(bookmark["command"] as? String ?? "", gives: ["watch", id, "--bookmark", "1"], in: store.sandbox, "export --json")
        }
    }

    @Test("every command field of the MCP tools (search, get_session, list_bookmarks, continue_watching) names a hostile id quoted; run, it runs nothing")
    func mcpCommandsQuoted() async throws {
        let (store, hostile) = try await Self.olderStore()
        defer { store.remove() }
        let (answers, result) = try await MCPCommandTests.serve(store, [
            MCPCommandTests.initialize, MCPCommandTests.initialized,
            MCPCommandTests.call(1, "search", ["query": "work on SwiftUI", "in": ["transcripts"], "limit": 50]),
            MCPCommandTests.call(2, "search", ["query": "filter a list as people type", "in": ["code"]]),
            MCPCommandTests.call(3, "search", ["query": "Dive deeper", "in": ["sessions"], "limit": 50]),
            MCPCommandTests.call(4, "search", ["query": "my note", "in": ["notes"], "limit": 50]),
            MCPCommandTests.call(5, "get_session", ["id": hostile[0]]),
            MCPCommandTests.call(6, "list_bookmarks"),
            MCPCommandTests.call(7, "continue_watching"),
            MCPCommandTests.request(8, "resources/read", ["uri": "wwdc://session/" + hostile[1]]),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        var checked = 0
        /// Every `command`, `resume` and command of a `commands` object in `value` that names a hostile id.
        func commands(in value: Any) -> [String] {
            switch value {
            case let object as [String: Any]:
                let own = ["command", "resume"].compactMap { object[$0] as? String }
                    + ((object["commands"] as? [String: Any])?.values.compactMap { $0 as? String } ?? [])
                return own + object.filter { $0.key != "commands" }.values.flatMap(commands)
            case let list as [Any]: return list.flatMap(commands)
            default: return []
            }
        }
        for id in 1...7 {
            let structured = MCPCommandTests.structured(answers["\(id)"]) ?? [:]
            for command in commands(in: structured) where command.contains("touch") {
                let given = try Self.arguments(of: command, in: store.sandbox.directory.url)
                #expect(given.count >= 2 && hostile.contains(given[1]), "\(id): \(command) gave \(given)")
                #expect(!FileManager.default.fileExists(atPath: Self.marker(store.sandbox)), "\(id): \(command) ran the id")
                checked += 1
            }
        }
        #expect(checked >= 9, "commands naming the hostile ids: \(checked)")
        // The session as Markdown: its commands in code spans, quoted.
        let contents = (MCPCommandTests.result(answers["8"])?["contents"] as? [[String: Any]])?.first?["text"] as? String ?? ""
        #expect(contents.contains("`wwdc watch '\(hostile[1])'`") && contents.contains("`wwdc code '\(hostile[1])' 1`"), "\(contents)")
    }
}
