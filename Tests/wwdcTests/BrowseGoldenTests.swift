import Foundation
import TestSupport
import TestTraits
import Testing

/// The listings on the fixtures, in a pipe and as JSON, with a fixed clock and
/// time zone, against reviewed golden files.
@Suite("browsing: golden output", .offThePool)
struct BrowseGoldenTests {
    /// The fixtures with two favorites, one of them the hostile title.
    static func store() async throws -> BrowseSandbox {
        let store = try await BrowseSandbox.synced()
        try store.favorite(["wwdc2026-101", "wwdc2026-990"])
        return store
    }

    /// Runs the command; records its stdout under `name` and checks that stderr is empty (data only on stdout).
    func golden(_ store: BrowseSandbox, _ arguments: [String], _ name: String, environment: [String: String] = [:],
                sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let result = try await store.run(arguments, environment: environment)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, "\(arguments) wrote to stderr: \(result.stderr)", sourceLocation: sourceLocation)
        Golden.check(result.stdout, name, sourceLocation: sourceLocation)
    }

    @Test("schedule: the whole current event in a pipe, a day as JSON, another day in the local zone")
    func schedule() async throws {
        let store = try await Self.store()
        defer { store.remove() }
        try await golden(store, ["schedule"], "schedule.txt")
        try await golden(store, ["schedule", "--day", "mon", "--json"], "schedule-monday.json")
        try await golden(store, ["schedule", "--day", "2026-06-09", "--local", "--limit", "6"], "schedule-tokyo.txt",
                         environment: ["TZ": "Asia/Tokyo"])
        try await golden(store, ["schedule", "--search", "swiftui", "--limit", "8"], "schedule-search.txt")
    }

    @Test("session: a full page in a pipe and as JSON")
    func session() async throws {
        let store = try await Self.store()
        defer { store.remove() }
        try await golden(store, ["session", "101"], "session-101.txt")
        try await golden(store, ["session", "wwdc2026-101", "--json"], "session-101.json")
        try await golden(store, ["session", "wwdc2026-302"], "session-302.txt")
        try await golden(store, ["session", "wwdc2025-208", "--local"], "session-2025-208.txt", environment: ["TZ": "Europe/Paris"])
    }

    @Test("news: newest first, in a pipe and as JSON")
    func news() async throws {
        let store = try await Self.store()
        defer { store.remove() }
        try await golden(store, ["news"], "news.txt")
        try await golden(store, ["news", "--json"], "news.json")
    }

    @Test("videos: the current event in a pipe, a search across events as JSON")
    func videos() async throws {
        let store = try await Self.store()
        defer { store.remove() }
        try await golden(store, ["videos"], "videos.txt")
        try await golden(store, ["videos", "--event", "all", "--search", "metal", "--json"], "videos-metal.json")
    }
}
