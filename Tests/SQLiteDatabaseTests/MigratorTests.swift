import Foundation
import SQLiteDatabase
import TestTraits
import Testing

@Suite("Migrations", .offThePool)
struct MigratorTests {
    @Test("each migration lands whole: a failing step leaves the previous version")
    func failingMigration() throws {
        let db = try Database(path: ":memory:")
        let good = Migration(version: 1, name: "one", sql: "CREATE TABLE one (v)")
        let bad = Migration(version: 2, name: "two", sql: "CREATE TABLE two (v); CREATE TABLE broken (")
        #expect(throws: DatabaseError.self) { try Migrator([good, bad]).migrate(db) }
        #expect(try Migrator.version(of: db) == 1)
        #expect(try db.fetchInt("SELECT count(*) FROM sqlite_schema WHERE name = 'two'") == 0)
    }
}
