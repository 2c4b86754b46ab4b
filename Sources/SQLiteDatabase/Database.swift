import CSQLite
import Foundation

/// One connection to a SQLite database file: WAL journal, foreign keys on,
/// `synchronous=NORMAL`, a busy timeout, and a cache of prepared statements.
///
/// A `Database` is not thread-safe: use it from one thread at a time (behind a lock, for example). Several connections, in one process or many, may share a file.
public final class Database {
    /// Options applied when the connection opens.
    public struct Configuration: Sendable {
        /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
        public var busyTimeoutMilliseconds: Int32
        /// Opens the file read-only (no WAL switch, no creation).
        public var readOnly: Bool
        /// The most memory SQLite's page cache may use, in KiB. Large imports are much faster when
        /// every page they touch stays in memory until the commit; memory is only taken when used.
        public var pageCacheKiB: Int

        /// The page size of a database this connection creates (existing files keep theirs): 8 KiB
        /// pages make bulk imports about a tenth faster than SQLite's default 4 KiB.
        public var pageSize: Int
        /// How much of the file SQLite reads through a memory map instead of copying each page
        /// (`PRAGMA mmap_size`), in bytes; 0 for none. Worth it for short reads of many pages.
        public var memoryMapBytes = 0
        /// Whether to set the connection up (foreign keys, cache, WAL); off to read what a damaged
        /// file still holds, where even a pragma may fail.
        public var configures = true

        public init(busyTimeoutMilliseconds: Int32 = 10_000, readOnly: Bool = false, pageCacheKiB: Int = 65_536,
                    pageSize: Int = 8192) {
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.readOnly = readOnly
            self.pageCacheKiB = pageCacheKiB
            self.pageSize = pageSize
        }

        /// Read-only, set up as little as possible: for salvaging a damaged file.
        public static var salvage: Configuration {
            var configuration = Configuration(readOnly: true)
            configuration.configures = false
            return configuration
        }
    }

    /// The file path given at open.
    public let path: String
    let handle: OpaquePointer
    private var statementCache: [String: Statement] = [:]
    private var isClosed = false
    var savepointDepth = 0
    /// Whether `bm25_terms` is registered on this connection (``enableBM25Terms()``).
    var hasBM25Terms = false

