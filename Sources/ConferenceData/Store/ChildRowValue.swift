import ConferenceModel

/// A value stored in one column (a keyword, a topic id, the owner of a list), read by that column's name.
protocol ColumnValue {
    init(row: StoredRow, column: String)
}

extension String: ColumnValue {
    init(row: StoredRow, column: String) { self = row.text(column) }
}

extension Int: ColumnValue {
    init(row: StoredRow, column: String) { self = row.int(column) }
}

extension Int64: ColumnValue {
    init(row: StoredRow, column: String) { self = row.int64(column) }
}

/// A value stored in a child list row, in one or more columns after the owner and position.
///
/// Writing goes by its list's columns (`StoredColumn`); reading by their names.
protocol ChildRowValue: Equatable {
    /// Reads the value from a row of its list, whose value columns are `columns`.
    init(row: StoredRow, columns: [StoredColumn<Self>])
}

extension String: ChildRowValue {
    init(row: StoredRow, columns: [StoredColumn<String>]) { self.init(row: row, column: columns[0].name) }
}

extension Int: ChildRowValue {
    init(row: StoredRow, columns: [StoredColumn<Int>]) { self.init(row: row, column: columns[0].name) }
}

/// A value kept in a child table of its own, in several columns: the columns its field table
/// names, and one reader of a row, which both the sync's writer (comparing what is stored with the
/// feed) and the read models (showing it) use.
protocol StoredRowValue: ChildRowValue {
    /// Its table, one row per element keyed by (owner, position).
    static var table: String { get }
    /// The column of its table naming the owner.
    static var ownerColumn: String { get }
    /// Its columns: those its field table names.
    static var storedColumns: [StoredColumn<Self>] { get }
    /// Reads the value from a row holding its columns.
    init(row: some ReadableRow)
}

extension StoredRowValue {
    init(row: StoredRow, columns: [StoredColumn<Self>]) { self.init(row: row) }
}

extension NewsItem.Photo: StoredRowValue {
    static var table: String { "news_photos" }
    static var ownerColumn: String { "news_id" }
    static var storedColumns: [StoredColumn<NewsItem.Photo>] { fields.columns }

    init(row: some ReadableRow) {
        self.init(id: row.text("photo_id"), ratio: row.optionalDouble("ratio"))
    }
}

extension ImageType.Size: StoredRowValue {
    static var table: String { "image_variants" }
    static var ownerColumn: String { "kind" }
    static var storedColumns: [StoredColumn<ImageType.Size>] { fields.columns }

    init(row: some ReadableRow) {
        self.init(width: row.int("width"), height: row.int("height"))
    }
}

extension Chapter: StoredRowValue {
    static var table: String { "session_chapters" }
    static var ownerColumn: String { "sid" }
    static var storedColumns: [StoredColumn<Chapter>] { fields.columns }

    init(row: some ReadableRow) {
        self.init(title: row.text("title"), start: row.double("start_time"), end: row.optionalDouble("end_time"),
                  summary: row.paragraphs("summary"))
    }
}

extension CodeSnippet: StoredRowValue {
    static var table: String { "session_code" }
    static var ownerColumn: String { "sid" }
    static var storedColumns: [StoredColumn<CodeSnippet>] { fields.columns }

    init(row: some ReadableRow) {
        self.init(title: row.text("title"), language: row.line("language"), startTime: row.optionalDouble("start_time"),
                  endTime: row.optionalDouble("end_time"), code: row.paragraphs("code") ?? "")
    }
}

extension Media.Link: StoredRowValue {
    static var table: String { "video_links" }
    static var ownerColumn: String { "sid" }
    static var storedColumns: [StoredColumn<Media.Link>] { columns }

    init(row: some ReadableRow) {
        self.init(kind: row.text("kind"), url: row.text("url"))
    }
}
