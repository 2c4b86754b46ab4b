import Foundation
import TestSupport
import Testing

/// The database layer knows no app: its sources name none of its words (the app words its errors).
@Suite("SQLiteDatabase speaks no app")
struct NoAppWordsTests {
    @Test("SQLiteDatabase names no app: no wwdc, no favorites, no store of anyone's, no upgrade to suggest")
    func sqliteDatabase() throws {
        #expect(try ProjectPaths.sources(of: "SQLiteDatabase", saying: ["wwdc", "favorite", "conference", "upgrade", "the store", "your "]) == [])
    }
}