    /// Opens (creating if needed) the database at `path`.
    ///
    /// A file that exists but is not a SQLite database is refused with `SQLITE_NOTADB` before SQLite
    /// touches it, so it is never overwritten.
    public init(path: String, configuration: Configuration = Configuration()) throws {
        _ = Database.configureLibrary
        try Database.refuseNonDatabaseFile(at: path)
        var connection: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        flags |= configuration.readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let error = DatabaseError.sqlite(code, connection: connection, sql: nil, path: path)
            sqlite3_close_v2(connection)
            throw error
        }
        self.path = path
        self.handle = connection
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, configuration.busyTimeoutMilliseconds)
        guard configuration.configures else { return }
        do {
            try execute(sql: "PRAGMA foreign_keys = ON")
            // PRAGMA takes no parameters; the size is an integer of the program's configuration.
            try execute(sql: "PRAGMA cache_size = -\(max(configuration.pageCacheKiB, 64))")
            // Only takes effect on a new, empty file (before WAL is set); ignored otherwise.
            try execute(sql: "PRAGMA page_size = \(configuration.pageSize)")
            if configuration.memoryMapBytes > 0 { try execute(sql: "PRAGMA mmap_size = \(configuration.memoryMapBytes)") }
            if !configuration.readOnly {
                let mode = try fetchString("PRAGMA journal_mode = WAL")
                // In-memory databases (tests) have no file to log beside; they answer "memory".
                let inMemory = path.isEmpty || path == ":memory:"
                guard mode?.lowercased() == "wal" || (inMemory && mode?.lowercased() == "memory") else {
                    throw DatabaseError(
                        extendedCode: SQLITE_ERROR,
                        message: "the database refused write-ahead logging (journal mode is \(mode ?? "unknown"))",
                        sql: "PRAGMA journal_mode = WAL", path: path, condition: .noWriteAheadLog)
                }
                try execute(sql: "PRAGMA synchronous = NORMAL")
                // A statement inside a long transaction keeps the pages it changes in a statement
                // journal; past 64 KiB SQLite moves it to a temporary file, and a large save then
                // writes that file ten times more than the database itself.
                try execute(sql: "PRAGMA temp_store = MEMORY")
            }
        } catch var error as DatabaseError {
            error.path = error.path ?? path
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Set once per process, before the first connection: SQLite's memory statistics off (nothing
    /// reads them, and they cost a process-wide lock on every allocation of every connection).
    private static let configureLibrary: Void = {
        _ = csqlite_disable_memory_statistics()
    }()

    /// Finalizes cached statements and closes the connection; the object must not be used afterwards.
    ///
    /// Statements still referenced elsewhere are finalized when released (`sqlite3_close_v2`).
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Rejects a non-empty file whose first 16 bytes are not SQLite's header.
    private static func refuseNonDatabaseFile(at path: String) throws {
        guard path != ":memory:", !path.isEmpty, let file = FileHandle(forReadingAtPath: path) else { return }
        defer { try? file.close() }
        let header = (try? file.read(upToCount: 16)) ?? Data()
        if header.isEmpty { return }
        if header != Data("SQLite format 3\0".utf8) {
            throw DatabaseError(extendedCode: SQLITE_NOTADB, message: "file is not a database", path: path, condition: .notADatabaseFile)
        }
    }

    // MARK: Statements

    /// A prepared statement kept for reuse, keyed by its SQL text.
    ///
    /// The statement is reset and stays in the cache until a step fails: then the next request
    /// prepares it afresh.
    public func cachedStatement(_ sql: String) throws -> Statement {
        if let statement = statementCache[sql], !statement.hasFailed {
            statement.reset()
            return statement
        }
        let statement = try Statement(connection: handle, sql: sql, persistent: true)
        statementCache[sql] = statement
        return statement
    }

    /// A new prepared statement that is not cached.
    public func makeStatement(_ sql: String) throws -> Statement {
        try Statement(connection: handle, sql: sql, persistent: false)
    }

    /// Runs one or more SQL statements that take no arguments (schema, pragmas).
    public func execute(sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else {
            throw DatabaseError.sqlite(code, connection: handle, sql: sql)
        }
    }

    /// Runs one statement with bound arguments, through the statement cache.
    public func execute(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws {
        try cachedStatement(sql).execute(arguments)
    }

    /// Runs one statement with arguments bound by parameter name (`:title`), through the statement cache.
    public func execute(_ sql: String, named arguments: [String: any DatabaseValueConvertible]) throws {
        try cachedStatement(sql).execute(named: arguments)
    }

    /// Maps every row of a query run through the statement cache.
    public func fetchAll<T>(_ sql: String, _ arguments: [any DatabaseValueConvertible] = [], _ row: (Statement) throws -> T) throws -> [T] {
        try cachedStatement(sql).fetchAll(arguments, row)
    }

    /// Maps the first row of a query run through the statement cache.
    public func fetchOne<T>(_ sql: String, _ arguments: [any DatabaseValueConvertible] = [], _ row: (Statement) throws -> T) throws -> T? {
        try cachedStatement(sql).fetchOne(arguments, row)
    }

    /// The first column of the first row as an integer (nil without a row or for NULL).
    public func fetchInt(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws -> Int? {
        try fetchOne(sql, arguments) { $0.optionalInt(at: 0) } ?? nil
    }

    /// The first column of the first row as text (nil without a row or for NULL).
    public func fetchString(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws -> String? {
        try fetchOne(sql, arguments) { $0.string(at: 0) } ?? nil
    }

    // MARK: Connection state

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changesCount: Int { Int(sqlite3_changes64(handle)) }

    /// Rows changed since the connection opened, triggers and foreign-key actions included.
    public var totalChangesCount: Int { Int(sqlite3_total_changes64(handle)) }

    /// The rowid of the most recent successful INSERT.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// True while a transaction is open (SQLite is not in autocommit mode).
    public var isInsideTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}
