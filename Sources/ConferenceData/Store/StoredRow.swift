import SQLiteDatabase

/// A row read as the store holds it, its text exactly as written: what a writer compares the
/// feed's values with, so that an unchanged value is not written again.
struct StoredRow: ReadableRow {
    private let row: Statement

    init(_ row: Statement) {
        self.row = row
    }

    func line(_ column: String) -> String? { row.string(column) }
    func paragraphs(_ column: String) -> String? { row.string(column) }
    func int(_ column: String) -> Int { row.int(column) }
    func int64(_ column: String) -> Int64 { row.int64(column) }
    func double(_ column: String) -> Double { row.double(column) }
    func optionalDouble(_ column: String) -> Double? { row.optionalDouble(column) }
}
