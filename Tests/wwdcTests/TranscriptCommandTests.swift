import Foundation
import TestSupport
import TestTraits
import Testing

/// `wwdc transcript`, `wwdc search` and the transcript line of `wwdc session`, on the fixtures with
/// transcripts written into the store by the test (words no fixture says: quokka, ptarmigan).
@Suite("browsing: transcripts and search", .offThePool)
struct TranscriptCommandTests {
    /// Meet Xcode (wwdc2026-202): four paragraphs, the phrase "quokka compiler" at 12:34; Meet SwiftUI
    /// (wwdc2026-302): the same words apart.
    static func store() async throws -> BrowseSandbox {
        let store = try await BrowseSandbox.synced()
        try store.setTranscript("wwdc2026-202", [
            (0, 2, "Welcome to Meet Xcode."),
            (0, 5.5, "Let's look around."),
            (1, 300, "The ptarmigan editor opens every file."),
            (2, 754, "Now the quokka compiler builds it."),
            (2, 760, "It is fast."),
            (3, 1421, "Thanks for watching."),
        ])
        try store.setTranscript("wwdc2026-302", [(0, 42, "A compiler, and a quokka, walk into a bar.")])
        return store
    }

    // MARK: transcript

    @Test("transcript: the paragraphs with their times; --at starts at the paragraph spoken then")
    func transcript() async throws {
        let store = try await Self.store()
        defer { store.remove() }
        let whole = try await store.run(["transcript", "202"])
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(whole.stderr.isEmpty)
        #expect(whole.stdout == """
            Meet Xcode
            wwdc2026-202 · English · 23:41

             0:02  Welcome to Meet Xcode. Let's look around.
             5:00  The ptarmigan editor opens every file.
            12:34  Now the quokka compiler builds it. It is fast.
            23:41  Thanks for watching.

            """)
        for at in ["12:40", "754", "0:12:34", "23:40"] {
            let from = try await store.run(["transcript", "wwdc2026-202", "--at", at])
            #expect(from.status == 0, "\(at): \(from.stderr)")
            let lines = from.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines[1] == "wwdc2026-202 · English · 23:41 · from 12:34", "\(at): \(from.stdout)")
            #expect(lines[3] == "12:34  Now the quokka compiler builds it. It is fast.", "\(at)")
            #expect(!from.stdout.contains("ptarmigan"), "\(at): nothing before the paragraph")
            #expect(from.stdout.contains("23:41  Thanks for watching."), "\(at): on to the end")
        }
        let before = try await store.run(["transcript", "202", "--at", "0"])
        #expect(before.stdout.contains(" 0:02  Welcome to Meet Xcode."), "before the first line: from the first paragraph")
        let bad = try await store.run(["transcript", "202", "--at", "12:99"])
        #expect(bad.status == 64)
        #expect(bad.errorLines.first?.hasPrefix("Error: Invalid value '12:99' for '--at'") == true, "\(bad.stderr)")
    }

    @Test("transcript --json: {id, title, language, duration, paragraphs: [{start, text}]}, from --at on")
    func transcriptJSON() async throws {
        let store = try await Self.store()
        defer { store.remove() }
        let result = try await store.run(["transcript", "202", "--at", "5:00", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["id", "title", "language", "duration", "paragraphs"])
        #expect(document["id"] as? String == "wwdc2026-202")
        #expect(document["title"] as? String == "Meet Xcode")
        #expect(document["language"] as? String == "eng")
        #expect(document["duration"] as? Double == 1421)
        let paragraphs = try #require(document["paragraphs"] as? [[String: Any]])
        #expect(paragraphs.map { $0["start"] as? Double } == [300, 754, 1421])
        #expect(paragraphs.first?["text"] as? String == "The ptarmigan editor opens every file.")
        #expect(paragraphs.allSatisfy { Set($0.keys) == ["start", "text"] })
    }

    @Test("transcript: none for a session, an unknown session, an empty store")
    func noTranscript() async throws {
        let store = try await Self.store()
        defer { store.remove() }
        try store.setTranscript("wwdc2026-8001", [])
        let none = try await store.run(["transcript", "8001"])
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
        #expect(none.errorLines == ["Error: no transcript for wwdc2026-8001"], "\(none.stderr)")
        #expect(none.stderr.contains("Hint: ") && none.stderr.contains("'wwdc sync'"), "\(none.stderr)")
        let unknown = try await store.run(["transcript", "wwdc2026-99999"])
        #expect(unknown.status == 1)
        #expect(unknown.errorLines == ["Error: no session 'wwdc2026-99999'"], "\(unknown.stderr)")

        let empty = try Sandbox()
        defer { empty.remove() }
        for command in [["transcript", "101"], ["search", "swift"]] {
            let result = try await empty.run(command)
            #expect(result.status == 1 && result.stderr == "Error: the store is empty\nHint: Run 'wwdc sync' first.\n", "\(command): \(result.stderr)")
        }
    }

    // MARK: session

    @Test("session: the transcript's length and language, or none; in JSON too")
    func session() async throws {
        let store = try await Self.store()
        defer { store.remove() }
        try store.setTranscript("wwdc2026-8001", [])
        let with = try await store.run(["session", "202"])
        #expect(with.stdout.contains("\n  Transcript 23:41, English — wwdc transcript wwdc2026-202\n"), "\(with.stdout)")
        let without = try await store.run(["session", "8001"])
        #expect(without.stdout.contains("\n  Transcript none\n"), "\(without.stdout)")

        let json = try await store.run(["session", "202", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let transcript = try #require(document["transcript"] as? [String: Any])
        #expect(transcript["language"] as? String == "eng" && transcript["duration"] as? Double == 1421 && transcript.count == 2)
        let noneJSON = try await store.run(["session", "8001", "--json"])
        let noneDocument = try #require(try JSONSerialization.jsonObject(with: Data(noneJSON.stdout.utf8)) as? [String: Any])
        #expect(noneDocument["transcript"] is NSNull, "null, never a missing key")
    }

    // MARK: search

    @Test("search: a transcript phrase with its session, time, line and the command that plays it")
    func searchPhrase() async throws {
        let store = try await Self.store()
        defer { store.remove() }
        let phrase = try await store.run(["search", "\"quokka compiler\""])
        #expect(phrase.status == 0, "\(phrase.stderr)")
        #expect(phrase.stdout == """
            Best matches for "quokka compiler"
            transcript  wwdc2026-202  Meet Xcode, at 12:34
                        Now the quokka compiler builds it.
                        wwdc watch wwdc2026-202 --at 12:34

            """, "only where the words follow each other")
        // The words apart are found in both transcripts.
        let words = try await store.json(["search", "quokka", "compiler", "--in", "transcripts"])
        #expect(Set(words.map { $0["id"] as? String }) == ["wwdc2026-202", "wwdc2026-302"])
        // A prefix.
        let prefix = try await store.json(["search", "ptarmig*"])
        #expect(prefix.map { $0["id"] as? String } == ["wwdc2026-202"])
        #expect(prefix.first?["at"] as? Double == 300)
    }

    @Test("search on a terminal: the matched words marked in colour; never with NO_COLOR")
    func searchMarks() async throws {
        let store = try await Self.store()
        defer { store.remove() }
        func onTerminal(color: Bool) async throws -> String {
            var environment = store.sandbox.environment(["WWDC_NOW": BrowseSandbox.now, "TZ": "UTC"])
            if color { environment["NO_COLOR"] = nil }
            let settings = environment
            let wwdc = CommandRunner.wwdc.path
            return try await onThread { () throws -> String in
                let pty = try PseudoTerminal(columns: 100, rows: 40)
                try pty.spawn(wwdc, ["search", "\"quokka compiler\"", "--in", "transcripts"], environment: settings)
                _ = try pty.waitForExit()
                try pty.drain()
                return pty.transcript
            }
        }
        let colored = try await onTerminal(color: true)
        #expect(colored.contains("Now the \u{1B}[1m\u{1B}[33mquokka compiler\u{1B}[39m\u{1B}[22m builds it."), "\(colored.debugDescription)")
        let plain = try await onTerminal(color: false)
        #expect(!plain.contains("\u{1B}"))
        #expect(plain.contains("Now the quokka compiler builds it."))
    }

    @Test("search --json: {kind, id, title, at, snippet, score, watched, progress}, session titles before transcript lines")
    func searchJSON() async throws {
        let store = try await Self.store()
        defer { store.remove() }
        // "Xcode" is in session titles and in a line of Meet Xcode's transcript.
        let rows = try await store.json(["search", "xcode", "--event", "2026", "--in", "sessions", "--in", "transcripts", "--limit", "200"])
        for row in rows {
            #expect(Set(row.keys) == ["kind", "id", "title", "at", "snippet", "score", "watched", "progress"], "\(row)")
        }
        let kinds = rows.map { $0["kind"] as? String ?? "?" }
        #expect(Set(kinds) == ["session", "transcript"])
        let firstTranscript = try #require(kinds.firstIndex(of: "transcript"))
        #expect(!kinds[firstTranscript...].contains("session"), "every session before every transcript line")
        #expect(rows.first.map { ($0["title"] as? String ?? "").lowercased().contains("xcode") } == true)
        #expect(rows.prefix(firstTranscript).allSatisfy { $0["at"] is NSNull })
        let line = try #require(rows.first { $0["kind"] as? String == "transcript" && $0["id"] as? String == "wwdc2026-202" && $0["at"] as? Double == 2 })
        #expect(line["snippet"] as? String == "Welcome to Meet Xcode.")
        let scores = rows.compactMap { $0["score"] as? Double }
        #expect(scores.count == rows.count && scores == scores.sorted(), "scores ascend")
        #expect(rows.prefix(firstTranscript).allSatisfy { ($0["score"] as? Double ?? 0) < -4000 })
        #expect(rows[firstTranscript...].allSatisfy { (-3999 ... -3000).contains($0["score"] as? Double ?? 0) })
        // Other events are left out.
        #expect(rows.allSatisfy { ($0["id"] as? String ?? "").hasPrefix("wwdc2026-") })
    }

    @Test("search: no match is a message and exit 0; nothing to look for is a usage error")
    func searchEdges() async throws {
        let store = try await Self.store()
        defer { store.remove() }
        let none = try await store.run(["search", "zzzqqq"])
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr == "No matches.\n", "\(none.stderr)")
        #expect(try await store.json(["search", "zzzqqq"]).isEmpty)
        for nothing in [["*"], ["\""], ["--", "-"], ["\"\"", "**"]] {
            let result = try await store.run(["search"] + nothing)
            #expect(result.status == 64, "\(nothing): \(result.stderr)")
            #expect(result.errorLines.first?.hasPrefix("Error: Nothing to search for") == true, "\(nothing): \(result.stderr)")
        }
        let badSource = try await store.run(["search", "x", "--in", "videos"])
        #expect(badSource.status == 64)
        #expect(badSource.stderr.contains("expected one of sessions, transcripts, code, news"))
        // FTS5 operators in the text are words, never syntax.
        for hostile in [["NEAR(", "quokka"], ["quokka", "AND"], ["title:quokka"], ["--", "-quokka"], ["quokka^"]] {
            let result = try await store.run(["search"] + hostile)
            #expect(result.status == 0, "\(hostile): \(result.stderr)")
        }
    }
}
