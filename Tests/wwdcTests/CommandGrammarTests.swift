import Foundation
import TestSupport
import TestTraits
import Testing

/// The command line a new user types: groups alone list (as `git remote` does), a mistyped
/// subcommand names the nearest, `--db` and `--no-pager` come before the command too (as `git -C`),
/// `code` lists the snippets to choose from, `note --show` prints the note.
@Suite("command line: the grammar a new user types", .offThePool)
struct CommandGrammarTests {
    @Test("favorite, bookmark and config alone list, with the list's options; notify alone still asks for a subcommand")
    func groupsAloneList() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        try store.favorite(["wwdc2026-201", "wwdc2026-202"])
        for (group, list) in [(["favorite"], ["favorite", "list"]), (["bookmark"], ["bookmark", "list"]), (["config"], ["config", "list"])] {
            let alone = try await store.run(group)
            let listed = try await store.run(list)
            #expect(alone.status == 0, "\(group): \(alone.stderr)")
            #expect(alone.stdout == listed.stdout && alone.stderr == listed.stderr, "\(group): \(alone.stdout) \(alone.stderr)")
        }
        #expect(try await store.ids(["favorite"]) == ["wwdc2026-201", "wwdc2026-202"])
        #expect(try await store.run(["favorite", "--limit", "1"]).stdout == "wwdc2026-201\there only\tWhat's new in Xcode\n")
        // Its help is still the group's; an option the list does not take names the group.
        let help = try await store.run(["favorite", "--help"])
        #expect(help.stdout.contains("USAGE: wwdc favorite [<subcommand>]") && help.stdout.contains("SUBCOMMANDS:"), "\(help.stdout)")
        let bad = try await store.run(["favorite", "--nope"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("Usage: wwdc favorite [<subcommand>]"), "\(bad.stderr)")
        let notify = try await store.run(["notify"])
        #expect(notify.status == 64 && notify.stderr.contains("Missing subcommand"), "\(notify.stderr)")
    }

