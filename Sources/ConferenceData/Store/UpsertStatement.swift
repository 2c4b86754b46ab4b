import ConferenceModel
import SQLiteDatabase

/// Writes rows of one table with `INSERT … ON CONFLICT (key) DO UPDATE`, made from one list of
/// columns: the column list, the `:name` parameters and the update all come from the columns' names,
/// and values are bound by those names. Made once, it writes as many rows as needed.
final class UpsertStatement<Row> {
    /// What a write does to a stored row of the same key.
    enum Update {
        /// Rewrites it only when a column differs: an unchanged row is not written, and `write` says false.
        case whenChanged
        /// Rewrites every column but those named (a feedback's client identifier and creation time).
        case always(keeping: Set<String> = [])
        /// Replaces it, and any other row the new one conflicts with (`INSERT OR REPLACE`).
        case replace
    }

    private let db: Database
    private let statement: Statement
    private let key: Int32
    private let columns: ColumnBindings<Row>

    /// `key` names the column of the conflict, bound apart from `columns` by `write(_:key:)`.
    init(_ db: Database, table: String, key: String, columns: [StoredColumn<Row>], update: Update = .whenChanged) throws {
        self.db = db
        statement = try db.cachedStatement(Self.sql(table: table, key: key, columns: columns.map(\.name), update: update))
        self.key = try statement.parameterIndex(named: ":" + key)
        self.columns = try ColumnBindings(columns, in: statement)
    }

    /// Inserts `row` under `key`, or updates the stored row of that key; true when the store changed.
    @discardableResult
    func write(_ row: Row, key value: some DatabaseValueConvertible) throws -> Bool {
        statement.reset()
        try value.bind(to: statement, at: key)
        try columns.bind(row, to: statement)
        try statement.step()
        return db.changesCount > 0
    }

    private static func sql(table: String, key: String, columns: [String], update: Update) -> String {
        let all = [key] + columns
        let values = "(\(all.joined(separator: ", "))) VALUES (\(all.map { ":" + $0 }.joined(separator: ", ")))"
        if case .replace = update { return "INSERT OR REPLACE INTO \(table) " + values }
        return "INSERT INTO \(table) " + values + onConflict(table: table, key: [key], columns: columns, update: update)
    }

    /// What an INSERT into `table` does to a stored row of the same `key` (its columns), as `update`
    /// says: ` ON CONFLICT (key) DO UPDATE SET …`, or `DO NOTHING` when it rewrites no column.
    /// Nothing for `.replace`, which is an INSERT of its own.
    static func onConflict(table: String, key: [String], columns: [String], update: Update) -> String {
        let updated: [String]
        var condition = ""
        switch update {
        case .whenChanged:
            updated = columns
            condition = " WHERE " + columns.map { "\(table).\($0) IS NOT excluded.\($0)" }.joined(separator: " OR ")
        case .always(let kept):
            updated = columns.filter { !kept.contains($0) }
        case .replace:
            return ""
        }
        let target = key.joined(separator: ", ")
        guard !updated.isEmpty else { return " ON CONFLICT (\(target)) DO NOTHING" }
        return " ON CONFLICT (\(target)) DO UPDATE SET " + updated.map { "\($0) = excluded.\($0)" }.joined(separator: ", ") + condition
    }
}
