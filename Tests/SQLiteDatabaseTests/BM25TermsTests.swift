import Foundation
import SQLiteDatabase
import TestTraits
import Testing

/// `bm25_terms` and a row's length give `bm25()`'s own score, bit for bit, whatever the query: one
/// word or several, phrases, prefixes, NEAR, OR and NOT, column weights, rows of any length.
@Suite("Database: bm25() in two halves", .offThePool)
struct BM25TermsTests {
    static let words = ["otter", "badger", "marmot", "heron", "vole", "lynx", "ibis", "newt", "stoat", "wren"]

    /// A table of two columns whose rows repeat words unevenly, some rows long (lengths past 255
    /// and 65,535 tokens, which FTS5 writes in longer varints), with the generator's seed.
    static func table(_ db: Database, seed: UInt64) throws {
        try db.execute(sql: "CREATE VIRTUAL TABLE t USING fts5(title, body, tokenize = 'unicode61 remove_diacritics 2')")
        var random = seed
        func next(_ bound: Int) -> Int {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Int((random >> 33) % UInt64(bound))
        }
        let insert = try db.makeStatement("INSERT INTO t (title, body) VALUES (?, ?)")
        for row in 0..<400 {
            let length = row == 7 ? 70_000 : row % 50 == 3 ? 300 + next(200) : 1 + next(25)
            let body = (0..<length).map { _ in words[next(row % 3 == 0 ? 3 : words.count)] }.joined(separator: " ")
            try insert.execute([words[next(words.count)] + " Élan", body])
        }
    }

    static let queries = ["otter", "badger marmot", "\"otter badger\"", "ma*", "NEAR(otter heron, 3)", "vole OR lynx",
                          "otter NOT badger", "title : otter", "elan", "stoat wren ibis newt"]

    @Test("each row's score from its terms and its length equals bm25(), with and without weights")
    func sameScores() throws {
        let db = try Database(path: ":memory:")
        try Self.table(db, seed: 27)
        let lengths = Dictionary(uniqueKeysWithValues: try db.fts5RowLengths(table: "t", rows: 0..<Int64.max).map { ($0.row, $0.length) })
        #expect(lengths.count == 400)
        #expect(lengths[8].map { $0 > 70_000 } == true)
        var compared = 0
        for query in Self.queries {
            for weights in ["", ", 3.0, 1.0"] {
                let bm25 = try db.fetchAll("SELECT rowid, bm25(t\(weights)) FROM t WHERE t MATCH ?", [query]) { ($0.int64(at: 0), $0.double(at: 1)) }
                // Twice on one connection: the function is made available once.
                for _ in 0..<2 {
                    let terms = try db.bm25Terms("SELECT rowid, bm25_terms(t\(weights)) FROM t WHERE t MATCH ?", [query])
                    #expect(!terms.rows.isEmpty, "\(query)")
                    #expect(terms.rows == bm25.map(\.0))
                    for (index, row) in terms.rows.enumerated() {
                        let length = try #require(lengths[row])
                        #expect(terms.score(index, length: length).bitPattern == bm25[index].1.bitPattern, "\(query)\(weights) row \(row)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 1000)
    }

    @Test("row lengths are the tokens of every column, for the rows asked and only those")
    func rowLengths() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: """
            CREATE VIRTUAL TABLE t USING fts5(a, b, content = '', tokenize = 'unicode61 remove_diacritics 2');
            INSERT INTO t (rowid, a, b) VALUES (10, 'one two', 'three'), (11, '', ''), (12, 'Ünïcode wörds, and—dashes', 'x'), (20, 'late', '');
            """)
        #expect(try db.fts5RowLengths(table: "t", rows: 10..<20).map { "\($0.row):\($0.length)" } == ["10:3", "11:0", "12:5"])
        #expect(try db.fts5RowLengths(table: "t", rows: 13..<20).isEmpty)
        // A second column that is not bm25_terms' is refused, not misread.
        #expect(throws: DatabaseError.self) { try db.bm25Terms("SELECT rowid, x'0102' FROM t WHERE t MATCH 'one'") }
    }
}
