import CSQLite
import ConferenceModel
import Foundation
import Operations
import SQLiteDatabase

/// The conference database: Apple's feeds as imported, and the user's favorites and feedback.
///
/// Opening creates the file (and its folder, mode 0700) if needed and migrates the schema. One
/// connection, guarded by a lock, serves every thread of the process; other processes may open the
/// same file at the same time (WAL journal, busy timeout).
// @unchecked: the connection (not thread-safe by itself) is only used inside its lock.
public final class ConferenceStore: @unchecked Sendable {
    /// The database file.
    public let path: String
    private let connection: Locked<Database>

    /// The schema version this program writes.
    public static var schemaVersion: Int { StoreSchema.migrator.latestVersion }

    /// Opens the store at `path`.
    ///
    /// Fails with a `DatabaseError` when the file is not a SQLite database (left untouched), was made
    /// by a newer wwdc, or cannot be created.
    public init(path: String, configuration: Database.Configuration = Database.Configuration()) throws {
        if !configuration.readOnly { try StoreLocation.prepareFolder(for: path) }
        let db = try Database(path: path, configuration: configuration)
        if configuration.readOnly {
            let version = try Migrator.version(of: db)
            guard version == StoreSchema.migrator.latestVersion else {
                let known = StoreSchema.migrator.latestVersion
                throw DatabaseError(
                    extendedCode: SQLITE_READONLY,
                    message: "the database has schema version \(version) and cannot be migrated to \(known) read-only",
                    path: path, condition: .olderSchemaReadOnly(version: version, known: known))
            }
        } else {
            do {
                try StoreSchema.migrator.migrate(db)
            } catch var error as DatabaseError {
                // The migrator knows no program; the store is wwdc's.
                if case let .newerSchema(version, known)? = error.condition {
                    error.message = "the database was written by a newer version of wwdc (schema version \(version); this program knows up to \(known))"
                }
                throw error
            }
        }
        self.path = path
        self.connection = Locked(db)
    }

    /// Opens the store where `StoreLocation` says: `explicitPath`, else the data folder's.
    public convenience init(explicitPath: String? = nil, folders: UserFolders,
                            configuration: Database.Configuration = Database.Configuration()) throws {
        try self.init(path: StoreLocation.resolve(explicitPath: explicitPath, folders: folders), configuration: configuration)
    }

    /// Runs `body` on the connection inside a read transaction (one consistent snapshot).
    public func read<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try connection.withLock { db in
            try db.inTransaction(.deferred) { try body(db) }
        }
    }

    /// Runs `body` on the connection inside a write transaction: all of it is saved, or none.
    public func write<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try connection.withLock { db in
            try db.inTransaction(.immediate) { try body(db) }
        }
    }

    /// Copies the write-ahead log into the database file and empties it; best effort (a reader may
    /// hold it, and the next writer does it then).
    public func checkpoint() {
        connection.withLock { db in try? db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    // MARK: One-transaction shortcuts other targets call (the benchmarks, wwdc, wwdc's tests)

    /// Saves a decoded `contents.json` in its own transaction (see `Database.importContents(_:)`).
    public func importContents(_ feed: ContentsFeed) throws -> ImportReport {
        try write { try $0.importContents(feed) }
    }

    /// Decodes and saves a `contents.json` in its own transaction (see `Database.importContents(json:feed:)`).
    public func importContents(json data: Data, feed: String = "contents.json") throws -> ImportReport {
        try write { try $0.importContents(json: data, feed: feed) }
    }

    /// Row counts by table name.
    public func tableCounts() throws -> [String: Int] {
        try read { try $0.tableCounts() }
    }

    /// A deterministic rendering of every table, for comparing two states of the store.
    public func dump() throws -> String {
        try read { try $0.dump() }
    }

    /// Marks or unmarks a session in its own transaction (see `Database.setFavorite(sessionID:_:syncState:at:)`).
    public func setFavorite(sessionID: String, _ isFavorite: Bool, syncState: SyncState = .pending, at date: Date = Date()) throws {
        try write { try $0.setFavorite(sessionID: sessionID, isFavorite, syncState: syncState, at: date) }
    }
}
