import ConferenceModel
import SQLiteDatabase

/// A row of a read query as it leaves ConferenceData: its text comes out through the sanitiser only
/// (control and escape sequences, bidirectional overrides and invisible characters removed), so no
/// caller can print what a feed or a server wrote without it, and its numbers finite (an infinity
/// a store from before the feeds' ranges may hold is the largest finite number, which JSON can
/// write). The read models are built from these, reading columns by name.
public struct CleanRow: ReadableRow {
    private let row: Statement

    public init(_ row: Statement) {
        self.row = row
    }

    /// One line of text (titles, names, ids, URLs); nil for NULL.
    public func line(_ column: String) -> String? {
        row.string(column).map(Clean.line)
    }

    /// Text whose paragraphs are kept (descriptions, bodies, comments, code).
    public func paragraphs(_ column: String) -> String? {
        row.string(column).map(Clean.paragraphs)
    }

    /// The elements of a list a query joined with U+001F, each on one line.
    func list(_ column: String) -> [String] {
        Database.list(row.string(column)).map(Clean.line)
    }

    public func int(_ column: String) -> Int { row.int(column) }
    func int64(_ column: String) -> Int64 { row.int64(column) }
    public func optionalInt(_ column: String) -> Int? { row.optionalInt(column) }
    public func double(_ column: String) -> Double { Self.finite(row.double(column)) }
    public func optionalDouble(_ column: String) -> Double? { row.optionalDouble(column).map(Self.finite) }
    public func bool(_ column: String) -> Bool { row.int(column) != 0 }
    /// A blob, as stored; nil for NULL.
    func blob(_ column: String) -> [UInt8]? { row.blob(column) }

    static func finite(_ value: Double) -> Double {
        value.isFinite || value.isNaN ? value : value.sign == .minus ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude
    }
}

extension Database {
    /// Every row of a read query, as clean rows.
    public func readAll<T>(_ sql: String, _ arguments: [any DatabaseValueConvertible] = [], _ row: (CleanRow) throws -> T) throws -> [T] {
        try fetchAll(sql, arguments) { try row(CleanRow($0)) }
    }

    /// Every row of a read query, as clean rows.
    func readAll<T>(literal sql: SQL, _ row: (CleanRow) throws -> T) throws -> [T] {
        try fetchAll(literal: sql) { try row(CleanRow($0)) }
    }

    /// The first row of a read query, as a clean row; nil when there is none.
    public func readOne<T>(_ sql: String, _ arguments: [any DatabaseValueConvertible] = [], _ row: (CleanRow) throws -> T) throws -> T? {
        try fetchOne(sql, arguments) { try row(CleanRow($0)) }
    }

    /// The first row of a read query, as a clean row; nil when there is none.
    func readOne<T>(literal sql: SQL, _ row: (CleanRow) throws -> T) throws -> T? {
        try fetchOne(literal: sql) { try row(CleanRow($0)) }
    }
}
