import ConferenceModel
import SQLiteDatabase

/// A table as one list of columns, its key's first, and the statements that write it, made from
/// that list: upserts of many rows at once (every column but the key's and those it keeps
/// rewritten on a conflict), rewrites of stored rows only, deletes by key. Each row's values are
/// bound by position, in the list's order.
struct StoredTable<Row>: Sendable {
    let name: String
    /// The columns a row is known by (its primary key, or a unique one): what a write conflicts on
    /// and a delete names.
    let key: [StoredColumn<Row>]
    /// The other columns.
    let columns: [StoredColumn<Row>]
    /// What a write does to a stored row of the same key: rewrites every column but these.
    let kept: Set<String>
    /// Every column's name, the key's first: a SELECT's list.
    let selection: String
    /// Every column, the key's first.
    private let all: [StoredColumn<Row>]
    /// The statements' text but their rows: an upsert's, and a rewrite's of stored rows only.
    private let upsertText: (head: String, tail: String), rewriteText: (head: String, tail: String)
    /// One row's parameters.
    private let group: String

    init(_ name: String, key: [StoredColumn<Row>], columns: [StoredColumn<Row>], kept: Set<String> = []) {
        self.name = name
        self.key = key
        self.columns = columns
        self.kept = kept
        all = key + columns
        selection = all.map(\.name).joined(separator: ", ")
        group = "(" + Array(repeating: "?", count: all.count).joined(separator: ", ") + ")"
        let insert = "INSERT INTO \(name) (\(selection))"
        let conflict = UpsertStatement<Row>.onConflict(table: name, key: key.map(\.name), columns: columns.map(\.name),
                                                       update: .always(keeping: kept))
        upsertText = (insert + " VALUES", conflict)
        // The columns of VALUES are column1, column2, …: the key's come first.
        let stored = key.indices.map { "\(key[$0].name) = column\($0 + 1)" }.joined(separator: " AND ")
        rewriteText = (insert + " SELECT * FROM (VALUES", ") WHERE EXISTS (SELECT 1 FROM \(name) WHERE \(stored))" + conflict)
    }

    /// Inserts `rows`, or rewrites the stored row of each one's key; with `onlyStored`, writes only
    /// the rows whose key is stored. In the rows' order, a few hundred to a statement; each row of
    /// a different key.
    func upsert(_ rows: [Row], in db: Database, onlyStored: Bool = false) throws {
        let (head, tail) = onlyStored ? rewriteText : upsertText
        try db.execute(head, rows: rows, group, tail, width: all.count) { row, statement, first in
            for (offset, column) in all.enumerated() {
                try column.bind(row, to: statement, at: first + Int32(offset))
            }
        }
    }

    /// Deletes the rows of `keys`, a few hundred to a statement (a table keyed by one column).
    func delete(keys: [String], in db: Database) throws {
        precondition(key.count == 1, "\(name) is keyed by \(key.count) columns")
        try db.execute("DELETE FROM \(name) WHERE \(key[0].name) IN (", rows: keys.map { [.text($0)] }, "?", ")")
    }
}
