import CSQLite

/// Reading the current row by column name: a column's name is its `AS` alias, or for a plain column
/// reference (`s.title`) the column's own name. The names are looked up once per statement, at the
/// first read by name; each read then costs a dictionary lookup more than a read by index.
extension Statement {
    /// The index of the result column called `name`.
    ///
    /// A name the query does not have, or has twice (`t.name, r.name` without aliases), is a mistake
    /// in the program's SQL, like an index out of range: it stops the program, naming the query.
    public func columnIndex(_ name: String) -> Int32 {
        let indexes = columnIndexes ?? makeColumnIndexes()
        guard let index = indexes[name] else { preconditionFailure("the query has no column named \(name): \(sql)") }
        precondition(index >= 0, "the query has more than one column named \(name): \(sql)")
        return index
    }

    /// Every result column's index by name; -1 for a name that several columns have.
    private func makeColumnIndexes() -> [String: Int32] {
        var indexes: [String: Int32] = [:]
        for index in 0..<sqlite3_column_count(handle) {
            let name = String(cString: sqlite3_column_name(handle, index))
            indexes[name] = indexes[name] == nil ? index : -1
        }
        columnIndexes = indexes
        return indexes
    }

    /// The column called `name` as an integer (0 for NULL).
    public func int64(_ name: String) -> Int64 { int64(at: columnIndex(name)) }

    /// The column called `name` as an integer (0 for NULL).
    public func int(_ name: String) -> Int { int(at: columnIndex(name)) }

    /// The column called `name` as an integer; nil for NULL.
    public func optionalInt(_ name: String) -> Int? { optionalInt(at: columnIndex(name)) }

    /// The column called `name` as a real (0 for NULL).
    public func double(_ name: String) -> Double { double(at: columnIndex(name)) }

    /// The column called `name` as a real; nil for NULL.
    public func optionalDouble(_ name: String) -> Double? { optionalDouble(at: columnIndex(name)) }

    /// The column called `name` as text, NUL characters included; nil for NULL.
    public func string(_ name: String) -> String? { string(at: columnIndex(name)) }

    /// The column called `name` as a blob; nil for NULL.
    public func blob(_ name: String) -> [UInt8]? { blob(at: columnIndex(name)) }
}
