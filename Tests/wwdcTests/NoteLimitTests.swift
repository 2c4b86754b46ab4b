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

    @Test("note in the editor: a text over the limit is refused, nothing saved, and kept in a 0600 file the error names; the next note opens the editor on it, and a note saved removes it")
    func editorTextKept() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        #expect(try await store.run(["note", "105", "First line"]).status == 0)
        let before = try store.sandbox.dump()
        let opened = store.sandbox.directory.path("opened.txt").path
        let editor = store.sandbox.directory.path("editor.sh").path
        // --long writes one character over the limit; --keep saves what it was opened on; --short
        // writes a short note; each first copies what it was opened on.
        try """
            #!/bin/sh
            cp "$2" '\(opened)'
            case "$1" in
              --long) head -c \(Self.limit + 1) /dev/zero | tr '\\0' 'x' > "$2" ;;
              --short) printf 'Short now\\n' > "$2" ;;
            esac

            """.write(toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        let draft = store.sandbox.directory.path("data/wwdc/drafts/note-wwdc2026-105.md").path
        let long = String(repeating: "x", count: Self.limit + 1)
        func edit(_ action: String, until marker: String) async throws -> TerminalSession.Outcome {
            let environment = store.sandbox.environment(["VISUAL": "'\(editor)' \(action)", "TZ": "UTC"])
            // Wide enough that no line of the hint wraps.
            return try await TerminalSession.run(["note", "105"], environment: environment, columns: 400, script: [.expect(marker)])
        }

        let refused = try await edit("--long", until: "to shorten it.")
        #expect(refused.problem == nil, "\(refused.problem ?? "")")
        #expect(refused.exit == .exited(1), "\(refused.transcript)")
        let screen = Screen(refused.transcript).lines.joined(separator: "\n")
        #expect(screen.contains("Error: the note is \(Self.limit + 1) characters long; a note holds at most \(Self.limit)"), "\(screen)")
        #expect(screen.contains("Hint: Nothing was saved; what you wrote is kept in \(draft): 'wwdc note wwdc2026-105' opens your editor on it again, to shorten it."),
                "\(screen)")
        #expect(try store.sandbox.dump() == before, "something was saved")
        #expect(try String(contentsOfFile: draft, encoding: .utf8) == long + "\n")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: draft)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "\(String(mode, radix: 8))")

        // Saved as it was: refused again, still kept.
        let again = try await edit("--keep", until: "to shorten it.")
        #expect(again.exit == .exited(1), "\(again.transcript)")
        #expect(try String(contentsOfFile: opened, encoding: .utf8) == long + "\n", "the editor opens on the kept text")
        #expect(try String(contentsOfFile: draft, encoding: .utf8) == long + "\n")
        #expect(try store.sandbox.dump() == before)

        let saved = try await edit("--short", until: "Saved your note")
        #expect(saved.exit == .exited(0), "\(saved.transcript)")
        #expect(Screen(saved.transcript).lines.joined(separator: "\n").contains("Editing what you wrote before, kept in \(draft)"), "\(saved.transcript)")
        #expect(!FileManager.default.fileExists(atPath: draft), "a note saved removes what was kept")
        let note = try ConferenceStore(path: store.sandbox.database.path).read { try $0.storedNote(sessionID: "wwdc2026-105") }
        #expect(note?.text == "Short now")
    }

    @Test("a rating's comment at its limit, every character escaping to its longest form in the journal, reaches another machine through the sync folder")
    func commentLimitTravels() async throws {
        let here = try await BrowseSandbox.synced()
        let there = try await BrowseSandbox.synced()
        defer { here.remove(); there.remove() }
        let folder = here.sandbox.directory.path("shared")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let comment = String(repeating: "\u{01}", count: Feedback.maximumCommentLength)
        let file = here.sandbox.directory.path("comment.txt")
        try comment.write(to: file, atomically: true, encoding: .utf8)
        let saved = try await here.sandbox.run(["feedback", "102", "--rating", "4", "--comment-file", file.path],
                                               environment: ["WWDC_NOW": BrowseSandbox.now])
        #expect(saved.status == 0, "\(saved.stderr)")
        let sync = ["sync", "--source", ProjectPaths.fixtures.path, "--sync-folder", folder.path, "--json"]
        #expect(try await here.run(sync).status == 0)
        let received = try await there.run(sync)
        let counts = (try JSONSerialization.jsonObject(with: Data(received.stdout.utf8)) as? [String: Any])?["syncFolder"] as? [String: Any]
        #expect(counts?["received"] as? Int == 1 && (counts?["damaged"] as? [String])?.isEmpty == true, "\(counts ?? [:])")
        let rating = try ConferenceStore(path: there.sandbox.database.path).read { try $0.feedback(sessionID: "wwdc2026-102") }
        #expect(rating?.comment == comment)
    }
}
