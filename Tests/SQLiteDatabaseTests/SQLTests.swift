import Foundation
import SQLiteDatabase
import TestTraits
import Testing

/// `SQL`: text and its arguments travel together, and every value is bound.
@Suite("SQL literals: text with its arguments", .offThePool)
struct SQLTests {
    @Test("interpolated values become parameters, lists become one per element, fragments bring their arguments in place")
    func interpolation() {
        let id = "'); DROP TABLE sessions; --"
        let scope: SQL = "s.event_id IN (\(list: ["wwdc2025", "wwdc2026"]))"
        var sql: SQL = "SELECT * FROM sessions s WHERE s.id = \(id) AND \(scope)"
        sql += " AND s.event_content_id = \(402)"
        sql += " ORDER BY s.start_time > \(1.5)"
        #expect(sql.text == "SELECT * FROM sessions s WHERE s.id = ? AND s.event_id IN (?, ?) AND s.event_content_id = ? ORDER BY s.start_time > ?")
        #expect(sql.arguments == [.text(id), .text("wwdc2025"), .text("wwdc2026"), .integer(402), .real(1.5)])
        let parts: [SQL] = ["a = \(1)", "b = \(2)", "c IS NULL"]
        let joined = parts.joined(separator: " AND ")
        #expect(joined.text == "a = ? AND b = ? AND c IS NULL")
        #expect(joined.arguments == [.integer(1), .integer(2)])
        let none: SQL = "x IN (\(list: [Int]()))"
        #expect(none.text == "x IN ()" && none.arguments.isEmpty)
        #expect(sql.literalText.contains("'''); DROP TABLE sessions; --'"))
    }
}
