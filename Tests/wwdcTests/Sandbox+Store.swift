import Foundation
import SQLiteDatabase

extension Sandbox {
    /// Copies this sandbox's store (its file and what its write-ahead log holds) to `other`'s, so that
    /// both start from the same store. Nothing may have the store open meanwhile.
    func copyStore(to other: Sandbox) throws {
        try copyStore(toPath: other.database.path)
    }

    private func copyStore(toPath path: String) throws {
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: database.path + suffix) {
            try FileManager.default.copyItem(atPath: database.path + suffix, toPath: path + suffix)
        }
    }

    /// The store's ``dump()`` with what two runs of the same actions write differently set to one
    /// value: the times (columns ending in `_at`), the versions and the counter they come from, the
    /// sync folder's clocks. Made on a copy, its triggers dropped first so that the masking changes
    /// nothing else. Nothing may be writing to the store meanwhile.
    func maskedDump() throws -> String {
        let copy = directory.path("masked-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copy + suffix) } }
        try copyStore(toPath: copy)
        let db = try Database(path: copy)
        defer { db.close() }
        let triggers = try db.fetchAll("SELECT name FROM sqlite_schema WHERE type = 'trigger'") { $0.string(at: 0) ?? "" }
        for trigger in triggers {
            try db.execute(sql: "DROP TRIGGER \(Self.quoted(trigger))")
        }
        let tables = try db.fetchAll("""
            SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%'
            """) { $0.string(at: 0) ?? "" }
        for table in tables {
            // PRAGMA table_info: the column's name, then whether it is part of the primary key.
            let columns = try db.fetchAll("SELECT name, pk FROM pragma_table_info(?)", [table]) { ($0.string(at: 0) ?? "", $0.int(at: 1)) }
            for (column, key) in columns where key == 0 {
                let masked = column.hasSuffix("_at") || column == "version" || column == "clock" || (table == "change_counter" && column == "value")
                if masked { try db.execute(sql: "UPDATE \(Self.quoted(table)) SET \(Self.quoted(column)) = 0") }
            }
        }
        return try db.dump()
    }

    private static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
