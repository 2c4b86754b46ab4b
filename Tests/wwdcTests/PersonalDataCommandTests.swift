import ConferenceData
import Foundation
import TestSupport
import TestTraits
import Testing

/// What you watched, where you stopped, your bookmarks and your notes, through the built binary on
/// the sample conference: `watched`, `continue`, `bookmark`, `note` (a fake editor on a real
/// pseudo-terminal), the filters and marks of the listings, `session`, and `search` in notes.
@Suite("personal data: watched, continue, bookmarks, notes", .offThePool)
struct PersonalDataCommandTests {
    /// Records a playback position the way the player's tracking does, at `date`.
    static func play(_ store: BrowseSandbox, _ id: String, at position: Double, on date: Date) throws {
        let conference = try ConferenceStore(path: store.sandbox.database.path)
        _ = try conference.write { try $0.edit(.recordPosition(session: id, position: position, duration: nil), at: date) }
    }

    static func line(_ text: String, containing word: String) -> String {
        text.split(separator: "\n").map(String.init).first { $0.contains(word) } ?? ""
    }

    @Test("watched and --undo; videos --watched, --unwatched, --in-progress; ✓ and 8% in videos, schedule and search")
    func watchedFilters() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let all = try await store.ids(["videos"])
        let marked = try await store.run(["watched", "101", "wwdc2026-102"])
        #expect(marked.status == 0, "\(marked.stderr)")
        #expect(marked.stderr == "✓ Marked wwdc2026-101 watched.\n✓ Marked wwdc2026-102 watched.\n", "\(marked.stderr)")
        let again = try await store.run(["watched", "101"])
        #expect(again.status == 0 && again.stderr == "wwdc2026-101 is already watched.\n", "\(again.stderr)")
        try Self.play(store, "wwdc2026-103", at: 600, on: Date(timeIntervalSince1970: 1_781_000_000))

        #expect(try await store.ids(["videos", "--watched"]) == ["wwdc2026-101", "wwdc2026-102"])
        #expect(try await store.ids(["videos", "--in-progress"]) == ["wwdc2026-103"])
        let unwatched = try await store.ids(["videos", "--unwatched"])
        #expect(unwatched == all.filter { !["wwdc2026-101", "wwdc2026-102"].contains($0) })
        let combined = try await store.run(["videos", "--watched", "--unwatched"])
        #expect(combined.status == 64, "\(combined.stderr)")

