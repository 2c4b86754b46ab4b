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

@Suite("Migrations: a newer schema", .offThePool)
struct MigratorNewerSchemaTests {
    @Test("a database of a newer schema is refused, with its version and the migrator's, naming no program")
    func newerSchema() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "PRAGMA user_version = 9")
        do {
            try Migrator([Migration(version: 1, name: "one", sql: "CREATE TABLE one (v)")]).migrate(db)
            Issue.record("a newer schema must be refused")
        } catch let error as DatabaseError {
            #expect(error.condition == .newerSchema(version: 9, known: 1))
            #expect(error.message == "the database's schema version 9 is newer than this program knows (up to 1)")
        }
        #expect(try db.fetchInt("SELECT count(*) FROM sqlite_schema") == 0)
    }
}
