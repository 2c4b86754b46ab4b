import Foundation
import TestSupport
import Testing

/// The database layer knows no app: its sources name none of its words (the app words its errors).
@Suite("SQLiteDatabase speaks no app")
struct NoAppWordsTests {
    @Test("SQLiteDatabase names no app: no wwdc, no favorites, no store of anyone's, no upgrade to suggest")
    func sqliteDatabase() throws {
        let files = try ProjectPaths.swiftSources(of: "SQLiteDatabase")
        #expect(!files.isEmpty)
        for (name, text) in files {
            for word in ["wwdc", "favorite", "conference", "upgrade", "the store", "your "] {
                #expect(!text.lowercased().contains(word), "\(name) says '\(word)'")
            }
        }
    }
}
