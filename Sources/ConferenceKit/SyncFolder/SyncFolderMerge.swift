import Foundation
import SQLiteDatabase
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Each item's latest change among a folder's lines, kept as the lines are read in a database of
/// its own beside the store (`<store>.folder-merge`), never in memory: a row per item, replaced only
/// by a line with a higher clock. So a merge takes the same memory whatever the folder holds.
///
/// A line whose value cannot be read gives way to the item's latest line that can, and the items
/// whose latest line is such are counted (damage). Made and removed by one exchange, under the
/// store's sync-folder lock; a file left by a killed one is replaced by the next.
final class SyncFolderMerge {
    private let database: Database
    private let path: String
    /// Changes dated after ``horizon``, left for a later merge.
    private(set) var postponed = 0
    /// The latest clock taken now: a change dated more than a day ahead of this machine's clock waits.
    private let horizon: String

    init(storePath: String, horizon: String) throws {
        path = storePath + ".folder-merge"
        self.horizon = horizon
        Self.remove(path)
        // A small cache: the table spills to its file, which nobody else reads (no journal, no syncing).
        database = try Database(path: path, configuration: Database.Configuration(pageCacheKiB: 8192))
        do {
            _ = try database.fetchString("PRAGMA journal_mode = OFF")
            try database.execute(sql: """
                PRAGMA synchronous = OFF;
                PRAGMA temp_store = FILE;
                CREATE TABLE latest (
                    kind TEXT NOT NULL,
                    key TEXT NOT NULL,
                    clock TEXT,
                    at REAL,
                    value TEXT,
                    top TEXT NOT NULL,
                    top_unreadable INTEGER NOT NULL,
                    PRIMARY KEY (kind, key)
                ) WITHOUT ROWID;
                CREATE TABLE machines (name TEXT NOT NULL PRIMARY KEY) WITHOUT ROWID;
                BEGIN;
                """)
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Closes the database and removes its file.
    func close() {
        database.close()
        Self.remove(path)
    }

    private static func remove(_ path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
    }

    /// Takes one line's change: it replaces the item's row when its clock is higher.
    func add(_ change: PersonalChange) throws {
        guard change.clock <= horizon else {
            postponed += 1
            return
        }
        // `latest` holds, for each item, the latest change whose value can be read (`clock`, `at`,
        // `value`; NULL until one comes) and the latest clock of any (`top`), with whether its value cannot be read.
        if change.isUsable {
            try database.execute("""
                INSERT INTO latest (kind, key, clock, at, value, top, top_unreadable) VALUES (?1, ?2, ?3, ?4, ?5, ?3, 0)
                ON CONFLICT (kind, key) DO UPDATE SET clock = excluded.clock, at = excluded.at, value = excluded.value,
                    top = max(latest.top, excluded.top),
                    top_unreadable = CASE WHEN excluded.top > latest.top THEN 0 ELSE latest.top_unreadable END
                WHERE latest.clock IS NULL OR excluded.clock > latest.clock
                """, [change.kind.rawValue, change.key, change.clock, change.changedAt.timeIntervalSince1970, change.value])
        } else {
            try database.execute("""
                INSERT INTO latest (kind, key, top, top_unreadable) VALUES (?1, ?2, ?3, 1)
                ON CONFLICT (kind, key) DO UPDATE SET top = excluded.top, top_unreadable = 1 WHERE excluded.top > latest.top
                """, [change.kind.rawValue, change.key, change.clock])
        }
    }

    /// The items whose latest change's value cannot be read.
    func unreadableItems() throws -> Int {
        try database.fetchInt("SELECT count(*) FROM latest WHERE top_unreadable = 1") ?? 0
    }

    /// Each item's latest change whose value can be read, in clock order, `batch` at a time.
    func forEachWinner(batch size: Int = 500, _ body: ([PersonalChange]) throws -> Void) throws {
        var batch: [PersonalChange] = []
        batch.reserveCapacity(size)
        try database.makeStatement("SELECT kind, key, clock, at, value FROM latest WHERE clock IS NOT NULL ORDER BY clock, kind, key")
            .forEachRow { row in
                batch.append(PersonalChange(kind: PersonalKind(rawValue: row.string("kind") ?? ""), key: row.string("key") ?? "",
                                            value: row.string("value"), version: 0, changedAt: Date(timeIntervalSince1970: row.double("at")),
                                            clock: row.string("clock") ?? ""))
                if batch.count == size {
                    try body(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
        if !batch.isEmpty { try body(batch) }
    }

    /// Notes the machine a received change came from.
    func received(from machine: String) throws {
        try database.execute("INSERT INTO machines (name) VALUES (?) ON CONFLICT DO NOTHING", [machine])
    }

    /// How many machines the received changes came from.
    func machines() throws -> Int {
        try database.fetchInt("SELECT count(*) FROM machines") ?? 0
    }
}