    @Test("a positional argument's bad word is a usage error (exit 64) naming the argument, before anything is opened")
    func badPositionalWords() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let cases: [(arguments: [String], error: String, usage: String)] = [
            (["code", "101", "abc"], "Invalid value 'abc' for '<number>': expected a whole number from 1", "wwdc code [--no-pager] [--db <path>] <session> [<number>]"),
            (["code", "101", "0"], "Invalid value '0' for '<number>': expected a whole number from 1", "wwdc code [--no-pager] [--db <path>] <session> [<number>]"),
            (["bookmark", "remove", "102", "first"], "Invalid value 'first' for '<number>': expected a whole number from 1", "<session> <number>"),
            (["completion", "tcsh"], "Invalid value 'tcsh' for '<shell>': expected one of bash, zsh, fish", "wwdc completion <shell>"),
        ]
        for (arguments, error, usage) in cases {
            let result = try await sandbox.run(arguments)
            #expect(result.status == 64 && result.stdout.isEmpty, "\(arguments): \(result.stderr)")
            #expect(result.errorLines == ["Error: " + error], "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(usage), "\(arguments): \(result.stderr)")
        }
        // Nothing was opened: no store was made.
        #expect(!FileManager.default.fileExists(atPath: sandbox.directory.path("data").appendingPathComponent("wwdc").path))
    }

    @Test("a mistyped subcommand is a usage error naming the nearest, and changes nothing")
    func mistypedSubcommand() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let typo = try await store.run(["favorite", "ad", "101"])
        #expect(typo.status == 64)
        #expect(typo.stdout.isEmpty)
        let lines = typo.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "Error: Unknown subcommand 'ad' of 'wwdc favorite'. Did you mean 'add'?", "\(typo.stderr)")
        #expect(lines.contains("Its subcommands: add, remove, list."), "\(typo.stderr)")
        #expect(try await store.ids(["favorite", "list"]).isEmpty, "nothing was added")
        let bookmark = try await store.run(["bookmark", "lst"])
        #expect(bookmark.status == 64 && bookmark.stderr.contains("Did you mean 'list'?"), "\(bookmark.stderr)")
        let downloads = try await store.run(["downloads", "rmove"])
        #expect(downloads.status == 64 && downloads.stderr.contains("Did you mean 'remove'?"), "\(downloads.stderr)")
    }

    @Test("--db and --no-pager before the command, as git -C; refused for a command that does not take them")
    func leadingOptions() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let elsewhere = ["WWDC_DB": store.sandbox.directory.path("none.sqlite").path]
        let after = try await store.run(["schedule", "--day", "mon", "--db", store.sandbox.database.path], environment: elsewhere)
        #expect(after.status == 0 && !after.stdout.isEmpty, "\(after.stderr)")
        for words in [["--db", store.sandbox.database.path], ["--db=" + store.sandbox.database.path]] {
            let before = try await store.run(words + ["schedule", "--day", "mon"], environment: elsewhere)
            #expect(before.status == 0, "\(words): \(before.stderr)")
            #expect(before.stdout == after.stdout)
        }
        let sync = try await store.run(["--no-pager", "sync"])
        #expect(sync.status == 64)
        #expect(sync.stderr.hasPrefix("Error: 'wwdc sync' does not take '--no-pager'\n"), "\(sync.stderr)")
        let alone = try await store.run(["--db", "x.sqlite"])
        #expect(alone.status == 64 && alone.stderr.hasPrefix("Error: '--db' goes with a command"), "\(alone.stderr)")

        // On a terminal, the pager runs for a long listing, and not with --no-pager before the command.
        let pager = try await PagerTests.RecordingPager(in: store.sandbox.directory)
        let quiet = try await store.onTerminal(["--no-pager", "videos"], rows: 20, environment: ["WWDC_PAGER": pager.script.path])
        #expect(quiet.exit == .exited(0))
        #expect(!pager.ran, "--no-pager before the command")
        #expect(quiet.screen.contains("Keynote"))
        _ = try await store.onTerminal(["videos"], rows: 20, environment: ["WWDC_PAGER": pager.script.path])
        #expect(pager.ran, "the pager without it")
    }

    @Test("code of a session with several snippets lists them, each with its command, and exits 0")
    func codeLists() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let list = try await store.run(["code", "208"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout == "wwdc code wwdc2026-208 1\tLoad a trip's details concurrently\nwwdc code wwdc2026-208 2\tRender thumbnails in a task group\n",
                "\(list.stdout)")
        #expect(list.stderr == "wwdc2026-208 has 2 code snippets: give the number of one.\n", "\(list.stderr)")
        let one = try await store.run(["code", "208", "2"])
        #expect(one.status == 0 && !one.stdout.contains("wwdc code"), "\(one.stderr)")
    }

    @Test("note --show prints the note; without text and without a terminal the usage error names it")
    func noteShow() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let none = try await store.run(["note", "102", "--show"])
        #expect(none.status == 0 && none.stdout.isEmpty, "\(none.stderr)")
        #expect(none.stderr == "wwdc2026-102 has no note. Write one with 'wwdc note wwdc2026-102 TEXT'.\n", "\(none.stderr)")
        #expect(try await store.run(["note", "102", "Try the new macro", "in the parser"]).status == 0)
        let shown = try await store.run(["note", "102", "--show"])
        #expect(shown.status == 0)
        #expect(shown.stdout == "Try the new macro in the parser\n", "\(shown.stdout)")
        #expect(shown.stderr.isEmpty)
        let both = try await store.run(["note", "102", "--show", "--clear"])
        #expect(both.status == 64, "\(both.stderr)")
        let noText = try await store.run(["note", "102"])
        #expect(noText.status == 64)
        #expect(noText.stderr.contains("'wwdc note wwdc2026-102 --show' prints the note"), "\(noText.stderr)")
    }
}
