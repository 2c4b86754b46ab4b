/// A value stored in a child list row (one or more columns after the owner and position).
protocol ChildRowValue: Equatable {
    static var columnCount: Int32 { get }
    func bind(to statement: Statement, at index: Int32) throws
    init(row: Statement, at index: Int32)
}

extension String: ChildRowValue {
    static var columnCount: Int32 { 1 }
    init(row: Statement, at index: Int32) { self = row.string(at: index) ?? "" }
}

extension Int: ChildRowValue {
    static var columnCount: Int32 { 1 }
    init(row: Statement, at index: Int32) { self = row.int(at: index) }
}

extension NewsItem.Photo: ChildRowValue {
    static var columnCount: Int32 { 2 }

    func bind(to statement: Statement, at index: Int32) throws {
        try statement.bind(id, at: index)
        try statement.bind(ratio, at: index + 1)
    }

    init(row: Statement, at index: Int32) {
        self.init(id: row.string(at: index) ?? "", ratio: row.optionalDouble(at: index + 1))
    }
}

extension Chapter: ChildRowValue {
    static var columnCount: Int32 { 4 }

    func bind(to statement: Statement, at index: Int32) throws {
        try statement.bind(title, at: index)
        try statement.bind(start, at: index + 1)
        try statement.bind(end, at: index + 2)
        try statement.bind(summary, at: index + 3)
    }

    init(row: Statement, at index: Int32) {
        self.init(title: row.string(at: index) ?? "", start: row.double(at: index + 1), end: row.optionalDouble(at: index + 2),
                  summary: row.string(at: index + 3))
    }
}

extension CodeSnippet: ChildRowValue {
    static var columnCount: Int32 { 5 }

    func bind(to statement: Statement, at index: Int32) throws {
        try statement.bind(title, at: index)
        try statement.bind(language, at: index + 1)
        try statement.bind(startTime, at: index + 2)
        try statement.bind(endTime, at: index + 3)
        try statement.bind(code, at: index + 4)
    }

    init(row: Statement, at index: Int32) {
        self.init(title: row.string(at: index) ?? "", language: row.string(at: index + 1), startTime: row.optionalDouble(at: index + 2),
                  endTime: row.optionalDouble(at: index + 3), code: row.string(at: index + 4) ?? "")
    }
}

extension Media.Link: ChildRowValue {
    static var columnCount: Int32 { 2 }

    func bind(to statement: Statement, at index: Int32) throws {
        try statement.bind(kind, at: index)
        try statement.bind(url, at: index + 1)
    }

    init(row: Statement, at index: Int32) {
        self.init(kind: row.string(at: index) ?? "", url: row.string(at: index + 1) ?? "")
    }
}

/// An ordered list owned by a row (a session's keywords, a news item's photos), stored one row per
/// element keyed by (owner, position). Syncing compares with the stored list and writes only the
/// positions that differ; a new list is written with one multi-row INSERT.
final class ChildList<Owner: Hashable & DatabaseValueConvertible, Value: ChildRowValue> {
    let kind: RecordKind
    /// What the syncs so far changed.
    private(set) var counts = ChangeCounts()
    private let db: Database
    private let table: String
    private let ownerColumn: String
    private let valueColumns: [String]
    private let readOwner: (Statement) -> Owner
    /// `inserts[n - 1]` inserts n rows at once.
    private var inserts: [Statement?]
    private let updateSQL: String
    private let trimSQL: String

    /// Lists longer than this are inserted in several statements.
    private static var maximumRowsPerInsert: Int { 16 }

    init(db: Database, table: String, ownerColumn: String, valueColumns: [String], kind: RecordKind,
         readOwner: @escaping (Statement) -> Owner) throws {
        self.db = db
        self.table = table
        self.ownerColumn = ownerColumn
        self.valueColumns = valueColumns
        self.kind = kind
        self.readOwner = readOwner
        inserts = Array(repeating: nil, count: ChildList.maximumRowsPerInsert)
        updateSQL = "UPDATE \(table) SET \(valueColumns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE \(ownerColumn) = ? AND position = ?"
        trimSQL = "DELETE FROM \(table) WHERE \(ownerColumn) = ? AND position >= ?"
    }

    /// Every stored list, by owner.
    func load() throws -> [Owner: [Value]] {
        var lists: [Owner: [Value]] = [:]
        let sql = "SELECT \(ownerColumn), \(valueColumns.joined(separator: ", ")) FROM \(table) ORDER BY \(ownerColumn), position"
        try db.makeStatement(sql).forEachRow { row in
            lists[readOwner(row), default: []].append(Value(row: row, at: 1))
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
            let update = try db.cachedStatement(updateSQL)
            try values[position].bind(to: update, at: 1)
            try owner.bind(to: update, at: Value.columnCount + 1)
            try update.bind(position, at: Value.columnCount + 2)
            try update.step()
            update.reset()
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

    /// Inserts `values` at positions `first`, `first + 1`, ...
    private func insert(_ owner: Owner, _ values: ArraySlice<Value>, from first: Int) throws {
        var position = first
        var remaining = values
        while !remaining.isEmpty {
            let batch = remaining.prefix(ChildList.maximumRowsPerInsert)
            remaining = remaining.dropFirst(batch.count)
            let statement = try insertStatement(rows: batch.count)
            let stride = 2 + Value.columnCount
            var index: Int32 = 1
            for value in batch {
                try owner.bind(to: statement, at: index)
                try statement.bind(position, at: index + 1)
                try value.bind(to: statement, at: index + 2)
                index += stride
                position += 1
            }
            try statement.step()
            statement.reset()
            counts.inserted += batch.count
        }
    }

    private func insertStatement(rows: Int) throws -> Statement {
        if let statement = inserts[rows - 1], !statement.hasFailed { return statement }
        let columns = [ownerColumn, "position"] + valueColumns
        let row = "(" + columns.map { _ in "?" }.joined(separator: ", ") + ")"
        let statement = try db.cachedStatement(
            "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES " + Array(repeating: row, count: rows).joined(separator: ", "))
        inserts[rows - 1] = statement
        return statement
    }
}
