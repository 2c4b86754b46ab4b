import ConferenceModel
import SQLiteDatabase

/// An ordered list owned by a row (a session's keywords, a news item's photos), stored one row per
/// element keyed by (owner, position). Syncing compares with the stored list and writes only the
/// positions that differ.
///
/// New rows wait and are written many owners' at a time, in multi-row INSERTs: inside a transaction
/// each such statement opens a statement journal and copies the page it changes, so one statement
/// per list would cost more than the rows themselves. `finish()` writes the rows still waiting;
/// an owner's rows must be written (`flush()`) before they are deleted by other means.
final class ChildList<Owner: Hashable & DatabaseValueConvertible & ColumnValue, Value: ChildRowValue> {
    let kind: RecordKind
    /// What the syncs so far changed, rows still waiting included.
    private(set) var counts = ChangeCounts()
    private let db: Database
    private let table: String
    private let ownerColumn: String
    private let valueColumns: [StoredColumn<Value>]
    /// `inserts[n]` inserts n rows at once.
    private var inserts: [Int: RowsStatement] = [:]
    /// New rows not written yet, in the order they were synced.
    private var waiting: [(owner: Owner, position: Int, value: Value)] = []
    private var update: RowsStatement?
    private let trimSQL: String

    /// A statement writing one or more rows, with each row's parameters found by name.
    private struct RowsStatement {
        let statement: Statement
        /// By row: the parameters of the owner, the position and the value's columns.
        let owners: [Int32]
        let positions: [Int32]
        let values: [ColumnBindings<Value>]

        /// Row `n` (from 1) of the statement has parameters named after the columns followed by `suffix(n)`.
        init(_ statement: Statement, rows: Int, ownerColumn: String, valueColumns: [StoredColumn<Value>], suffix: (Int) -> String) throws {
            self.statement = statement
            owners = try (1...rows).map { try statement.parameterIndex(named: ":" + ownerColumn + suffix($0)) }
            positions = try (1...rows).map { try statement.parameterIndex(named: ":position" + suffix($0)) }
            values = try (1...rows).map { try ColumnBindings(valueColumns, in: statement, suffix: suffix($0)) }
        }

        /// Binds the row at `row` (from 0).
        func bind(_ owner: Owner, position: Int, _ value: Value, row: Int) throws {
            try owner.bind(to: statement, at: owners[row])
            try statement.bind(position, at: positions[row])
            try values[row].bind(value, to: statement)
        }
    }

    /// The most rows one INSERT writes (at most 64 × 7 columns bound: far below SQLite's limit).
    private static var maximumRowsPerInsert: Int { 64 }

    /// `valueColumns` are the columns of a value, after `ownerColumn` and `position`.
    init(db: Database, table: String, ownerColumn: String, valueColumns: [StoredColumn<Value>], kind: RecordKind) throws {
        self.db = db
        self.table = table
        self.ownerColumn = ownerColumn
        self.valueColumns = valueColumns
        self.kind = kind
        trimSQL = "DELETE FROM \(table) WHERE \(ownerColumn) = ? AND position >= ?"
    }

    /// Every stored list, by owner.
    func load() throws -> [Owner: [Value]] {
        var lists: [Owner: [Value]] = [:]
        let sql = "SELECT \(ownerColumn), \(valueColumns.map(\.name).joined(separator: ", ")) FROM \(table) ORDER BY \(ownerColumn), position"
        try db.makeStatement(sql).forEachRow { statement in
            let row = StoredRow(statement)
            lists[Owner(row: row, column: ownerColumn), default: []].append(Value(row: row, columns: valueColumns))
        }
        return lists
    }

    /// Makes the stored list of `owner` equal to `values`; `current` holds the stored lists.
    func sync(_ owner: Owner, _ values: [Value], current: inout [Owner: [Value]]) throws {
        if current.isEmpty {
            // Nothing stored yet (a first import): every element is new.
            try insert(owner, values[...], from: 0)
            return
        }
        let old = current[owner] ?? []
        if old == values { return }
        current[owner] = values
        let common = min(old.count, values.count)
        for position in 0..<common where old[position] != values[position] {
            let update = try updateStatement()
            try update.bind(owner, position: position, values[position], row: 0)
            try update.statement.step()
            update.statement.reset()
            counts.updated += 1
        }
        if values.count > common {
            try insert(owner, values[common...], from: common)
        }
        if old.count > values.count {
            try db.execute(trimSQL, [owner, values.count])
            counts.deleted += old.count - values.count
        }
    }

    /// Queues `values` for insertion at positions `first`, `first + 1`, ...; writes full statements' worth.
    private func insert(_ owner: Owner, _ values: ArraySlice<Value>, from first: Int) throws {
        for (offset, value) in values.enumerated() {
            waiting.append((owner, first + offset, value))
        }
        counts.inserted += values.count
        if waiting.count >= ChildList.maximumRowsPerInsert {
            try write(all: false)
        }
    }

    /// Writes the rows still waiting.
    func flush() throws {
        try write(all: true)
    }

    /// Writes the rows still waiting and returns what the syncs changed.
    func finish() throws -> ChangeCounts {
        try flush()
        return counts
    }

    /// Writes the waiting rows in full statements, and the remainder too when `all`.
    private func write(all: Bool) throws {
        var start = 0
        while start < waiting.count {
            let rows = min(ChildList.maximumRowsPerInsert, waiting.count - start)
            if rows < ChildList.maximumRowsPerInsert && !all { break }
            let insert = try insertStatement(rows: rows)
            for row in 0..<rows {
                let element = waiting[start + row]
                try insert.bind(element.owner, position: element.position, element.value, row: row)
            }
            try insert.statement.step()
            insert.statement.reset()
            start += rows
        }
        waiting.removeFirst(start)
    }

    /// `INSERT INTO table (owner, position, a) VALUES (:owner_1, :position_1, :a_1), (:owner_2, …)`.
    private func insertStatement(rows: Int) throws -> RowsStatement {
        if let insert = inserts[rows], !insert.statement.hasFailed { return insert }
        let columns = [ownerColumn, "position"] + valueColumns.map(\.name)
        let values = (1...rows).map { row in "(" + columns.map { ":\($0)_\(row)" }.joined(separator: ", ") + ")" }
        let statement = try db.cachedStatement(
            "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES " + values.joined(separator: ", "))
        let insert = try RowsStatement(statement, rows: rows, ownerColumn: ownerColumn, valueColumns: valueColumns) { "_\($0)" }
        inserts[rows] = insert
        return insert
    }

    /// `UPDATE table SET a = :a WHERE owner = :owner AND position = :position`.
    private func updateStatement() throws -> RowsStatement {
        if let update, !update.statement.hasFailed { return update }
        let statement = try db.cachedStatement("""
            UPDATE \(table) SET \(valueColumns.map { "\($0.name) = \($0.parameter)" }.joined(separator: ", "))
            WHERE \(ownerColumn) = :\(ownerColumn) AND position = :position
            """)
        let update = try RowsStatement(statement, rows: 1, ownerColumn: ownerColumn, valueColumns: valueColumns) { _ in "" }
        self.update = update
        return update
    }
}
