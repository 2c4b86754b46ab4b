import CSQLite
import Foundation

/// A failure of the SQLite layer: SQLite's extended result code, its message, the SQL that failed
/// and the file; facts only, which the program using the database words for its people.
///
/// Bound values are never part of the error, so it is safe to print or log.
public struct DatabaseError: Error, Equatable, Sendable {
    /// The extended result code (`SQLITE_BUSY_SNAPSHOT`, `SQLITE_CONSTRAINT_UNIQUE`, ...).
    ///
    /// Conditions detected by this layer rather than by SQLite use the closest SQLite code:
    /// `SQLITE_NOTADB` for a file that is not a database, `SQLITE_CANTOPEN` for a folder that cannot
    /// be created, `SQLITE_MISUSE` for API misuse, `SQLITE_ERROR` for a schema newer than the program.
    public var extendedCode: Int32
    /// SQLite's message, or this layer's description of the condition.
    public var message: String
    /// The statement that failed, as written by the program (placeholders, never values).
    public var sql: String?
    /// The database file concerned, when known.
    public var path: String?
    /// What was found beyond SQLite's code; what a program's words for the error depend on.
    public var condition: Condition?

    public init(extendedCode: Int32, message: String, sql: String? = nil, path: String? = nil, condition: Condition? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.path = path
        self.condition = condition
    }

    /// A condition found before or besides SQLite.
    public enum Condition: Sendable, Equatable {
        /// No home folder to keep the database in.
        case noHomeFolder
        /// A folder on the way to the database is a file.
        case notAFolder(String)
        /// The schema is newer than the program's migrator knows: `version`, of which it knows up to `known`.
        case newerSchema(version: Int, known: Int)
        /// The schema is older than the program's, and the database is open read-only, so it cannot be migrated.
        case olderSchemaReadOnly(version: Int, known: Int)
        /// The file system refused write-ahead logging.
        case noWriteAheadLog
        /// A file that is not a SQLite database, found before SQLite opened it.
        case notADatabaseFile
    }

    /// The families of SQLite's result codes that call for different ways out.
    public enum Category: Sendable, Equatable {
        case busy, notADatabase, damaged, readOnly, full, cannotOpen, inputOutput, permission, other
    }

    /// The family of the result code.
    public var category: Category {
        switch code {
        case SQLITE_BUSY, SQLITE_LOCKED: .busy
        case SQLITE_NOTADB: .notADatabase
        case SQLITE_CORRUPT: .damaged
        case SQLITE_READONLY: .readOnly
        case SQLITE_FULL: .full
        case SQLITE_CANTOPEN: .cannotOpen
        case SQLITE_IOERR: .inputOutput
        case SQLITE_PERM, SQLITE_AUTH: .permission
        default: .other
        }
    }

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, ...).
    public var code: Int32 { extendedCode & 0xFF }

    /// True for `SQLITE_BUSY` and `SQLITE_LOCKED` in all their variants.
    public var isLocked: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
}

extension DatabaseError: CustomStringConvertible {
    /// SQLite's facts on one line, as GRDB gives them: the code, the message, the statement, the file.
    public var description: String {
        let statement = sql.map { " - while executing `\($0.trimmingCharacters(in: .whitespacesAndNewlines))`" } ?? ""
        let file = path.map { " - in \($0)" } ?? ""
        return "SQLite error \(extendedCode): \(message)\(statement)\(file)"
    }
}

extension DatabaseError {
    /// The error SQLite reports on `connection` for result code `code`.
    static func sqlite(_ code: Int32, connection: OpaquePointer?, sql: String?, path: String? = nil) -> DatabaseError {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        // sqlite3_extended_errcode may lag behind when the failure did not set the connection's error.
        let reported = (extended & 0xFF) == (code & 0xFF) ? extended : code
        let message: String
        if let connection, let text = sqlite3_errmsg(connection) {
            message = String(cString: text)
        } else {
            message = String(cString: sqlite3_errstr(code))
        }
        return DatabaseError(extendedCode: reported, message: message, sql: sql, path: path)
    }

    static func misuse(_ message: String, sql: String? = nil) -> DatabaseError {
        DatabaseError(extendedCode: SQLITE_MISUSE, message: message, sql: sql)
    }
}
