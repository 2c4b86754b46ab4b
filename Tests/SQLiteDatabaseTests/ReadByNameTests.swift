import Foundation
@testable import SQLiteDatabase
import TestTraits
import Testing

/// Rows read by column name: a name is the column's alias, or a plain column's own name; the names
/// are found once per statement; a mistake in a query's names stops the program rather than read
/// another column.
@Suite("Reading rows by column name", .offThePool)
struct ReadByNameTests {
    @Test("a column is found by its alias or, for a plain column, its own name, whatever its place")
    func aliasesAndPlainColumns() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (id INTEGER, title TEXT, ratio REAL, body BLOB)")
        try db.execute("INSERT INTO t VALUES (?, ?, ?, ?)", [7, "Keynote", 1.5, Data([1, 2])])
        try db.execute("INSERT INTO t VALUES (?, NULL, NULL, NULL)", [8])
        let rows = try db.fetchAll("""
            SELECT x.ratio, upper(x.title) AS loud, x.body, x.id, x.title, count(*) OVER () AS total FROM t x ORDER BY x.id
            """) { row in
            [row.int("id") as Any, row.int64("id"), row.string("title") as Any, row.string("loud") as Any,
             row.optionalDouble("ratio") as Any, row.double("ratio"), row.blob("body") as Any, row.optionalInt("total") as Any]
                .map { "\($0)" }
        }
        #expect(rows == [["7", "7", "Optional(\"Keynote\")", "Optional(\"KEYNOTE\")", "Optional(1.5)", "1.5", "Optional([1, 2])", "Optional(2)"],
                         ["8", "8", "nil", "nil", "nil", "0.0", "nil", "Optional(2)"]])
    }

    @Test("the names are found once per statement: a cached statement run again, with other arguments, reads the same columns")
    func namesOncePerStatement() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (a INTEGER, b INTEGER); INSERT INTO t VALUES (1, 10), (2, 20)")
        let sql = "SELECT b AS second, a AS first FROM t WHERE a = ?"
        let statement = try db.cachedStatement(sql)
        #expect(statement.columnIndex("first") == 1 && statement.columnIndex("second") == 0)
        #expect(statement.columnIndexes == ["second": 0, "first": 1])
        for a in [1, 2, 1] {
            #expect(try db.fetchOne(sql, [a]) { [$0.int("first"), $0.int("second")] } == [a, a * 10])
        }
        #expect(try db.cachedStatement(sql) === statement)
    }

    @Test("a name the query does not have, or has twice, stops the program instead of reading another column")
    func unknownOrAmbiguousName() async {
        await #expect(processExitsWith: .failure) {
            let db = try Database(path: ":memory:")
            _ = try db.fetchOne("SELECT 1 AS a, 2 AS b") { $0.int("c") }
        }
        await #expect(processExitsWith: .failure) {
            let db = try Database(path: ":memory:")
            try db.execute(sql: "CREATE TABLE t (name TEXT); CREATE TABLE u (name TEXT); INSERT INTO t VALUES ('x'); INSERT INTO u VALUES ('y')")
            _ = try db.fetchAll("SELECT t.name, u.name FROM t, u") { $0.string("name") }
        }
    }
}
