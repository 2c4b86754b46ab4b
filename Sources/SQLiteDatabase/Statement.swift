import CSQLite

/// SQLite copies transient text and blobs at bind time, so the Swift buffer may go away right after.
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement of one `Database`.
///
/// Bind parameters, by name (`:title`) or by index (1-based), then `step()` through the rows,
/// reading columns of the current row by name (`title`) or by index (0-based); `reset()` before
/// binding again. A statement must only be used while its database is open and by the thread that
/// owns the database.
public final class Statement {
    /// The SQL text, as written by the program.
    public let sql: String
    let handle: OpaquePointer
    let connection: OpaquePointer
    /// Set when a step fails, so that the statement cache replaces the statement instead of reusing it.
    public private(set) var hasFailed = false
    /// The result's column indices by name, made at the first read by name (`columnIndex(_:)`).
    var columnIndexes: [String: Int32]?

    init(connection: OpaquePointer, sql: String, persistent: Bool) throws {
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sql.withCString { text in
            sqlite3_prepare_v3(connection, text, -1, flags, &statement, &tail)
        }
        guard code == SQLITE_OK else {
            sqlite3_finalize(statement)
            throw DatabaseError.sqlite(code, connection: connection, sql: sql)
        }
        guard let statement else {
            throw DatabaseError.misuse("the SQL contains no statement", sql: sql)
        }
        if let tail, tail.pointee != 0, !String(cString: tail).allSatisfy(\.isWhitespace) {
            sqlite3_finalize(statement)
            throw DatabaseError.misuse("a prepared statement must hold exactly one SQL statement", sql: sql)
        }
        self.sql = sql
        self.handle = statement
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: Binding

    /// Binds every argument in order, starting at parameter 1; there must be one per parameter.
    public func bind(_ arguments: [any DatabaseValueConvertible]) throws {
        guard arguments.count == Int(sqlite3_bind_parameter_count(handle)) else {
            throw DatabaseError.misuse(
                "\(arguments.count) arguments for \(sqlite3_bind_parameter_count(handle)) parameters", sql: sql)
        }
        for (offset, argument) in arguments.enumerated() {
            try argument.bind(to: self, at: Int32(offset + 1))
        }
    }

    /// The index of the parameter called `name`, its prefix included (`:title`): look it up once to
    /// bind many rows by name at the cost of binding by index.
    ///
    /// Fails with a misuse error when the SQL has no parameter of that name.
    public func parameterIndex(named name: String) throws -> Int32 {
        let index = sqlite3_bind_parameter_index(handle, name)
        guard index > 0 else { throw DatabaseError.misuse("the SQL has no parameter \(name)", sql: sql) }
        return index
    }

    /// Binds `value` to the parameter called `name` (`:title`).
    public func bind(_ value: any DatabaseValueConvertible, named name: String) throws {
        try value.bind(to: self, at: parameterIndex(named: name))
    }

    /// Binds each argument to the parameter of its name (`:title`); every parameter must get one.
    public func bind(named arguments: [String: any DatabaseValueConvertible]) throws {
        guard arguments.count == Int(sqlite3_bind_parameter_count(handle)) else {
            throw DatabaseError.misuse(
                "\(arguments.count) named arguments for \(sqlite3_bind_parameter_count(handle)) parameters", sql: sql)
        }
        for (name, argument) in arguments {
            try bind(argument, named: name)
        }
    }

    /// Binds an integer to the parameter at `index` (1-based).
    public func bind(_ value: Int64, at index: Int32) throws {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    /// Binds an integer to the parameter at `index` (1-based).
    public func bind(_ value: Int, at index: Int32) throws {
        try check(sqlite3_bind_int64(handle, index, Int64(value)))
    }

    /// Binds a real to the parameter at `index` (1-based).
    public func bind(_ value: Double, at index: Int32) throws {
        try check(sqlite3_bind_double(handle, index, value))
    }

    /// Binds text (copied by SQLite: `SQLITE_TRANSIENT`), NUL characters included; `""` binds empty text, not NULL.
    public func bind(_ value: String, at index: Int32) throws {
        var value = value
        let code = value.withUTF8 { buffer in
            bindTextBuffer(UnsafeRawBufferPointer(buffer), at: index)
        }
        try check(code)
    }

    /// Binds text, or NULL for nil.
    public func bind(_ value: String?, at index: Int32) throws {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    /// Binds an integer, or NULL for nil.
    public func bind(_ value: Int?, at index: Int32) throws {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    /// Binds a real, or NULL for nil.
    public func bind(_ value: Double?, at index: Int32) throws {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    /// Binds text given as raw bytes, which SQLite stores unchanged even when they are not valid UTF-8.
    public func bindText(bytes: [UInt8], at index: Int32) throws {
        let code = bytes.withUnsafeBytes { bindTextBuffer($0, at: index) }
        try check(code)
    }

    /// Binds a blob (copied by SQLite); an empty array binds an empty blob, not NULL.
    public func bindBlob(_ bytes: [UInt8], at index: Int32) throws {
        let code = bytes.withUnsafeBytes { buffer in
            // A nil base address would bind NULL: an empty blob needs a real pointer.
            sqlite3_bind_blob64(handle, index, buffer.baseAddress ?? UnsafeRawPointer(emptyBytes), UInt64(buffer.count), SQLITE_TRANSIENT)
        }
        try check(code)
    }

    /// Binds NULL.
    public func bindNull(at index: Int32) throws {
        try check(sqlite3_bind_null(handle, index))
    }

    private func bindTextBuffer(_ buffer: UnsafeRawBufferPointer, at index: Int32) -> Int32 {
        // An empty Swift string may have no storage; a nil pointer would bind NULL instead of ''.
        let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self) ?? emptyBytes
        return sqlite3_bind_text64(handle, index, base, UInt64(buffer.count), SQLITE_TRANSIENT, UInt8(SQLITE_UTF8))
    }

    // MARK: Stepping

    /// Advances to the next row: true when a row is available, false when the statement is done.
    @discardableResult
    public func step() throws -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        let error = DatabaseError.sqlite(code, connection: connection, sql: sql)
        sqlite3_reset(handle)
        hasFailed = true
        throw error
    }

    /// Makes the statement ready to run again; bindings are kept.
    public func reset() {
        sqlite3_reset(handle)
    }

    /// Runs the statement to completion with `arguments`, then resets it.
    public func execute(_ arguments: [any DatabaseValueConvertible] = []) throws {
        try run { try bind(arguments) }
    }

    /// Runs the statement to completion with arguments bound by name (`:title`), then resets it.
    public func execute(named arguments: [String: any DatabaseValueConvertible]) throws {
        try run { try bind(named: arguments) }
    }

    /// Runs the statement to completion with what `bind` binds (every parameter), then resets it.
    public func execute(binding bind: () throws -> Void) throws {
        try run(binding: bind)
    }

    private func run(binding bind: () throws -> Void) throws {
        sqlite3_reset(handle)
        defer { sqlite3_reset(handle) }
        try bind()
        while try step() {}
    }

    /// Calls `body` for each row, then resets the statement.
    public func forEachRow(_ arguments: [any DatabaseValueConvertible] = [], _ body: (Statement) throws -> Void) throws {
        sqlite3_reset(handle)
        defer { sqlite3_reset(handle) }
        try bind(arguments)
        while try step() { try body(self) }
    }

    /// Maps every row, then resets the statement.
    public func fetchAll<T>(_ arguments: [any DatabaseValueConvertible] = [], _ row: (Statement) throws -> T) throws -> [T] {
        var result: [T] = []
        try forEachRow(arguments) { result.append(try row($0)) }
        return result
    }

    /// Maps the first row if any, then resets the statement.
    public func fetchOne<T>(_ arguments: [any DatabaseValueConvertible] = [], _ row: (Statement) throws -> T) throws -> T? {
        sqlite3_reset(handle)
        defer { sqlite3_reset(handle) }
        try bind(arguments)
        return try step() ? try row(self) : nil
    }

    // MARK: Columns of the current row

    /// The number of columns of the result.
    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// True when column `index` of the current row is NULL.
    public func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// Column `index` as an integer (0 for NULL).
    public func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// Column `index` as an integer (0 for NULL).
    public func int(at index: Int32) -> Int {
        Int(sqlite3_column_int64(handle, index))
    }

    /// Column `index` as an integer; nil for NULL.
    public func optionalInt(at index: Int32) -> Int? {
        isNull(at: index) ? nil : Int(sqlite3_column_int64(handle, index))
    }

    /// Column `index` as a real (0 for NULL).
    public func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// Column `index` as a real; nil for NULL.
    public func optionalDouble(at index: Int32) -> Double? {
        isNull(at: index) ? nil : sqlite3_column_double(handle, index)
    }

    /// The column as text, NUL characters included; nil when the value is NULL.
    public func string(at index: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The column's text bytes exactly as stored; nil when the value is NULL.
    public func textBytes(at index: Int32) -> [UInt8]? {
        guard let text = sqlite3_column_text(handle, index) else { return nil }
        return Array(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, index))))
    }

    /// The column as a blob; nil when the value is NULL.
    public func blob(at index: Int32) -> [UInt8]? {
        if isNull(at: index) { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// Calls `body` with the column's bytes as a blob, in place (empty for NULL): valid only
    /// during the call, and for the current row.
    public func withUnsafeBlob<T>(at index: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// The column with its storage class.
    public func value(at index: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT: .text(textBytes(at: index) ?? [])
        case SQLITE_BLOB: .blob(blob(at: index) ?? [])
        default: .null
        }
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else {
            throw DatabaseError.sqlite(code, connection: connection, sql: sql)
        }
    }
}

/// A pointer to a NUL byte that lives as long as the program (it is in the binary's constant data):
/// SQLite needs a non-nil pointer to bind empty text or an empty blob.
private var emptyBytes: UnsafePointer<CChar> {
    UnsafeRawPointer(("" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
}
