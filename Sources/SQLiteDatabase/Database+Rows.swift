import CSQLite

extension Database {
    /// Most rows one statement of `execute(_:rows:_:)` carries: past a few hundred, a longer
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
        guard let width = rows.first?.count, width > 0 else { return }
        let limit = Int(sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
        let perStatement = max(1, min(Self.rowsPerStatement, limit / width))
        var start = rows.startIndex
        while start < rows.endIndex {
            let end = min(start + perStatement, rows.endIndex)
            let text = head + " " + Array(repeating: group, count: end - start).joined(separator: ", ") + " " + tail
            let arguments: [any DatabaseValueConvertible] = rows[start..<end].flatMap { $0 }
            // A full statement's text comes back with every call; a shorter last one is kept out of the cache.
            if end - start == perStatement {
                try execute(text, arguments)
            } else {
                try makeStatement(text).execute(arguments)
            }
            start = end
        }
    }
}
