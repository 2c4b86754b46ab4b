import SQLiteDatabase

extension Database {
    /// The list `owner` has in `Value`'s table, in order, cleaned.
    func readChildren<Value: StoredRowValue>(_ type: Value.Type, of owner: some DatabaseValueConvertible) throws -> [Value] {
        let columns = Value.storedColumns.map(\.name).joined(separator: ", ")
        return try readAll("SELECT \(columns) FROM \(Value.table) WHERE \(Value.ownerColumn) = ? ORDER BY position", [owner]) {
            Value(row: $0)
        }
    }
}
