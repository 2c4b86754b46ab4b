import CSQLite
import Foundation
@testable import SQLiteDatabase
import TestSupport
import TestTraits
import Testing

@Suite("Database: connection, statements, errors", .offThePool)
struct DatabaseTests {
    @Test("opens with WAL, foreign keys, synchronous NORMAL, a busy timeout, 8 KiB pages and temporary files in memory")
    func configuration() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let db = try Database(path: folder.path("a.sqlite").path)
        #expect(try db.fetchString("PRAGMA journal_mode") == "wal")
        #expect(try db.fetchInt("PRAGMA foreign_keys") == 1)
        #expect(try db.fetchInt("PRAGMA synchronous") == 1)
        #expect(try db.fetchInt("PRAGMA busy_timeout") == 10_000)
        #expect(try db.fetchInt("PRAGMA page_size") == 8192)
        // 2 is MEMORY: a large save's statement journals stay out of temporary files.
        #expect(try db.fetchInt("PRAGMA temp_store") == 2)
        try db.execute(sql: "CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (p INTEGER REFERENCES parent(id))")
        #expect(throws: DatabaseError.self) { try db.execute("INSERT INTO child (p) VALUES (?)", [42]) }
    }

    @Test("SQLite keeps no memory statistics: its allocations take no process-wide lock")
    func noMemoryStatistics() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (v); INSERT INTO t VALUES (randomblob(100000))")
        #expect(try db.fetchInt("SELECT length(v) FROM t") == 100_000)
        // Counted only while statistics are on; every connection of the process is a Database.
        #expect(sqlite3_memory_used() == 0)
    }

    @Test("text binds with its NUL characters, an empty string is '' and not NULL, bytes round-trip exactly")
    func binding() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (v)")
        let texts = ["", "a\0b", "quote ' and \" and '); DROP TABLE t; --", "é🎉\u{202E}", String(repeating: "x", count: 100_000)]
        for text in texts { try db.execute("INSERT INTO t (v) VALUES (?)", [text]) }
        let stored = try db.fetchAll("SELECT v, typeof(v) FROM t ORDER BY rowid") { ($0.string(at: 0), $0.string(at: 1)) }
        #expect(stored.map(\.0) == texts)
        #expect(stored.allSatisfy { $0.1 == "text" })

        let invalidUTF8: [UInt8] = [0x61, 0xFF, 0xFE, 0x00, 0xC3, 0x28, 0xED, 0xA0, 0x80]
        try db.execute("DELETE FROM t")
        try db.execute("INSERT INTO t (v) VALUES (?)", [DatabaseValue.text(invalidUTF8)])
        try db.execute("INSERT INTO t (v) VALUES (?)", [DatabaseValue.blob([])])
        let rows = try db.fetchAll("SELECT v FROM t ORDER BY rowid") { $0.value(at: 0) }
        #expect(rows == [.text(invalidUTF8), .blob([])])
    }

    @Test("a statement the cache handed out is replaced after it fails")
    func statementCacheEviction() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)")
        let sql = "INSERT INTO t (id, v) VALUES (?, ?)"
        let first = try db.cachedStatement(sql)
        #expect(try db.cachedStatement(sql) === first)
        try db.execute(sql, [1, "a"])
        #expect(throws: DatabaseError.self) { try db.execute(sql, [1, "again"]) }
        let second = try db.cachedStatement(sql)
        #expect(second !== first)
        try db.execute(sql, [2, "b"])
        #expect(try db.fetchInt("SELECT count(*) FROM t") == 2)
    }

    @Test("every parameter must get an argument: a short or long list is refused, not run with stale values")
    func argumentCount() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (a, b)")
        try db.execute("INSERT INTO t VALUES (?, ?)", [1, 2])
        for arguments: [any DatabaseValueConvertible] in [[], [1], [1, 2, 3]] {
            do {
                try db.execute("INSERT INTO t VALUES (?, ?)", arguments)
                Issue.record("\(arguments.count) arguments must be refused")
            } catch let error as DatabaseError {
                #expect(error.code == SQLITE_MISUSE)
            }
        }
        #expect(try db.fetchInt("SELECT count(*) FROM t") == 1)
    }

    @Test("errors carry the extended code, SQLite's message and the SQL, never the bound values")
    func errorContents() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT UNIQUE)")
        try db.execute("INSERT INTO t (v) VALUES (?)", ["secret-password-value"])
        do {
            try db.execute("INSERT INTO t (v) VALUES (?)", ["secret-password-value"])
            Issue.record("a duplicate must fail")
        } catch let error as DatabaseError {
            #expect(error.extendedCode == SQLITE_CONSTRAINT | (8 << 8))  // SQLITE_CONSTRAINT_UNIQUE
            #expect(error.code == SQLITE_CONSTRAINT)
            #expect(error.message.contains("UNIQUE constraint failed"))
            #expect(error.sql == "INSERT INTO t (v) VALUES (?)")
            #expect(!error.description.contains("secret-password-value"))
            #expect(error.description.contains("INSERT INTO t (v) VALUES (?)"))
        }
        #expect(throws: DatabaseError.self) { try db.execute(sql: "SELEKT 1") }
    }

    @Test("busy and locked, in all their variants, are locked")
    func locked() {
        #expect(DatabaseError(extendedCode: SQLITE_BUSY | (2 << 8), message: "m").isLocked)
        #expect(DatabaseError(extendedCode: SQLITE_LOCKED, message: "m").isLocked)
        #expect(!DatabaseError(extendedCode: SQLITE_FULL, message: "m").isLocked)
    }

    @Test("an error describes SQLite's facts only: its code, its message, the statement and the file")
    func factsOnly() throws {
        let error = DatabaseError(extendedCode: SQLITE_CONSTRAINT | (8 << 8), message: "UNIQUE constraint failed: t.v",
                                  sql: " INSERT INTO t (v) VALUES (?)\n", path: "/tmp/x.sqlite")
        #expect(error.description == "SQLite error 2067: UNIQUE constraint failed: t.v - while executing `INSERT INTO t (v) VALUES (?)` - in /tmp/x.sqlite")
        #expect(DatabaseError(extendedCode: SQLITE_FULL, message: "database or disk is full").description
                == "SQLite error 13: database or disk is full")
        #expect(!(error as Any is LocalizedError), "the program using the database words it")
    }

    @Test("a transaction commits when its body returns and rolls back when it throws, rethrowing the first error")
    func transactions() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (v INTEGER)")
        try db.inTransaction { try db.execute("INSERT INTO t VALUES (1)") }
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try db.inTransaction {
                try db.execute("INSERT INTO t VALUES (2)")
                throw Boom()
            }
        }
        #expect(try db.fetchInt("SELECT count(*) FROM t") == 1)
        #expect(!db.isInsideTransaction)

        // SQLite may end the transaction itself: the original error still comes out, not ROLLBACK's.
        do {
            try db.inTransaction {
                try db.execute(sql: "ROLLBACK")
                try db.execute(sql: "SELEKT")
            }
            Issue.record("must throw")
        } catch let error as DatabaseError {
            #expect(error.sql == "SELEKT")
        }
        #expect(!db.isInsideTransaction)
        #expect(throws: DatabaseError.self) { try db.inTransaction { try db.inTransaction {} } }
    }

    @Test("savepoints undo only the nested work")
    func savepoints() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (v INTEGER)")
        struct Boom: Error {}
        try db.inTransaction {
            try db.execute("INSERT INTO t VALUES (1)")
            try? db.inSavepoint {
                try db.execute("INSERT INTO t VALUES (2)")
                try db.inSavepoint { try db.execute("INSERT INTO t VALUES (3)") }
                throw Boom()
            }
            try db.inSavepoint { try db.execute("INSERT INTO t VALUES (4)") }
        }
        #expect(try db.fetchAll("SELECT v FROM t ORDER BY v") { $0.int(at: 0) } == [1, 4])
        // Outside a transaction, a savepoint is a transaction of its own.
        #expect(throws: Boom.self) { try db.inSavepoint { try db.execute("INSERT INTO t VALUES (5)"); throw Boom() } }
        #expect(try db.fetchInt("SELECT count(*) FROM t") == 2)
    }

    @Test("a write transaction waits for another connection's lock instead of failing")
    func busyWaiting() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("busy.sqlite").path
        let first = try Database(path: path)
        try first.execute(sql: "CREATE TABLE t (v INTEGER)")
        let second = try Database(path: path, configuration: .init(busyTimeoutMilliseconds: 0))
        try first.execute(sql: "BEGIN IMMEDIATE")
        do {
            try second.inTransaction { try second.execute("INSERT INTO t VALUES (1)") }
            Issue.record("the lock is held")
        } catch let error as DatabaseError {
            #expect(error.isLocked)
        }
        try first.execute(sql: "COMMIT")
        try second.inTransaction { try second.execute("INSERT INTO t VALUES (1)") }
    }

    @Test("the dump lists every table's rows in a fixed order")
    func dump() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE b (v); CREATE TABLE a (x, y); INSERT INTO b VALUES (2), (1), (NULL), (x'00ff'), (1.5), ('it''s');")
        try db.execute(sql: "INSERT INTO a VALUES ('z', 1)")
        let text = try db.dump()
        #expect(text == """
            user_version 0
            table a: CREATE TABLE a (x, y)
              'z' | 1
            table b: CREATE TABLE b (v)
              NULL
              1
              1.5r
              2
              'it''s'
              x'00ff'

            """)
    }
}
