import CSQLite

extension Database {
    /// Most rows one statement of `execute(_:rows:_:_:)` carries: past a few hundred, a longer
    /// statement saves nothing.
    static let rowsPerStatement = 500

    /// Runs `head`, then a group for each row (`group` with its `?`s bound to the row's values),
    /// separated by commas, then `tail`, as few statements as SQLite's limit on parameters allows,
    /// in the rows' order. Every value is bound.
    ///
    ///     try db.execute("INSERT INTO notes (session_id, text) VALUES", rows: rows, "(?, ?)")
    ///     try db.execute("DELETE FROM notes WHERE session_id IN (", rows: keys.map { [$0] }, "?", ")")
    ///
    /// One statement writes many rows: a table whose triggers write a full-text index makes it
    /// flush what it holds once per statement, not once per row. Each row has as many values as
    /// `group` has `?`s.
    public func execute(_ head: String, rows: [[DatabaseValue]], _ group: String, _ tail: String = "") throws {
        guard let width = rows.first?.count else { return }
        try execute(head, rows: rows, group, tail, width: width) { row, statement, first in
            guard row.count == width else { throw DatabaseError.misuse("a row of \(row.count) values among rows of \(width)", sql: head) }
            for (offset, value) in row.enumerated() {
                try value.bind(to: statement, at: first + Int32(offset))
            }
        }
    }

    /// Runs `head`, a group for each row, then `tail`, as `execute(_:rows:_:_:)` does, each row's
    /// `width` values bound by `bind` from the parameter it is given (1 for a statement's first
    /// row, `width + 1` for its second, …).
    public func execute<Row>(_ head: String, rows: [Row], _ group: String, _ tail: String = "", width: Int,
                             bind: (_ row: Row, _ statement: Statement, _ first: Int32) throws -> Void) throws {
        guard !rows.isEmpty, width > 0 else { return }
        let limit = Int(sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
        let perStatement = max(1, min(Self.rowsPerStatement, limit / width))
        var start = rows.startIndex
        while start < rows.endIndex {
            let end = min(start + perStatement, rows.endIndex)
            let text = head + " " + Array(repeating: group, count: end - start).joined(separator: ", ") + " " + tail
            // A full statement's text comes back with every call; a shorter last one is kept out of the cache.
            let statement = end - start == perStatement ? try cachedStatement(text) : try makeStatement(text)
            let parameters = Int(sqlite3_bind_parameter_count(statement.handle))
            guard parameters == (end - start) * width else {
                throw DatabaseError.misuse("\((end - start) * width) values for \(parameters) parameters", sql: text)
            }
            try statement.execute {
                for (offset, row) in rows[start..<end].enumerated() {
                    try bind(row, statement, Int32(offset * width + 1))
                }
            }
            start = end
        }
    }
}
