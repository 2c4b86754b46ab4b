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
    /// What this layer or the store found, beyond SQLite's code; what a program's hint depends on.
    public var condition: Condition?
    /// Overrides the suggestion derived from the condition or the result code.
    public var suggestion: String?

    public init(extendedCode: Int32, message: String, sql: String? = nil, path: String? = nil, condition: Condition? = nil,
                suggestion: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.path = path
        self.condition = condition
        self.suggestion = suggestion
    }

    /// A condition found before or besides SQLite, each with its own way out.
    public enum Condition: Sendable, Equatable {
        /// No home folder to keep the store in.
        case noHomeFolder
        /// A folder on the way to the store is a file.
        case notAFolder(String)
        /// The schema is newer than this program knows.
        case newerSchema
        /// The file system refused write-ahead logging.
        case noWriteAheadLog
        /// A file that is not a SQLite database, found before SQLite opened it.
        case notADatabaseFile
    }

    /// What SQLite's result code means for the person, as far as the way out depends on it.
    public enum Category: Sendable, Equatable {
        case busy, notADatabase, damaged, readOnly, full, cannotOpen, inputOutput, permission, other
    }

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
        switch condition {
        case .noHomeFolder?: return "Set a home folder, or choose a database file."
        case let .notAFolder(folder)?: return "Move \(folder) aside, or choose another database file."
        case .newerSchema?: return "Upgrade wwdc, or choose another database file; the file was left untouched."
        case .noWriteAheadLog?: return "Keep the database on a local file system that supports shared memory, or choose another file."
        case .notADatabaseFile?:
            return "\(path ?? "the file") exists but is not a SQLite database and was left untouched: move it aside, or choose another file."
        case nil: break
        }
        switch category {
        case .busy: return "Another wwdc process is writing to the database; wait for it to finish and try again."
        case .notADatabase: return "The file is not a SQLite database: move it aside, or choose another file."
        case .damaged:
            return "Make a fresh store from the feeds; your favorites, feedback and changes not yet uploaded can be carried over where they can still be read."
        case .readOnly: return "The database or its folder is read-only: check the permissions, or choose another file."
        case .full: return "The disk is full: free some space and try again; nothing was changed."
        case .cannotOpen: return "Check that the folder exists and is writable, or choose another file."
        case .inputOutput: return "The disk reported an input/output error: check the file system and try again."
        case .permission: return "Check the permissions of the database file and its folder."
        case .other: return nil
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
