import ConferenceData
import PersonalSync
import Foundation
import TestSupport
import TestTraits
import Testing

/// `wwdc export --json | --csv | --markdown` of your favorites, bookmarks, notes and history, read
/// back by parsers that are not wwdc's (Python's json and csv modules, Tests/Server/export_check.py,
/// which reads the store with Python's sqlite3) and compared with the store item by item.
@Suite("export: favorites, bookmarks, notes and history as JSON, CSV and Markdown", .offThePool)
struct PersonalExportTests {
    /// Text a spreadsheet would run, a CSV's own punctuation, line breaks, a quote first, an escape
    /// sequence and a right-to-left override: the user's text, kept exactly in files.
    static let hostileNote = "=HYPERLINK(\"http://x.invalid\",\"click\"), \"quoted\"\nsecond line \u{1B}[31mred\u{1B}[0m \u{202E}desrever"

    /// A store with two favorites, bookmarks (one of a session no longer in the feed), notes and
    /// watched / in-progress / started entries, each written at its own time.
    static func store() async throws -> BrowseSandbox {
        let store = try await BrowseSandbox.synced()
        try store.favorite(["wwdc2026-101", "wwdc2026-303"])
        let conference = try ConferenceStore(path: store.sandbox.database.path)
        let edits: [PersonalEdit] = [
            .addBookmark(session: "wwdc2026-101", time: 754.5, note: hostileNote),
            .addBookmark(session: "wwdc2026-101", time: 60, note: "-5 dB, then +3 @ 1:00"),
            .addBookmark(session: "wwdc2026-303", time: 3005, note: "'already quoted"),
            .addBookmark(session: "wwdc2019-999", time: 12, note: ""),
            .setNote(session: "wwdc2026-101", text: "# My plan\n\n- try it, today\n- | a pipe |\n\ttabbed"),
            .setNote(session: "wwdc2026-303", text: hostileNote),
            .markWatched(["wwdc2026-102"]),
            .recordPosition(session: "wwdc2026-103", position: 600, duration: nil),
            .recordStarted(session: "wwdc2026-201", duration: nil),
        ]
        for (index, edit) in edits.enumerated() {
            _ = try conference.write { try $0.edit(edit, at: Date(timeIntervalSince1970: 1_781_000_000 + Double(index) * 61.25)) }
        }
        return store
    }

