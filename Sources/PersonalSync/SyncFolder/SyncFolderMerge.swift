import ConferenceData
import ConferenceModel
import Foundation
import SQLiteDatabase
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Each item's latest change among a folder's lines, kept as the lines are read: in memory up to
/// ``memoryLimit`` bytes, and past it in a database of its own beside the store
/// (`<store>.folder-merge`), where a row is replaced only by a change with a higher clock. So a
/// merge takes the same memory whatever the folder holds, and a folder of the usual size never
/// touches the disk.
///
/// A line whose value cannot be read gives way to the item's latest line that can, and the items
/// whose latest line is such are counted (damage). Made and removed by one exchange, under the
/// store's sync-folder lock; a file left by a killed one is replaced by the next.
final class SyncFolderMerge {
    /// An item: a change's kind and key.
    private struct Item: Hashable {
        var kind: PersonalKind
        var key: String
    }

    /// What is kept of an item: its latest change whose value can be read (with that value, read
    /// once), and the latest clock of any of its changes, with whether that one's value cannot be read.
    private struct Held {
        var item: Item
        var readable: PersonalChange?
        var content: PersonalChange.Content?
        var top: String
        var topUnreadable: Bool
    }

    /// An item's latest change whose value can be read, and that value when it is at hand.
    struct Winner {
        var change: PersonalChange
        var content: PersonalChange.Content?
    }

    /// The most bytes the items held in memory may take before they go to the database.
    static let memoryLimit = 16 << 20
    /// The most machines counted in memory before they go to the database too.
    private static let machinesInMemory = 10_000

    private let path: String
    private let memoryLimit: Int
    /// The latest clock taken now: a change dated more than a day ahead of this machine's clock waits.
    private let horizon: String
    /// Where each item held in memory is in ``entries`` (an array: its elements change in place).
    private var slots: [Item: Int] = [:]
    private var entries: [Held] = []
    private var heldBytes = 0
    private var machineNames = Set<String>()
    /// Opened when what is held outgrows ``memoryLimit``.
    private var database: Database?
    /// Changes dated after ``horizon``, left for a later merge.
    private(set) var postponed = 0

    init(storePath: String, horizon: String, memoryLimit: Int = SyncFolderMerge.memoryLimit) {
        path = storePath + ".folder-merge"
        self.horizon = horizon
        self.memoryLimit = memoryLimit
    }

    deinit {
        close()
    }

    /// Closes the database, if one was needed, and removes its file.
    func close() {
        guard let database else { return }
        database.close()
        self.database = nil
        Self.remove(path)
    }

    private static func remove(_ path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
    }

    /// Takes one line's change: it replaces what is kept of its item when its clock is higher.
    func add(_ change: PersonalChange) throws {
        guard change.clock <= horizon else {
            postponed += 1
            return
        }
        let item = Item(kind: change.kind, key: change.key)
        if let index = slots[item] {
            // Not newer than the readable change kept: it changes nothing (its value is never read).
            if let readable = entries[index].readable, change.clock <= readable.clock { return }
            let content = change.content
            let usable = content.map(PersonalChange.isUsable) ?? false
            if change.clock > entries[index].top {
                entries[index].top = change.clock
                entries[index].topUnreadable = !usable
            }
            if usable {
                heldBytes += Self.bytes(of: change) - (entries[index].readable.map(Self.bytes(of:)) ?? 0)
                entries[index].readable = change
                entries[index].content = content
            }
        } else {
            let content = change.content
            let usable = content.map(PersonalChange.isUsable) ?? false
            slots[item] = entries.count
            entries.append(Held(item: item, readable: usable ? change : nil, content: usable ? content : nil, top: change.clock,
                                topUnreadable: !usable))
            heldBytes += Self.bytes(of: change) + 96
        }
        if heldBytes > memoryLimit { try spill() }
    }

    /// About what a change kept in memory takes: its strings, its value read, and the rest of an entry.
    private static func bytes(of change: PersonalChange) -> Int {
        change.key.utf8.count * 2 + (change.value?.utf8.count ?? 0) * 2 + change.clock.utf8.count * 2 + 160
    }

