import PlainText

/// A row of a read query as it leaves ConferenceKit: its text comes out through the sanitiser only
/// (control and escape sequences, bidirectional overrides and invisible characters removed), so no
/// caller can print what a feed or a server wrote without it, and its numbers finite (an infinity
/// a store from before the feeds' ranges may hold is the largest finite number, which JSON can
/// write). The read models are built from these.
struct CleanRow {
    private let row: Statement

    init(_ row: Statement) {
        self.row = row
    }

    /// One line of text (titles, names, ids, URLs); nil for NULL.
    func line(_ index: Int32) -> String? {
        row.string(at: index).map(Clean.line)
    }

    /// One line of text, `""` for NULL.
    func text(_ index: Int32) -> String {
        line(index) ?? ""
    }

    /// Text whose paragraphs are kept (descriptions, bodies, comments, code).
    func paragraphs(_ index: Int32) -> String? {
        row.string(at: index).map(Clean.paragraphs)
    }

    /// The elements of a list a query joined with U+001F, each on one line.
    func list(_ index: Int32) -> [String] {
        Database.list(row.string(at: index)).map(Clean.line)
    }

    func int(_ index: Int32) -> Int { row.int(at: index) }
    func int64(_ index: Int32) -> Int64 { row.int64(at: index) }
    func optionalInt(_ index: Int32) -> Int? { row.optionalInt(at: index) }
    func double(_ index: Int32) -> Double { Self.finite(row.double(at: index)) }
    func optionalDouble(_ index: Int32) -> Double? { row.optionalDouble(at: index).map(Self.finite) }

    private static func finite(_ value: Double) -> Double {
        value.isFinite || value.isNaN ? value : value.sign == .minus ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude
    }
    func bool(_ index: Int32) -> Bool { row.int(at: index) != 0 }
}

/// The sanitiser as the read models use it.
enum Clean {
    static func line(_ text: String) -> String { TextSanitizer.singleLine.sanitize(text) }
    static func paragraphs(_ text: String) -> String { TextSanitizer.multiLine.sanitize(text) }
}

extension Database {
    /// Every row of a read query, as clean rows.
    func readAll<T>(_ sql: String, _ arguments: [any DatabaseValueConvertible] = [], _ row: (CleanRow) throws -> T) throws -> [T] {
        try fetchAll(sql, arguments) { try row(CleanRow($0)) }
    }

    /// The first row of a read query, as a clean row; nil when there is none.
    func readOne<T>(_ sql: String, _ arguments: [any DatabaseValueConvertible] = [], _ row: (CleanRow) throws -> T) throws -> T? {
        try fetchOne(sql, arguments) { try row(CleanRow($0)) }
    }
}
