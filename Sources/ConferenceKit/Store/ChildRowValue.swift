/// A value stored in a child list row, in one or more columns after the owner and position.
///
/// Writing goes by its list's columns (`StoredColumn`); reading takes the columns in that order.
protocol ChildRowValue: Equatable {
    /// Reads the value from the row's columns from `index` on, in the order its list's columns name them.
    init(row: Statement, at index: Int32)
}

/// A value kept in several columns, which it names itself.
protocol StoredRowValue: ChildRowValue {
    /// Its columns, in the order `init(row:at:)` reads them.
    static var storedColumns: [StoredColumn<Self>] { get }
}

extension String: ChildRowValue {
    init(row: Statement, at index: Int32) { self = row.string(at: index) ?? "" }
}

extension Int: ChildRowValue {
    init(row: Statement, at index: Int32) { self = row.int(at: index) }
}

extension NewsItem.Photo: StoredRowValue {
    static let storedColumns: [StoredColumn<NewsItem.Photo>] = [StoredColumn("photo_id", \.id), StoredColumn("ratio", \.ratio)]

    init(row: Statement, at index: Int32) {
        self.init(id: row.string(at: index) ?? "", ratio: row.optionalDouble(at: index + 1))
    }
}

extension Chapter: StoredRowValue {
    static let storedColumns: [StoredColumn<Chapter>] = [
        StoredColumn("title", \.title), StoredColumn("start_time", \.start), StoredColumn("end_time", \.end), StoredColumn("summary", \.summary),
    ]

    init(row: Statement, at index: Int32) {
        self.init(title: row.string(at: index) ?? "", start: row.double(at: index + 1), end: row.optionalDouble(at: index + 2),
                  summary: row.string(at: index + 3))
    }
}

extension CodeSnippet: StoredRowValue {
    static let storedColumns: [StoredColumn<CodeSnippet>] = [
        StoredColumn("title", \.title), StoredColumn("language", \.language), StoredColumn("start_time", \.startTime),
        StoredColumn("end_time", \.endTime), StoredColumn("code", \.code),
    ]

    init(row: Statement, at index: Int32) {
        self.init(title: row.string(at: index) ?? "", language: row.string(at: index + 1), startTime: row.optionalDouble(at: index + 2),
                  endTime: row.optionalDouble(at: index + 3), code: row.string(at: index + 4) ?? "")
    }
}

extension Media.Link: StoredRowValue {
    static let storedColumns: [StoredColumn<Media.Link>] = [StoredColumn("kind", \.kind), StoredColumn("url", \.url)]

    init(row: Statement, at index: Int32) {
        self.init(kind: row.string(at: index) ?? "", url: row.string(at: index + 1) ?? "")
    }
}
