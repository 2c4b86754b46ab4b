import Foundation
import TestSupport
import TestTraits
import Testing

/// Finding a session: ids in any case, suggestions by title for an unknown id, the ranking of a
/// search on the sample conference, and the names a typo or an alias reaches.
@Suite("browsing: finding things", .offThePool)
struct FindingTests {
    @Test("session ids in any case: WWDC2026-101 is wwdc2026-101")
    func idsIgnoreCase() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        for typed in ["WWDC2026-101", "Wwdc2026-101", "https://developer.apple.com/WWDC26/101"] {
            let result = try await store.run(["session", typed, "--json"])
            #expect(result.status == 0, "\(typed): \(result.stderr)")
            let session = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect(session?["id"] as? String == "wwdc2026-101", "\(typed)")
        }
    }

    @Test("an unknown id suggests sessions by title as well as by id")
    func suggestions() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let keynote = try await store.run(["session", "keynote"])
        #expect(keynote.status == 1)
        #expect(keynote.errorLines == ["Error: no session 'keynote'"], "\(keynote.stderr)")
        #expect(keynote.stderr.contains("Hint: Did you mean wwdc2026-101 “Keynote”"), "\(keynote.stderr)")
        // A word cut short still finds the title, as a prefix.
        let short = try await store.run(["session", "keynot"])
        #expect(short.stderr.contains("Hint: Did you mean wwdc2026-101 “Keynote”"), "\(short.stderr)")
        // A typo of an id still suggests the id, with its title.
        let typo = try await store.run(["session", "wwdc2026-10l"])
        #expect(typo.stderr.contains("Did you mean wwdc2026-101 “Keynote”?"), "\(typo.stderr)")
        // Words found nowhere: the hint on finding sessions.
        let nothing = try await store.run(["session", "zzzqqq"])
        #expect(nothing.stderr.contains("Hint: Find sessions with 'wwdc search TEXT'."), "\(nothing.stderr)")
    }

    @Test("'wwdc version' is a usage error suggesting --version")
    func versionTypo() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let result = try await store.run(["version"])
        #expect(result.status == 64)
        #expect(result.errorLines == ["Error: Unknown command 'version'. Did you mean '--version'?"], "\(result.stderr)")
    }

    @Test("'favorite rm' is 'favorite remove', and help says so")
    func removeAlias() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        try store.favorite(["wwdc2026-301", "wwdc2026-302"])
        let removed = try await store.run(["favorite", "rm", "301"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try await store.ids(["favorite", "list"]) == ["wwdc2026-302"])
        let help = try await store.run(["favorite", "--help"])
        #expect(help.stdout.contains("  remove, rm "), "\(help.stdout)")
        let helpRm = try await store.run(["help", "favorite", "rm"])
        #expect(helpRm.status == 0 && helpRm.stdout.contains("USAGE: wwdc favorite remove"), "\(helpRm.stdout)")
    }

    @Test("search on the sample: 'What's new in SwiftUI' first, talks before labs", arguments: [
        ["schedule", "--search", "swiftui"], ["search", "swiftui"],
    ])
    func ranking(_ command: [String]) async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let rows = try await store.json(command + (command[0] == "schedule" ? [] : ["--event", "wwdc2026"]))
        let sessions = rows.filter { ($0["kind"] as? String ?? "session") == "session" }
        let titles = sessions.map { $0["title"] as? String ?? "?" }
        #expect(titles.first == "What's new in SwiftUI", "\(titles)")
        #expect(titles.prefix(6) == ["What's new in SwiftUI", "Meet SwiftUI", "Dive deeper into SwiftUI", "Get started with SwiftUI",
                                     "SwiftUI Lab", "SwiftUI Consultations by Appointment"], "\(titles)")
    }

    @Test("search across events: the current event's title matches first")
    func currentEventFirst() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let rows = try await store.json(["search", "swiftui"])
        let ids = rows.map { $0["id"] as? String ?? "?" }
        #expect(ids.first == "wwdc2026-301", "\(ids)")
        let scores = rows.map { $0["score"] as? Double ?? 0 }
        #expect(scores == scores.sorted(), "scores ascend with the order: \(scores)")
    }
}
