import CSQLite

/// What FTS5's `bm25()` knows of the rows a query matched before it reads their lengths: the
/// query's average row length and phrase IDFs, and each row's frequency of each phrase, as the
/// auxiliary function `bm25_terms(table)` gives them (``Database/bm25Terms(_:_:)``).
///
/// `bm25()` reads each matching row's length from the index, a B-tree lookup per row: for a word
/// on thousands of rows most of the query's time. A caller that keeps the lengths more compactly
/// scores the rows itself, with `bm25()`'s own arithmetic: ``score(_:length:)``.
public struct BM25Terms: Sendable {
    /// The rowids matched, in the query's order.
    public private(set) var rows: [Int64] = []
    private var averageLength = 0.0
    private var idf: [Double] = []
    /// Each row's frequency of each phrase, row after row.
    private var frequencies: [Double] = []

    /// `bm25()` of the row at `index` in ``rows``, given its length in tokens (every column's, as
    /// FTS5 counts them).
    public func score(_ index: Int, length: Int) -> Double {
        idf.withUnsafeBufferPointer { idf in
            frequencies.withUnsafeBufferPointer { frequencies in
                csqlite_bm25_score(averageLength, idf.baseAddress, frequencies.baseAddress! + index * idf.count, Int32(idf.count), Double(length))
            }
        }
    }

    mutating func append(row: Int64, terms: UnsafeRawBufferPointer) throws {
        let count = terms.count / MemoryLayout<Double>.size
        guard terms.count % MemoryLayout<Double>.size == 0, count % 2 == 1 else {
            throw DatabaseError.misuse("bm25_terms gave \(terms.count) bytes", sql: nil)
        }
        let phrases = (count - 1) / 2
        func term(_ index: Int) -> Double { terms.loadUnaligned(fromByteOffset: index * MemoryLayout<Double>.size, as: Double.self) }
        if rows.isEmpty {
            averageLength = term(0)
            idf = (0..<phrases).map { term(1 + $0) }
        } else if phrases != idf.count {
            throw DatabaseError.misuse("bm25_terms gave \(phrases) phrases after \(idf.count)", sql: nil)
        }
        rows.append(row)
        for phrase in 0..<phrases { frequencies.append(term(1 + phrases + phrase)) }
    }
}

extension Database {
    /// Runs `sql`, a query whose first column is an FTS5 table's rowid and second is
    /// `bm25_terms(table)` (or with column weights, as `bm25()` takes them), and gives every row's terms.
    public func bm25Terms(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws -> BM25Terms {
        try enableBM25Terms()
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        var terms = BM25Terms()
        while try statement.step() {
            try statement.withUnsafeBlob(at: 1) { try terms.append(row: statement.int64(at: 0), terms: $0) }
        }
        return terms
    }

    /// Makes the auxiliary function `bm25_terms(table)` available to this connection's FTS5
    /// tables, once per connection.
    func enableBM25Terms() throws {
        guard !hasBM25Terms else { return }
        let code = csqlite_register_bm25_terms(handle)
        guard code == SQLITE_OK else { throw DatabaseError.sqlite(code, connection: handle, sql: "SELECT fts5(?1)") }
        hasBM25Terms = true
    }

    /// Each row's length in tokens, as FTS5 keeps it for `bm25()`, for the rows of FTS5 table
    /// `table` from `rows.lowerBound` below `rows.upperBound`, in rowid order; a row missing from the
    /// table has none. `table` is an FTS5 table of the schema, not text from outside.
    public func fts5RowLengths(table: String, rows: Range<Int64>) throws -> [(row: Int64, length: Int)] {
        // The lengths are the index's `_docsize` shadow table: a varint of tokens per column.
        let statement = try cachedStatement("SELECT id, sz FROM \"\(table.replacingOccurrences(of: "\"", with: "\"\""))_docsize\" WHERE id >= ? AND id < ? ORDER BY id")
        try statement.bind(rows.lowerBound, at: 1)
        try statement.bind(rows.upperBound, at: 2)
        defer { statement.reset() }
        var lengths: [(row: Int64, length: Int)] = []
        lengths.reserveCapacity(Int(min(rows.count, 1 << 20)))
        while try statement.step() {
            let total = try statement.withUnsafeBlob(at: 1) { sizes in
                var total = 0, at = 0
                while at < sizes.count {
                    guard let size = Self.fts5Varint(sizes, &at) else {
                        throw DatabaseError(extendedCode: SQLITE_CORRUPT, message: "a row length in \(table) is damaged")
                    }
                    total += size
                }
                return total
            }
            lengths.append((statement.int64(at: 0), total))
        }
        return lengths
    }

    /// FTS5's varint (SQLite's: seven bits a byte, high bits first, the ninth byte whole).
    private static func fts5Varint(_ bytes: UnsafeRawBufferPointer, _ at: inout Int) -> Int? {
        var value: UInt64 = 0
        for index in 0..<9 {
            guard at < bytes.count else { return nil }
            let byte = bytes[at]
            at += 1
            if index == 8 { return Int(exactly: (value << 8) | UInt64(byte)) }
            value = (value << 7) | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 { return Int(exactly: value) }
        }
        return nil
    }
}
