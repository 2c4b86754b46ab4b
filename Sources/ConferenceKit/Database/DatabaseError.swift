import CSQLite
import Foundation

/// A failure of the SQLite layer: SQLite's extended result code, its message and the SQL that failed.
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
    /// Overrides the suggestion derived from the result code.
    public var suggestion: String?

    public init(extendedCode: Int32, message: String, sql: String? = nil, path: String? = nil, suggestion: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.path = path
        self.suggestion = suggestion
    }

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, ...).
    public var code: Int32 { extendedCode & 0xFF }

    /// True for `SQLITE_BUSY` and `SQLITE_LOCKED` in all their variants.
    public var isLocked: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
}

extension DatabaseError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    /// One line in wwdc's words: what happened to which file. The failing statement is named only
    /// for failures that are the program's own (a report needs it); not for a damaged, busy, full or
    /// read-only store, where it means nothing to a user.
    public var description: String {
        let file = path.map { " \($0)" } ?? ""
        switch code {
        case SQLITE_CORRUPT:
            return "the store\(file) is damaged (\(message))"
        case SQLITE_NOTADB:
            return "\(path ?? "the file") is not a wwdc store (\(message))"
        case SQLITE_BUSY, SQLITE_LOCKED:
            return "the store\(file) is busy (\(message))"
        case SQLITE_FULL:
            return "the disk holding the store\(file) is full"
        case SQLITE_READONLY:
            return "the store\(file) cannot be written (\(message))"
        case SQLITE_CANTOPEN:
            return "cannot open the store\(file) (\(message))"
        default:
            let statement = sql.map { ", while executing: \($0.trimmingCharacters(in: .whitespacesAndNewlines))" } ?? ""
            return "the store\(file) failed: \(message) (SQLite error \(extendedCode)\(statement))"
        }
    }

    public var recoverySuggestion: String? {
        if let suggestion { return suggestion }
        switch code {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return "Another wwdc process is writing to the database; wait for it to finish and try again."
        case SQLITE_NOTADB:
            return "The file is not a SQLite database: move it aside, or choose another file with --db or WWDC_DB."
        case SQLITE_CORRUPT:
            return "Run 'wwdc sync --rebuild': it makes a fresh store from the feeds and carries over your favorites, feedback and changes not yet uploaded, where they can still be read."
        case SQLITE_READONLY:
            return "The database or its folder is read-only: check the permissions, or choose another file with --db or WWDC_DB."
        case SQLITE_FULL:
            return "The disk is full: free some space and try again; nothing was changed."
        case SQLITE_CANTOPEN:
            return "Check that the folder exists and is writable, or choose another file with --db or WWDC_DB."
        case SQLITE_IOERR:
            return "The disk reported an input/output error: check the file system and try again."
        case SQLITE_PERM, SQLITE_AUTH:
            return "Check the permissions of the database file and its folder."
        default:
            return nil
        }
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
