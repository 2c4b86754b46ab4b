@testable import ConferenceData
import Foundation
import SQLiteDatabase
import TestTraits
import Testing

/// The browsing statements, built as `SQL`: every value is bound.
@Suite("Browsing statements: every value bound", .offThePool)
struct BrowsingStatementTests {
    // Every text value below holds "zq", which no SQL of the program does.
    @Test("the browsing statements bind every value: one argument per placeholder, and no value written into the text",
          arguments: [
            ScheduleQuery(eventIDs: ["zq'1", "zq2"], day: .conferenceDate(LocalDate(iso: "2026-06-09")!), trackIDs: [3, 4], topicIDs: [5],
                          types: ["Labzq'"], platforms: ["zqOS\""], favoritesOnly: true, search: "swift* \"zq it's\" 402",
                          notEndedBefore: 1_780_000_000.25, limit: 9),
            ScheduleQuery(eventIDs: ["zq'1"], search: "swift'zq"),
            ScheduleQuery(search: "402", limit: 3),
            ScheduleQuery(unscheduledOnly: true, search: "402 zqmetal'"),
            ScheduleQuery(day: .instants(1_780_000_000.5..<1_780_086_400.5)),
          ])
    func scheduleBindsEverything(query: ScheduleQuery) throws {
        let sql = try #require(Database.scheduleStatement(query))
        #expect(sql.text.filter { $0 == "?" }.count == sql.arguments.count)
        #expect(!sql.text.lowercased().contains("zq"), "a value is written into the SQL")
        #expect(!sql.text.contains("1780000000") && !sql.text.contains("402"), "a number is written into the SQL")
        // And the statement runs, with its arguments in the order of its placeholders.
        let folder = try TemporaryFolder()
        let store = try folder.store()
        _ = try store.read { try $0.schedule(query) }
    }

    @Test("videos bind every value too", arguments: [
        VideoQuery(eventIDs: ["zq'1"], search: "402 \"zq it's\"", favoritesOnly: true, topicIDs: [1, 2], limit: 4),
        VideoQuery(search: "zqmetal'"),
        VideoQuery(search: "402"),
    ])
    func videosBindEverything(query: VideoQuery) throws {
        let sql = try #require(Database.videosStatement(query))
        #expect(sql.text.filter { $0 == "?" }.count == sql.arguments.count)
        #expect(!sql.text.lowercased().contains("zq") && !sql.text.contains("402"), "a value is written into the SQL")
        let folder = try TemporaryFolder()
        let store = try folder.store()
        _ = try store.read { try $0.videos(query) }
    }
}
