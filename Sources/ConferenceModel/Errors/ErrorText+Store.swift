import CSQLite
import SQLiteDatabase

/// The store's failures in words: SQLiteDatabase's errors carry SQLite's facts, and the store they
/// happen to is wwdc's.
extension ErrorText {
    /// What happened to which store, on one line. The failing statement is named only for failures
    /// that are the program's own (a report needs it); not for a damaged, busy, full or read-only
    /// store, where it means nothing to a person.
    static func storeMessage(_ error: DatabaseError) -> String {
        let file = error.path.map { " \($0)" } ?? ""
        let message = error.message
        switch error.code {
        case SQLITE_CORRUPT:
            return "the store\(file) is damaged (\(message))"
        case SQLITE_NOTADB:
            return "\(error.path ?? "the file") is not a wwdc store (\(message))"
        case SQLITE_BUSY, SQLITE_LOCKED:
            return "the store\(file) is busy (\(message))"
        case SQLITE_FULL:
            return "the disk holding the store\(file) is full"
        case SQLITE_READONLY:
            return "the store\(file) cannot be written (\(message))"
        case SQLITE_CANTOPEN:
            return "cannot open the store\(file) (\(message))"
        default:
            let statement = error.sql.map { ", while executing: \($0.trimmingCharacters(in: .whitespacesAndNewlines))" } ?? ""
            return "the store\(file) failed: \(message) (SQLite error \(error.extendedCode)\(statement))"
        }
    }

    /// What to do about it, in words that name no command line; nil when nothing helps.
    static func storeHint(_ error: DatabaseError) -> String? {
        switch error.condition {
        case .noHomeFolder?: return "Set a home folder, or choose a database file."
        case let .notAFolder(folder)?: return "Move \(folder) aside, or choose another database file."
        case .newerSchema?: return "Upgrade wwdc, or choose another database file; the file was left untouched."
        case .olderSchemaReadOnly?: return "Open it once without read-only access to migrate it, or use a matching version of wwdc."
        case .noWriteAheadLog?: return "Keep the database on a local file system that supports shared memory, or choose another file."
        case .notADatabaseFile?:
            return "\(error.path ?? "the file") exists but is not a SQLite database and was left untouched: move it aside, or choose another file."
        case nil: break
        }
        switch error.category {
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