        // 600 s of 2:03:35 is 8 %.
        let videos = try await store.run(["videos"])
        #expect(Self.line(videos.stdout, containing: "Keynote").contains("✓"), "\(videos.stdout)")
        #expect(Self.line(videos.stdout, containing: "Apple Design Awards").contains("8%"), "\(videos.stdout)")
        #expect(!Self.line(videos.stdout, containing: "Meet Xcode").contains("✓"), "\(videos.stdout)")
        let rows = try await store.json(["videos"])
        let byID = Dictionary(rows.map { ($0["id"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byID["wwdc2026-101"]?["watched"] as? Bool == true)
        #expect(byID["wwdc2026-101"]?["progress"] as? Double == 1)
        #expect(abs((byID["wwdc2026-103"]?["progress"] as? Double ?? 0) - 600 / 7415) < 0.001)
        #expect(byID["wwdc2026-201"]?["progress"] is NSNull)
        let schedule = try await store.run(["schedule", "--day", "mon"])
        #expect(Self.line(schedule.stdout, containing: "Keynote").contains("✓"), "\(schedule.stdout)")
        #expect(Self.line(schedule.stdout, containing: "Apple Design Awards").contains("8%"), "\(schedule.stdout)")
        let search = try await store.run(["search", "keynote", "--in", "sessions"])
        #expect(Self.line(search.stdout, containing: "wwdc2026-101").contains("✓"), "\(search.stdout)")

        let undone = try await store.run(["watched", "--undo", "101", "201"])
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(undone.stderr == "Marked wwdc2026-101 not watched.\nwwdc2026-201 was not watched or started.\n", "\(undone.stderr)")
        #expect(try await store.ids(["videos", "--watched"]) == ["wwdc2026-102"])
        let empty = try await store.run(["videos", "--watched", "--search", "xcode"])
        #expect(empty.status == 0 && empty.stdout.isEmpty, "\(empty.stdout)")
        #expect(empty.stderr.contains("No watched videos match"), "\(empty.stderr)")
        let unknown = try await store.run(["watched", "999999"])
        #expect(unknown.status == 1, "\(unknown.stderr)")
    }

    @Test("continue: in progress only, most recent first, with position, duration, progress and the command that resumes")
    func continueWatching() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let nothing = try await store.run(["continue"])
        #expect(nothing.status == 0 && nothing.stdout.isEmpty && nothing.stderr.contains("Nothing in progress"), "\(nothing.stderr)")
        let earlier = Date(timeIntervalSince1970: 1_781_000_000)
        try Self.play(store, "wwdc2026-103", at: 600, on: earlier)
        try Self.play(store, "wwdc2026-201", at: 90, on: earlier.addingTimeInterval(3600))
        try Self.play(store, "wwdc2026-202", at: 30, on: earlier.addingTimeInterval(60))
        // Within the last 30 s of 41:13: watched, so not in progress.
        try Self.play(store, "wwdc2026-202", at: 2460, on: earlier.addingTimeInterval(7200))

        let rows = try await store.json(["continue"])
        #expect(rows.map { $0["id"] as? String ?? "" } == ["wwdc2026-201", "wwdc2026-103"])
        #expect(rows.first?["position"] as? Double == 90)
        #expect(rows.first?["duration"] as? Double == 1272)
        #expect(abs((rows.first?["progress"] as? Double ?? 0) - 90.0 / 1272) < 0.0001)
        #expect(rows.first?["title"] as? String == "What's new in Xcode")
        #expect(rows.first?["updatedAt"] as? String == "2026-06-09T11:13:20Z")
        #expect(try await store.ids(["videos", "--watched"]) == ["wwdc2026-202"])
        let text = try await store.run(["continue"])
        #expect(text.stdout.contains("wwdc2026-201  What's new in Xcode\n  7%  1:30 / 21:12  "), "\(text.stdout)")
        #expect(text.stdout.contains("  wwdc watch wwdc2026-201 --at 1:30\n"), "\(text.stdout)")
        #expect(text.stdout.contains("  wwdc watch wwdc2026-103 --at 10:00\n"), "\(text.stdout)")
        #expect(try await store.ids(["continue", "--limit", "1"]) == ["wwdc2026-201"])

        let watched = try await store.run(["watched", "201"])
        #expect(watched.status == 0)
        #expect(try await store.ids(["continue"]) == ["wwdc2026-103"])
    }

    @Test("bookmark add, list and remove: numbered in time order, at the saved position by default, errors with hints")
    func bookmarks() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let first = try await store.run(["bookmark", "add", "102", "--at", "12:34", "--note", "alpha point"])
        #expect(first.status == 0 && first.stderr == "Bookmarked wwdc2026-102 at 12:34 (bookmark 1).\n", "\(first.stderr)")
        let second = try await store.run(["bookmark", "add", "102", "--at", "60", "--note", "beta point"])
        #expect(second.stderr == "Bookmarked wwdc2026-102 at 1:00 (bookmark 1).\n", "\(second.stderr)")

        let noPosition = try await store.run(["bookmark", "add", "103"])
        #expect(noPosition.status == 1)
        #expect(noPosition.errorLines == ["Error: no saved position for wwdc2026-103: give the time of the bookmark"], "\(noPosition.stderr)")
        #expect(noPosition.stderr.contains("Hint: Give the moment with --at (12:34)"), "\(noPosition.stderr)")
        try Self.play(store, "wwdc2026-103", at: 754, on: Date(timeIntervalSince1970: 1_781_000_000))
        let atPosition = try await store.run(["bookmark", "add", "103"])
        #expect(atPosition.stderr == "Bookmarked wwdc2026-103 at 12:34 (bookmark 1).\n", "\(atPosition.stderr)")
        let pastEnd = try await store.run(["bookmark", "add", "103", "--at", "3:00:00"])
        #expect(pastEnd.status == 1 && pastEnd.errorLines.first?.contains("past the end") == true, "\(pastEnd.stderr)")
        let badTime = try await store.run(["bookmark", "add", "103", "--at", "1:99"])
        #expect(badTime.status == 64, "\(badTime.stderr)")

        let rows = try await store.json(["bookmark", "list"])
        #expect(rows.map { "\($0["id"] ?? "") \($0["number"] ?? "") \($0["time"] ?? "") \($0["note"] ?? "")" } == [
            "wwdc2026-102 1 60 beta point", "wwdc2026-102 2 754 alpha point", "wwdc2026-103 1 754 ",
        ])
        let one = try await store.ids(["bookmark", "list", "103"])
        #expect(one == ["wwdc2026-103"])
        let text = try await store.run(["bookmark", "list", "102"])
        #expect(text.stdout == """
            wwdc2026-102  Platforms State of the Union
              1. 1:00  beta point
                 wwdc watch wwdc2026-102 --at 1:00
              2. 12:34  alpha point
                 wwdc watch wwdc2026-102 --at 12:34

            """, "\(text.stdout)")

        let removed = try await store.run(["bookmark", "rm", "102", "1"])
        #expect(removed.status == 0 && removed.stderr == "Removed bookmark 1 of wwdc2026-102 (1:00 “beta point”).\n", "\(removed.stderr)")
        #expect(try await store.json(["bookmark", "list", "102"]).map { $0["note"] as? String ?? "" } == ["alpha point"])
        let missing = try await store.run(["bookmark", "remove", "102", "5"])
        #expect(missing.status == 1, "\(missing.stderr)")
        #expect(missing.errorLines == ["Error: wwdc2026-102 has no bookmark 5: it has 1 bookmark, numbered 1 to 1"], "\(missing.stderr)")
        #expect(missing.stderr.contains("Hint: List them with 'wwdc bookmark list wwdc2026-102'."), "\(missing.stderr)")
        let notANumber = try await store.run(["bookmark", "remove", "102", "x"])
        #expect(notANumber.status == 64, "\(notANumber.stderr)")

        let session = try await store.run(["session", "102"])
        #expect(session.stdout.contains("Bookmarks\n  1.  12:34  alpha point\n"), "\(session.stdout)")
    }

    @Test("note: set, shown by session, found by search with bookmark notes (--in notes), cleared; hostile text sanitised")
    func notesAndSearch() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let set = try await store.run(["note", "104", "Remember the", "quokkaflux trick"])
        #expect(set.status == 0 && set.stderr == "Saved your note on wwdc2026-104.\n", "\(set.stderr)")
        let same = try await store.run(["note", "104", "Remember the quokkaflux trick"])
        #expect(same.stderr == "Your note on wwdc2026-104 is unchanged.\n", "\(same.stderr)")
        let bookmark = try await store.run(["bookmark", "add", "201", "--at", "2:05", "--note", "zanthoxylum moment"])
        #expect(bookmark.status == 0, "\(bookmark.stderr)")

        let noteHits = try await store.json(["search", "quokkaflux"])
        #expect(noteHits.map { "\($0["kind"] ?? "") \($0["id"] ?? "")" } == ["note wwdc2026-104"])
        let bookmarkHits = try await store.json(["search", "zanthoxylum", "--in", "notes"])
        #expect(bookmarkHits.map { "\($0["kind"] ?? "") \($0["id"] ?? "") \($0["at"] ?? "")" } == ["bookmark wwdc2026-201 125"])
        let text = try await store.run(["search", "zanthoxylum"])
        #expect(text.stdout.contains("bookmark  wwdc2026-201  What's new in Xcode, at 2:05\n"), "\(text.stdout)")
        #expect(text.stdout.contains("wwdc watch wwdc2026-201 --at 2:05"), "\(text.stdout)")
        #expect(try await store.json(["search", "quokkaflux", "--in", "sessions"]).isEmpty)
        let session = try await store.run(["session", "104"])
        #expect(session.stdout.contains("Your note\n  Remember the quokkaflux trick\n"), "\(session.stdout)")
        let json = try await store.run(["session", "104", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((document?["note"] as? [String: Any])?["text"] as? String == "Remember the quokkaflux trick")

        let hostile = try await store.sandbox.run(["note", "104", "-"], stdin: "evil \u{1B}]52;c;cGF3bmVk\u{07}\u{1B}[2Jline\u{202E}txt\n\n")
        #expect(hostile.status == 0, "\(hostile.stderr)")
        for arguments in [["session", "104"], ["search", "evil"], ["session", "104", "--json"]] {
            let shown = try await store.run(arguments)
            #expect(shown.stdout.contains("evil"), "\(arguments): \(shown.stdout)")
            #expect(!shown.stdout.contains("\u{1B}") && !shown.stdout.contains("\u{7}") && !shown.stdout.contains("\u{202E}"),
                    "\(arguments) printed control characters")
        }

        let cleared = try await store.run(["note", "104", "--clear"])
        #expect(cleared.status == 0 && cleared.stderr == "Removed your note on wwdc2026-104.\n", "\(cleared.stderr)")
        #expect(try await store.json(["search", "evil", "--in", "notes"]).isEmpty)
        let twice = try await store.run(["note", "104", "--clear"])
        #expect(twice.stderr == "wwdc2026-104 has no note.\n", "\(twice.stderr)")
        let both = try await store.run(["note", "104", "text", "--clear"])
        #expect(both.status == 64, "\(both.stderr)")
        // No text and no terminal: nothing to open an editor on.
        let piped = try await store.run(["note", "104"])
        #expect(piped.status == 64, "\(piped.stderr)")
        #expect(piped.errorLines == ["Error: No text given, and no terminal to open an editor on"], "\(piped.stderr)")
    }

    /// A fake editor: records its arguments and the mode of the folder of the file it was given,
    /// then appends a line to the file, empties it, or fails, as `action` says.
    static func fakeEditor(in folder: TemporaryDirectory) throws -> (path: String, log: String) {
        let log = folder.path("editor.log").path
        let script = folder.path("fake editor.sh").path
        try """
            #!/bin/sh
            for argument in "$@"; do printf '%s\\n' "$argument" >> '\(log)'; done
            stat -c '%a' "$(dirname "$2")" >> '\(log)'
            case "$1" in
              --append) printf 'edited line\\n' >> "$2" ;;
              --empty) : > "$2" ;;
              --fail) exit 3 ;;
            esac

            """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        return (script, log)
    }

    @Test("note with no text on a terminal opens $VISUAL (before $EDITOR) on the note, split into words, without a shell")
    func editorOnTerminal() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let (editor, log) = try Self.fakeEditor(in: store.sandbox.directory)
        #expect(try await store.run(["note", "105", "First line"]).status == 0)

        func edit(_ action: String, until marker: String) async throws -> TerminalSession.Outcome {
            try? FileManager.default.removeItem(atPath: log)
            let environment = store.sandbox.environment(["VISUAL": "'\(editor)' \(action)", "EDITOR": "/bin/false", "TZ": "UTC"])
            return try await TerminalSession.run(["note", "105"], environment: environment, script: [.expect(marker)])
        }

        let appended = try await edit("--append", until: "Saved your note")
        #expect(appended.problem == nil, "\(appended.problem ?? "")")
        #expect(appended.exit == .exited(0), "\(appended.transcript)")
        #expect(appended.transcript.contains("Saved your note on wwdc2026-105."), "\(appended.transcript)")
        let arguments = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(arguments.count == 3, "\(arguments)")
        #expect(arguments.first == "--append")
        #expect(arguments.dropFirst().first?.hasSuffix("/NOTE.md") == true, "\(arguments)")
        #expect(arguments.last == "700", "the note's folder is private: \(arguments)")
        #expect(!FileManager.default.fileExists(atPath: arguments[1]), "the file is removed afterwards")
        let note = try await store.run(["session", "105", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(note.stdout.utf8)) as? [String: Any]
        #expect((document?["note"] as? [String: Any])?["text"] as? String == "First line\nedited line")

        let failed = try await edit("--fail", until: "left as it was")
        #expect(failed.exit == .exited(1), "\(failed.transcript)")
        #expect(failed.transcript.contains("exited with status 3; the note was left as it was"), "\(failed.transcript)")
        let kept = try await store.run(["session", "105", "--json"])
        #expect(kept.stdout.contains("First line\\nedited line"), "\(kept.stdout)")

        let emptied = try await edit("--empty", until: "Removed your note")
        #expect(emptied.exit == .exited(0), "\(emptied.transcript)")
        #expect(emptied.transcript.contains("Removed your note on wwdc2026-105."), "\(emptied.transcript)")

        let missing = try await TerminalSession.run(["note", "105"], environment: store.sandbox.environment(["EDITOR": "no-such-editor-here"]),
                                                    script: [.expect("was not found")])
        #expect(missing.exit == .exited(1), "\(missing.transcript)")
        #expect(missing.transcript.contains("the editor 'no-such-editor-here' ($EDITOR) was not found"), "\(missing.transcript)")
    }
}