    /// The database, opened (and made afresh) the first time.
    private func openDatabase() throws -> Database {
        if let database { return database }
        Self.remove(path)
        // A small cache: the table spills to its file, which nobody else reads (no journal, no syncing).
        let database = try Database(path: path, configuration: Database.Configuration(pageCacheKiB: 8192))
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
            database.close()
            Self.remove(path)
            throw error
        }
        self.database = database
        return database
    }

    /// Moves what is held in memory to the database, each item's row kept where it is newer.
    private func spill() throws {
        let database = try openDatabase()
        // `latest` holds, for each item, the latest change whose value can be read (`clock`, `at`,
        // `value`; NULL while there is none) and the latest clock of any (`top`), with whether its
        // value cannot be read. A NULL clock compares as neither higher nor lower: the row's stays.
        let rows = entries.map { held -> [DatabaseValue] in
            [.text(held.item.kind.rawValue), .text(held.item.key), held.readable.map { .text($0.clock) } ?? .null,
             held.readable.map { .real($0.changedAt.timeIntervalSince1970) } ?? .null, held.readable?.value.databaseValue ?? .null,
             .text(held.top), .integer(held.topUnreadable ? 1 : 0)]
        }
        slots.removeAll()
        entries.removeAll()
        heldBytes = 0
        try database.execute("INSERT INTO latest (kind, key, clock, at, value, top, top_unreadable) VALUES", rows: rows, "(?, ?, ?, ?, ?, ?, ?)", """
            ON CONFLICT (kind, key) DO UPDATE SET
                clock = CASE WHEN latest.clock IS NULL OR excluded.clock > latest.clock THEN excluded.clock ELSE latest.clock END,
                at = CASE WHEN latest.clock IS NULL OR excluded.clock > latest.clock THEN excluded.at ELSE latest.at END,
                value = CASE WHEN latest.clock IS NULL OR excluded.clock > latest.clock THEN excluded.value ELSE latest.value END,
                top_unreadable = CASE WHEN excluded.top > latest.top THEN excluded.top_unreadable ELSE latest.top_unreadable END,
                top = max(latest.top, excluded.top)
            """)
    }

    /// The items whose latest change's value cannot be read. Call once every line is added.
    func unreadableItems() throws -> Int {
        if database != nil { try spill() }
        guard let database else { return entries.reduce(0) { $0 + ($1.topUnreadable ? 1 : 0) } }
        return try database.fetchInt("SELECT count(*) FROM latest WHERE top_unreadable = 1") ?? 0
    }

    /// Each item's latest change whose value can be read, in clock order, with that value when it
    /// was read already: all at once when they were held in memory, else `batch` at a time. Call
    /// once every line is added.
    func forEachWinner(batch size: Int = 4000, _ body: ([Winner]) throws -> Void) throws {
        if database != nil { try spill() }
        guard let database else {
            let winners = entries.compactMap { held in held.readable.map { Winner(change: $0, content: held.content) } }
                .sorted { ($0.change.clock, $0.change.kind.rawValue, $0.change.key) < ($1.change.clock, $1.change.kind.rawValue, $1.change.key) }
            slots.removeAll()
            entries.removeAll()
            if !winners.isEmpty { try body(winners) }
            return
        }
        var batch: [Winner] = []
        batch.reserveCapacity(size)
        try database.makeStatement("SELECT kind, key, clock, at, value FROM latest WHERE clock IS NOT NULL ORDER BY clock, kind, key")
            .forEachRow { row in
                batch.append(Winner(change: PersonalChange(kind: PersonalKind(rawValue: row.string("kind") ?? ""), key: row.string("key") ?? "",
                                                           value: row.string("value"), version: 0,
                                                           changedAt: Date(timeIntervalSince1970: row.double("at")), clock: row.string("clock") ?? ""),
                                    content: nil))
                if batch.count == size {
                    try body(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
        if !batch.isEmpty { try body(batch) }
    }

    /// Notes the machine a received change came from.
    func received(from machine: String) throws {
        if database == nil && machineNames.count < Self.machinesInMemory {
            machineNames.insert(machine)
            return
        }
        let database = try openDatabase()
        if !machineNames.isEmpty {
            try database.execute("INSERT INTO machines (name) VALUES", rows: machineNames.map { [.text($0)] }, "(?)", "ON CONFLICT DO NOTHING")
            machineNames.removeAll()
        }
        try database.execute("INSERT INTO machines (name) VALUES (?) ON CONFLICT DO NOTHING", [machine])
    }

    /// How many machines the received changes came from.
    func machines() throws -> Int {
        guard let database else { return machineNames.count }
        return try machineNames.count + (database.fetchInt("SELECT count(*) FROM machines") ?? 0)
    }
}
