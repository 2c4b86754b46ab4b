import ConferenceData
import ConferenceModel
import CSQLite
import SQLiteDatabase
import Testing

/// SQLiteDatabase's errors carry SQLite's facts; the store words them.
@Suite("the store's failures in words")
struct StoreErrorWordsTests {
    @Test("common failures come with a recovery suggestion")
    func suggestions() {
        for code in [SQLITE_BUSY, SQLITE_LOCKED, SQLITE_NOTADB, SQLITE_READONLY, SQLITE_FULL, SQLITE_CANTOPEN] {
            let error = DatabaseError(extendedCode: code, message: "m")
            #expect(ErrorText.hint(error)?.isEmpty == false, "code \(code)")
        }
    }

    @Test("a busy store: another wwdc is writing to it")
    func busy() {
        let error = DatabaseError(extendedCode: SQLITE_BUSY, message: "database is locked", sql: "BEGIN IMMEDIATE", path: "/s/wwdc.sqlite")
        #expect(ErrorText.hint(error)?.contains("Another wwdc process") == true)
        #expect(ErrorText.message(error) == "the store /s/wwdc.sqlite is busy (database is locked)")
    }

    @Test("the program's own failures name the statement; a file that is not a store says so")
    func messages() {
        let misuse = DatabaseError(extendedCode: SQLITE_MISUSE, message: "bad parameter count", sql: "INSERT INTO t VALUES (?)\n")
        #expect(ErrorText.message(misuse) == "the store failed: bad parameter count (SQLite error 21, while executing: INSERT INTO t VALUES (?))")
        let notes = DatabaseError(extendedCode: SQLITE_NOTADB, message: "file is not a database", path: "/s/notes.txt",
                                  condition: .notADatabaseFile)
        #expect(ErrorText.message(notes) == "/s/notes.txt is not a wwdc store (file is not a database)")
        #expect(ErrorText.hint(notes) == "/s/notes.txt exists but is not a SQLite database and was left untouched: move it aside, or choose another file.")
    }
}
