import Foundation
import TestSupport
import TestTraits
import Testing

/// What the listings and messages say, as a person reads them: columns that fit before titles are
/// cut, aligned on a terminal (tabs in a pipe), every rating labelled, "1 row", a repeated action
/// named as such, what is on now and next, and --quiet.
@Suite("output: wording and columns", .offThePool)
struct OutputWordingTests {
    @Test("videos leaves its type column out before it cuts a title; keeps it when there is room")
    func videosType() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let narrow = try await store.onTerminal(["videos", "--search", "swift", "--no-pager"], columns: 60)
        let rows = narrow.screen.split(separator: "\n").dropFirst()
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { !$0.hasSuffix("Session") && !$0.hasSuffix("Video") }, "no type column: \(narrow.screen)")
        #expect(rows.contains { $0.hasSuffix("Explore advanced Swift techniques") }, "the title whole: \(narrow.screen)")
        #expect(rows.allSatisfy { $0.count <= 60 })
        let wide = try await store.onTerminal(["videos", "--search", "swift", "--no-pager"], columns: 132)
        #expect(wide.screen.split(separator: "\n").contains { $0.hasSuffix("  Session") }, "\(wide.screen)")
    }

    @Test("favorite list and feedback --list: aligned columns on a terminal, tabs in a pipe, every rating labelled")
    func userLists() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        for arguments in [["favorite", "add", "101", "201"], ["feedback", "101", "--rating", "4", "--content", "3"],
                          ["feedback", "102", "--rating", "5"]] {
            let result = try await store.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let favorites = try await store.run(["favorite", "list"])
        // No account service, no sync folder: the favorites have nowhere to go, and say so.
        #expect(favorites.stdout == "wwdc2026-101\there only\tKeynote\nwwdc2026-201\there only\tWhat's new in Xcode\n")
        let favoritesOnTerminal = try await store.onTerminal(["favorite", "list"])
        #expect(favoritesOnTerminal.screen == "wwdc2026-101  here only  Keynote\nwwdc2026-201  here only  What's new in Xcode\n")

        let feedback = try await store.run(["feedback", "--list"])
        #expect(feedback.stdout.split(separator: "\n") == [
            "wwdc2026-101\toverall ★★★★☆  content ★★★☆☆  presentation –\there only\tKeynote",
            "wwdc2026-102\toverall ★★★★★  content –  presentation –\there only\tPlatforms State of the Union",
        ])
        let feedbackOnTerminal = try await store.onTerminal(["feedback", "--list"], columns: 120)
        #expect(feedbackOnTerminal.screen.split(separator: "\n") == [
            "wwdc2026-101  overall ★★★★☆  content ★★★☆☆  presentation –      here only  Keynote",
            "wwdc2026-102  overall ★★★★★  content –      presentation –      here only  Platforms State of the Union",
        ], "\(feedbackOnTerminal.screen)")
    }

    @Test("adding a favorite again, or removing one that is not, says so, exits 0 and writes nothing")
    func repeatedFavorite() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let first = try await store.run(["favorite", "add", "101"])
        #expect(first.status == 0 && first.stderr.contains("Saved wwdc2026-101 as a favorite"), "\(first.stderr)")
        let before = try store.sandbox.dump()
        let again = try await store.run(["favorite", "add", "101"])
        #expect(again.status == 0)
        #expect(again.stderr == "wwdc2026-101 is already a favorite.\n", "\(again.stderr)")
        #expect(try store.sandbox.dump() == before, "nothing written, no new version to upload")

        let removed = try await store.run(["favorite", "remove", "101", "102"])
        #expect(removed.status == 0)
        #expect(removed.stderr.contains("Removed wwdc2026-101 from the favorites.") && removed.stderr.contains("wwdc2026-102 was not a favorite."),
                "\(removed.stderr)")
        let twice = try await store.run(["favorite", "remove", "101"])
        #expect(twice.status == 0)
        #expect(twice.stderr == "wwdc2026-101 was not a favorite.\n", "\(twice.stderr)")
    }

    @Test("one of a thing is singular: 1 row changed, 1 feed downloaded")
    func plurals() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let feeds = try sandbox.copyOfFixtures()
        #expect(try await sandbox.run(["sync", "--source", feeds.path]).status == 0)
        try FeedFiles.edit(feeds.appendingPathComponent("news.json")) { root in
            var items = root["items"] as? [[String: Any]] ?? []
            items[0]["title"] = "A changed title"
            root["items"] = items
        }
        let again = try await sandbox.run(["sync", "--source", feeds.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("Save  1 row changed"), "\(again.stderr)")
        #expect(again.stderr.contains(": 1 feed downloaded, 4 unchanged, 1 row changed."), "\(again.stderr)")
        #expect(!again.stderr.contains("1 rows") && !again.stderr.contains("1 feeds"))
    }

    @Test("sync --quiet prints only its summary, in a pipe and on a terminal; with --verbose it is a usage error")
    func quietSync() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let quiet = try await sandbox.run(["sync", "--source", ProjectPaths.fixtures.path, "--quiet"])
        #expect(quiet.status == 0)
        #expect(quiet.stderr.split(separator: "\n").count == 1 && quiet.stderr.hasPrefix("Synced from "), "\(quiet.stderr)")
        let store = BrowseSandbox(sandbox: sandbox)
        let terminal = try await store.onTerminal(["sync", "-q"])
        #expect(terminal.exit == .exited(0))
        #expect(!terminal.screen.contains("Schedule") && terminal.screen.contains("Synced from "), "\(terminal.screen)")
        let loud = try await sandbox.run(["sync"])
        #expect(loud.stderr.contains("Schedule"), "without --quiet, the steps: \(loud.stderr)")
        let both = try await sandbox.run(["sync", "--quiet", "--verbose"])
        #expect(both.status == 64)
    }

    @Test("schedule during the event marks what is on now and what starts next; nothing on another day or after the event")
    func nowAndNext() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let today = try await store.run(["schedule", "--day", "today"])
        let lines = today.stdout.split(separator: "\n")
        let now = lines.filter { $0.hasPrefix("  now ") }
        let next = lines.filter { $0.hasPrefix("  next ") }
        #expect(now.contains { $0.contains("12:00–13:00   106  Lunchtime Talk") }, "\(today.stdout)")
        #expect(!now.isEmpty && now.allSatisfy { $0.contains("12:00–") }, "on at noon: \(now)")
        #expect(!next.isEmpty && next.allSatisfy { $0.contains("13:00–") }, "the next start, 13:00: \(next)")
        #expect(!lines.contains { $0.contains("11:00–11:40") && $0.contains("now") }, "ended at 11:40")

        let terminal = try await store.onTerminal(["schedule", "--day", "today", "--no-pager"], columns: 120)
        #expect(terminal.screen.contains("  now   12:00–13:00"), "\(terminal.screen.prefix(400))")

        let tomorrow = try await store.run(["schedule", "--day", "tomorrow"])
        #expect(!tomorrow.stdout.contains(" now ") && !tomorrow.stdout.contains(" next "))
        let after = try await store.run(["schedule"], environment: ["WWDC_NOW": "2026-07-01T12:00:00-07:00"])
        #expect(!after.stdout.contains(" now ") && !after.stdout.contains(" next "))
    }

    @Test("--day yesterday: the day before today, as help says")
    func yesterday() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let result = try await store.run(["schedule", "--day", "yesterday"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Tuesday, June 9, 2026"), "\(result.stdout.prefix(200))")
        let help = try await store.run(["schedule", "--help"])
        #expect(help.stdout.contains("'yesterday'"))
    }
}
