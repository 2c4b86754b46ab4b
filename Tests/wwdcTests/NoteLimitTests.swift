import ConferenceData
import ConferenceModel
import Foundation
import TestSupport
import TestTraits
import Testing

/// A note holds at most ``SessionNote/maximumLength`` characters, so that its line in a sync
/// folder's journal always fits, however its characters escape: a longer one is refused where it
/// is written (`note`, `bookmark add --note`, the MCP tools), nothing saved; one at the limit
/// reaches another machine.
@Suite("notes: one limit, refused where written, and what fits travels", .offThePool)
struct NoteLimitTests {
    static let limit = SessionNote.maximumLength
    static let message = "Error: the note is \(limit + 1) characters long; a note holds at most \(limit)\n"
        + "Hint: Nothing was saved: shorten it (keep longer text in a file, and note where it is).\n"

    @Test("note (its words, or standard input) and bookmark add --note: one character over the limit is a clear error, exit 1, nothing saved")
    func commandsRefuse() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let before = try store.sandbox.dump()
        let half = String(repeating: "n", count: Self.limit / 2)
        let runs: [(arguments: [String], stdin: String?)] = [
            (["note", "101", "-"], String(repeating: "\"", count: Self.limit + 1) + "\n"),
            (["note", "101", half, half], nil),
            (["bookmark", "add", "101", "--at", "1:00", "--note", String(repeating: "b", count: Self.limit + 1)], nil),
        ]
        for (arguments, stdin) in runs {
            let result = try await store.sandbox.run(arguments, environment: ["WWDC_NOW": BrowseSandbox.now], stdin: stdin)
            #expect(result.status == 1, "\(arguments.prefix(3)): \(result.stderr)")
            #expect(result.stderr == Self.message, "\(arguments.prefix(3))")
            #expect(try store.sandbox.dump() == before, "\(arguments.prefix(3)): something was saved")
        }
    }

    @Test("the MCP tools set_note and add_bookmark: one character over the limit is a failure saying so, nothing saved")
    func toolsRefuse() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let before = try store.sandbox.dump()
        let over = String(repeating: "x", count: Self.limit + 1)
        let (answers, result) = try await MCPCommandTests.serve(store, [
            MCPCommandTests.initialize, MCPCommandTests.initialized,
            MCPCommandTests.call(1, "set_note", ["id": "wwdc2026-101", "text": over]),
            MCPCommandTests.call(2, "add_bookmark", ["id": "wwdc2026-101", "at": 30, "note": over]),
        ], arguments: ["--allow-writes"])
        #expect(result.status == 0, "\(result.stderr)")
        for id in ["1", "2"] {
            #expect(MCPCommandTests.result(answers[id])?["isError"] as? Bool == true, "\(id)")
            #expect(MCPCommandTests.text(answers[id]).hasPrefix("The note is \(Self.limit + 1) characters long; a note holds at most \(Self.limit)."),
                    "\(id): \(MCPCommandTests.text(answers[id]))")
        }
        #expect(try store.sandbox.dump() == before)
    }

    @Test("a note at the limit, every character of it escaping to its longest form in the journal, reaches another machine through the sync folder")
    func limitTravels() async throws {
        let here = try await BrowseSandbox.synced()
        let there = try await BrowseSandbox.synced()
        defer { here.remove(); there.remove() }
        let folder = here.sandbox.directory.path("shared")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = String(repeating: "\u{01}", count: Self.limit)
        let saved = try await here.sandbox.run(["note", "101", "-"], environment: ["WWDC_NOW": BrowseSandbox.now], stdin: text)
        #expect(saved.status == 0, "\(saved.stderr)")
        let sync = ["sync", "--source", ProjectPaths.fixtures.path, "--sync-folder", folder.path, "--json"]
        #expect(try await here.run(sync).status == 0)
        let received = try await there.run(sync)
        let counts = (try JSONSerialization.jsonObject(with: Data(received.stdout.utf8)) as? [String: Any])?["syncFolder"] as? [String: Any]
        #expect(counts?["received"] as? Int == 1 && (counts?["damaged"] as? [String])?.isEmpty == true, "\(counts ?? [:])")
        let note = try ConferenceStore(path: there.sandbox.database.path).read { try $0.storedNote(sessionID: "wwdc2026-101") }
        #expect(note?.text == text)
    }
}