    /// Runs the checker on the files; its output (`ok favorites=2 …`) or its complaints.
    static func check(_ store: BrowseSandbox, _ arguments: [String]) async throws -> CommandResult {
        let script = ProjectPaths.root.appendingPathComponent("Tests/Server/export_check.py")
        return try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, store.sandbox.database.path] + arguments)
    }

    @Test("each format, read back by Python's json and csv modules, holds exactly the store's favorites, bookmarks, notes and history")
    func formatsParseBack() async throws {
        let store = try await Self.store()
        defer { store.remove() }
        let folder = store.sandbox.directory
        var arguments: [String] = []
        let json = folder.path("personal.json").path
        let wroteJSON = try await store.run(["export", "--json", "--output", json])
        #expect(wroteJSON.status == 0, "\(wroteJSON.stderr)")
        #expect(wroteJSON.stderr == "Wrote 2 favorites, 4 bookmarks, 2 notes, 3 history entries to \(json).\n", "\(wroteJSON.stderr)")
        arguments += ["--json", json]
        for list in ["favorites", "bookmarks", "notes", "history"] {
            let csv = folder.path("\(list).csv").path
            let wrote = try await store.run(["export", "--csv", "--" + list, "-o", csv])
            #expect(wrote.status == 0, "\(list): \(wrote.stderr)")
            arguments += ["--csv", list, csv]
        }
        let markdown = folder.path("personal.md").path
        #expect(try await store.run(["export", "--markdown", "-o", markdown]).status == 0)
        arguments += ["--markdown", markdown]

        let checked = try await Self.check(store, arguments)
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        #expect(checked.stdout == "ok favorites=2 bookmarks=4 notes=2 history=3\n", "\(checked.stdout)")

        // The spreadsheet guard is there (the checker undoes it): the cells that start with =, - or ' have a ' before them.
        let bookmarks = try String(contentsOfFile: folder.path("bookmarks.csv").path, encoding: .utf8)
        #expect(bookmarks.contains(",\"'=HYPERLINK(\"\"http://x.invalid\"\",\"\"click\"\"), \"\"quoted\"\"\nsecond line"), "\(bookmarks)")
        #expect(bookmarks.contains(",\"'-5 dB, then +3 @ 1:00\","), "\(bookmarks)")
        #expect(bookmarks.contains(",''already quoted,"), "\(bookmarks)")
        // In a pipe, the same bytes as the file: the user's text as typed, escape sequence and all.
        let piped = try await store.run(["export", "--json"])
        #expect(piped.stdout == (try String(contentsOfFile: json, encoding: .utf8)))
        #expect(try await store.run(["export", "--csv", "--notes"]).stdout.contains("\u{1B}[31mred"))
    }

    @Test("the lists asked for, and only they; empty lists are empty, not missing")
    func listsAskedFor() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let empty = try await store.run(["export", "--json", "--bookmarks", "--history"])
        #expect(empty.status == 0, "\(empty.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(empty.stdout.utf8)) as? [String: Any]
        #expect(document?.keys.sorted() == ["bookmarks", "history"])
        #expect((document?["bookmarks"] as? [Any])?.isEmpty == true)
        let csv = try await store.run(["export", "--csv", "--favorites"])
        #expect(csv.stdout == "id,title,event,start,end,url,updatedAt\r\n", "\(csv.stdout)")
        let markdown = try await store.run(["export", "--markdown", "--notes"])
        #expect(markdown.stdout == "# WWDC: your notes\n\n## Notes\n\nNone.\n", "\(markdown.stdout)")
    }

    @Test("usage errors exit 64 naming the flags: no format, two formats, --ics with a personal list, --csv with none or two lists, --event with a list")
    func usageErrors() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let cases: [([String], String)] = [
            (["export"], "Error: Choose a format: '--ics', '--json', '--csv' or '--markdown'"),
            (["export", "--json", "--csv", "--notes"], "Error: --json and --csv cannot be used together: choose one format"),
            (["export", "--ics", "--markdown"], "Error: --ics and --markdown cannot be used together: choose one format"),
            (["export", "--ics", "--bookmarks"], "Error: --ics writes the schedule or your favorites, not --bookmarks"),
            (["export", "--csv"], "Error: --csv writes one list: name it with --favorites, --bookmarks, --notes or --history"),
            (["export", "--csv", "--notes", "--history"], "Error: --csv writes one list, not 2: choose one of --notes, --history"),
            (["export", "--json", "--event", "all"], "Error: --event applies to --ics; --json exports your lists of every event"),
            (["export", "--markdown", "--alarm", "10m"], "Error: --alarm applies to --ics; --markdown has no events to remind of"),
        ]
        for (arguments, message) in cases {
            let result = try await store.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").first.map(String.init) == message, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
    }

    @Test("on a terminal the export is cleaned of control characters; in a file it is faithful")
    func terminalIsSanitised() async throws {
        let store = try await Self.store()
        defer { store.remove() }
        for format in ["--markdown", "--csv", "--json"] {
            let outcome = try await TerminalSession.run(["export", format, "--notes"], environment: store.sandbox.environment([:]),
                                                        script: [.expect("desrever")])
            #expect(outcome.exit == .exited(0), "\(format): \(outcome.transcript)")
            #expect(!outcome.transcript.contains("\u{1B}[31m") && !outcome.transcript.contains("\u{202E}"), "\(format): \(outcome.transcript)")
            #expect(outcome.transcript.contains("second line"), "\(format): \(outcome.transcript)")
        }
        let file = store.sandbox.directory.path("notes.md").path
        #expect(try await store.run(["export", "--markdown", "--notes", "-o", file]).status == 0)
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.contains(Self.hostileNote), "\(written)")
    }

    @Test("feed links wwdc would not fetch are text; '|' and backticks stay inside their cells and lines; a spreadsheet formula is guarded however it starts")
    func hostileFeedText() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let feeds = try sandbox.copyOfFixtures()
        let changes: [(id: String, link: String, title: String)] = [
            ("wwdc2026-101", "javascript:alert(document.cookie)", "\t=HYPERLINK(\"http://x.invalid\") | pipe `tick`"),
            ("wwdc2026-303", "https://developer.example.com/a|b", "\r+cmd|x"),
            ("wwdc2026-102", "http://example.com/plain", "``double`` ticks"),
        ]
        for change in changes {
            try FeedFiles.editItem(change.id, in: feeds) { item in
                item["webPermalink"] = change.link
                item["title"] = change.title
            }
        }
        #expect(try await sandbox.run(["sync", "--source", feeds.path]).status == 0)
        let store = BrowseSandbox(sandbox: sandbox)
        try store.favorite(changes.map(\.id))
        let conference = try ConferenceStore(path: sandbox.database.path)
        for (index, note) in ["see `foo | bar", "\r=1+1", "=\u{301}2+2"].enumerated() {
            _ = try conference.write { try $0.edit(.addBookmark(session: "wwdc2026-101", time: Double(10 + index), note: note), at: Date()) }
        }

        let markdown = try await store.run(["export", "--markdown"])
        #expect(markdown.status == 0, "\(markdown.stderr)")
        let rows = markdown.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("| `wwdc2026-") }
        // A table's cells as GitHub reads them: apart at each '|' without a backslash before it.
        let cells = rows.map { $0.split(separator: "|", omittingEmptySubsequences: false).reduce(into: [String]()) { cells, piece in
            if let last = cells.last, last.hasSuffix("\\") { cells[cells.count - 1] += "|" + piece } else { cells.append(String(piece)) }
        } }
        #expect(cells.allSatisfy { $0.count == 8 }, "a cell broke out: \(rows)")
        #expect(!markdown.stdout.contains("<javascript:") && markdown.stdout.contains("| javascript:alert(document.cookie) |"), "\(markdown.stdout)")
        #expect(!markdown.stdout.contains("<http://example.com") && markdown.stdout.contains("| http://example.com/plain |"), "\(markdown.stdout)")
        #expect(markdown.stdout.contains("| <https://developer.example.com/a\\|b> |"), "\(markdown.stdout)")
        #expect(markdown.stdout.contains("**0:10** see \\`foo | bar — `wwdc watch wwdc2026-101 --bookmark 1`"), "\(markdown.stdout)")

        let calendar = try await store.run(["export", "--ics", "--favorites"])
        #expect(calendar.status == 0, "\(calendar.stderr)")
        let urls = calendar.stdout.split(separator: "\r\n").filter { $0.hasPrefix("URL:") }
        #expect(urls == ["URL:https://developer.example.com/a|b"], "\(urls)")

        let favorites = try await store.run(["export", "--csv", "--favorites"])
        #expect(favorites.stdout.contains(",\"' =HYPERLINK(\"\"http://x.invalid\"\") | pipe `tick`\","), "a tab first, cleaned to a blank: \(favorites.stdout)")
        #expect(favorites.stdout.contains(",' +cmd|x,"), "a CR first, cleaned to a blank: \(favorites.stdout)")
        let bookmarks = try await store.run(["export", "--csv", "--bookmarks"])
        #expect(bookmarks.stdout.contains(",\"'\r=1+1\","), "\(bookmarks.stdout.debugDescription)")
        #expect(bookmarks.stdout.contains(",'=\u{301}2+2,"), "'=' with a mark on it is one character, still a formula: \(bookmarks.stdout)")
    }
}
