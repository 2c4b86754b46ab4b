import Foundation
import TestSupport
import TestTraits
import Testing

/// On a real terminal the titles get the room first: the minor columns (type, topic, room, where
/// a favorite stands) shorten or go before a title is cut, and what wwdc prints as one unit (a
/// command, "just now") is never split over two lines.
@Suite("browsing: titles get the room first", .offThePool)
struct TitlesFirstTests {
    /// The screen's lines, without the program's SGR styles.
    static func lines(_ screen: String) -> [String] {
        BrowseSandbox.unlinked(TerminalLayoutTests.plain(screen)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("videos of an event with topics, at 80 columns: every title that fits is whole, the topic shortened instead")
    func videosAt80() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let arguments = ["videos", "--event", "wwdc2025"]
        let titles = try await store.json(arguments).map { $0["title"] as? String ?? "" }
        try #require(titles.count == 15)
        let screen = try await store.onTerminal(arguments, columns: 80)
        #expect(screen.exit == .exited(0))
        let rows = Self.lines(screen.screen).filter { $0.hasPrefix("  wwdc2025-") }
        #expect(rows.count == 15, "\(screen.screen)")
        for row in rows {
            #expect(row.count <= 80, "wider than 80: \(row)")
        }
        // Every title is whole, and the topic column made way (cut) for them.
        for title in titles {
            #expect(rows.contains { $0.contains("  " + title + "  ") }, "“\(title)” is not whole:\n\(screen.screen)")
        }
        #expect(rows.contains { $0.hasSuffix("…") }, "the topics shortened:\n\(screen.screen)")
    }

    @Test("at 40 columns: the minor columns go before a title is cut, and each line fits",
          arguments: [(["videos"], "Get started with Xcode"), (["schedule", "--day", "tue"], "SwiftData Lab")])
    func narrow(_ arguments: [String], title: String) async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let screen = try await store.onTerminal(arguments, columns: 40)
        #expect(screen.exit == .exited(0))
        let rows = Self.lines(screen.screen).filter { $0.hasPrefix("  ") && !$0.isEmpty }
        #expect(rows.count > 10)
        for row in rows {
            #expect(row.count <= 40, "wider than 40: \(row)")
            // The type, track and room of the schedule, the type and the qualities of the videos: gone.
            for minor in ["  Session", "  Lab", "  Hall ", "  HD SD"] {
                #expect(!row.contains(minor), "\(minor) kept at 40 columns: \(row)")
            }
        }
        #expect(rows.contains { $0.hasSuffix("  " + title) }, "\(screen.screen)")
    }

    @Test("favorite list at 40 columns: where each stands goes before a title is cut")
    func favoritesAt40() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        try store.favorite(["wwdc2026-201", "wwdc2026-202"])
        let screen = try await store.onTerminal(["favorite", "list"], columns: 40)
        #expect(screen.exit == .exited(0))
        let lines = Self.lines(screen.screen).filter { !$0.isEmpty }
        #expect(lines.contains("wwdc2026-201  What's new in Xcode"), "\(screen.screen)")
        #expect(lines.contains("wwdc2026-202  Meet Xcode"), "\(screen.screen)")
        // Wide enough, both stand whole.
        let wide = try await store.onTerminal(["favorite", "list"], columns: 80)
        #expect(Self.lines(wide.screen).contains("wwdc2026-201  here only  What's new in Xcode"), "\(wide.screen)")
    }

    @Test("continue at 40 columns: its line breaks between parts, never inside 'just now'")
    func continueAt40() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let now = ISO8601DateFormatter().date(from: BrowseSandbox.now)!
        try PersonalDataCommandTests.play(store, "wwdc2026-201", at: 370, on: now)
        let screen = try await store.onTerminal(["continue"], columns: 40)
        #expect(screen.exit == .exited(0))
        let lines = Self.lines(screen.screen).filter { !$0.isEmpty }
        for line in lines {
            #expect(line.count <= 40, "wider than 40: \(line)")
        }
        #expect(lines.contains("  just now"), "\(screen.screen)")
        #expect(lines.contains { $0.hasSuffix("29%  6:10 / 21:12") }, "\(screen.screen)")
        #expect(lines.contains("  wwdc watch wwdc2026-201 --at 6:10"), "\(screen.screen)")
    }

    @Test("a session's page at 40 columns: the command that resumes stays on one line")
    func sessionPageAt40() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        try PersonalDataCommandTests.play(store, "wwdc2026-201", at: 370, on: Date(timeIntervalSince1970: 1_781_000_000))
        let screen = try await store.onTerminal(["session", "201", "--no-pager"], columns: 40, environment: ["WWDC_IMAGES": "never"])
        #expect(screen.exit == .exited(0))
        let lines = Self.lines(screen.screen)
        let command = "wwdc watch wwdc2026-201 --at 6:10"
        #expect(lines.contains { $0.hasSuffix(command) && $0.count <= 40 }, "\(screen.screen)")
        // The transcript's command too.
        #expect(lines.contains { $0.hasSuffix("wwdc transcript wwdc2026-201") || $0.hasSuffix("wwdc transcript 201") }, "\(screen.screen)")
    }
}
