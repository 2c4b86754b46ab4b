import ConferenceData
import Foundation
import SQLiteDatabase
import TestSupport
import TestTraits
import Testing

/// A store whose pages were overwritten (the header intact) is said to be damaged
/// by every command that meets it, with a hint; `wwdc sync --rebuild` sets it aside, makes a fresh one
/// from the feeds and carries the user's own rows over.
@Suite("damaged store", .offThePool)
struct DamagedStoreTests {
    /// Overwrites pages of the store with random bytes: those of the schedule's tables (sessions,
    /// instances, events, with their indexes), sparing the pages of the schema (page 1, with the
    /// header, and its children) and those of the user's own tables and their indexes, so what
    /// `--rebuild` carries over can still be read. Returns the pages overwritten.
    static func damage(_ path: String) throws -> [Int] {
        // Everything in the main file first (the WAL holds the latest changes until a checkpoint).
        let db = try Database(path: path)
        _ = try db.fetchAll("PRAGMA wal_checkpoint(TRUNCATE)") { _ in 0 }
        let userRoots = try db.fetchAll("""
            SELECT rootpage FROM sqlite_master
            WHERE tbl_name IN ('favorites', 'feedback', 'sync_metadata', 'settings', 'change_counter',
                               'watch_progress', 'bookmarks', 'notes', 'personal_changes') AND rootpage > 0
            """) { $0.int(at: 0) }
        let scheduleRoots = try db.fetchAll("""
            SELECT rootpage FROM sqlite_master WHERE tbl_name IN ('sessions', 'instances', 'events') AND rootpage > 0
            """) { $0.int(at: 0) }
        db.close()

        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let rawSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = rawSize == 1 ? 65_536 : rawSize
        let pages = bytes.count / pageSize
        guard pages >= 20 else { throw BrowseSandbox.Failure(message: "only \(pages) pages in \(path)") }
        var spared = Set(userRoots)
        for root in [1] + userRoots { spared.formUnion(treePages(bytes, root: root, pageSize: pageSize)) }
        var damaged: [Int] = []
        var generator = SystemRandomNumberGenerator()
        var targets = Set<Int>()
        for root in scheduleRoots { targets.formUnion(treePages(bytes, root: root, pageSize: pageSize)) }
        for page in targets.subtracting(spared).sorted() {
            let start = (page - 1) * pageSize
            for offset in start..<(start + pageSize) { bytes[offset] = UInt8.random(in: 0...255, using: &generator) }
            damaged.append(page)
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        return damaged
    }

    /// The pages of the b-tree rooted at `root` (SQLite's file format: interior pages, type 2 or 5,
    /// hold a child page number at the start of each cell, and a right-most child in their header).
    static func treePages(_ bytes: Data, root: Int, pageSize: Int) -> Set<Int> {
        var found: Set<Int> = []
        var queue = [root]
        func uint(_ offset: Int, _ count: Int) -> Int {
            (0..<count).reduce(0) { $0 << 8 | Int(bytes[bytes.startIndex + offset + $1]) }
        }
        while let page = queue.popLast() {
            guard page >= 1, page * pageSize <= bytes.count, found.insert(page).inserted else { continue }
            let base = (page - 1) * pageSize
            let header = base + (page == 1 ? 100 : 0)
            let type = uint(header, 1)
            guard type == 2 || type == 5 else { continue }
            let cells = uint(header + 3, 2)
            queue.append(uint(header + 8, 4))
            for cell in 0..<cells {
                let pointer = uint(header + 12 + 2 * cell, 2)
                queue.append(uint(base + pointer, 4))
            }
        }
        return found
    }

    @Test("sync and schedule say the store is damaged (exit 1, a hint); sync --rebuild makes a fresh one, carrying favorites, feedback, progress, bookmarks and notes over")
    func damagedStore() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let sync = try await sandbox.run(["sync", "--source", ProjectPaths.fixtures.path])
        #expect(sync.status == 0, "\(sync.stderr)")
        // Saved here only: a folder source has no account service.
        let favorite = try await sandbox.run(["favorite", "add", "101"])
        #expect(favorite.status == 0, "\(favorite.stderr)")
        let after = ["WWDC_NOW": "2026-07-01T12:00:00-07:00"]
        let feedback = try await sandbox.run(["feedback", "102", "--rating", "4", "--comment", "kept"], environment: after)
        #expect(feedback.status == 0, "\(feedback.stderr)")
        for personal in [["watched", "103"], ["bookmark", "add", "104", "--at", "1:00", "--note", "kept bookmark"], ["note", "105", "kept note"],
                         ["note", "106", "gone"], ["note", "106", "--clear"]] {
            let result = try await sandbox.run(personal)
            #expect(result.status == 0, "\(personal): \(result.stderr)")
        }
        let changesBefore = try ConferenceStore(path: sandbox.database.path).read { try $0.personalChanges() }

        let damaged = try Self.damage(sandbox.database.path)
        #expect(!damaged.isEmpty)

        let refused = try await sandbox.run(["sync"])
        #expect(refused.status == 1, "sync on a damaged store (pages \(damaged)): \(refused.stderr)")
        #expect(refused.errorLines.count == 1, "\(refused.stderr)")
        #expect(refused.errorLines.first?.contains("damaged") == true, "\(refused.stderr)")
        #expect(refused.stderr.contains("Hint: ") && refused.stderr.contains("wwdc sync --rebuild"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("Synced from"), "\(refused.stderr)")

        let schedule = try await sandbox.run(["schedule"], environment: ["WWDC_NOW": BrowseSandbox.now])
        #expect(schedule.status == 1, "\(schedule.stderr)")
        #expect(schedule.errorLines.count == 1, "\(schedule.stderr)")
        #expect(schedule.errorLines.first?.contains("damaged") == true, "\(schedule.stderr)")
        #expect(schedule.stderr.contains("wwdc sync --rebuild"), "\(schedule.stderr)")

        let rebuild = try await sandbox.run(["sync", "--rebuild"])
        #expect(rebuild.status == 0, "\(rebuild.stderr)")
        #expect(rebuild.stderr.contains("Carried over 1 favorite, 1 feedback, 1 watch progress, 1 bookmark and 1 note."), "\(rebuild.stderr)")
        let folder = sandbox.database.deletingLastPathComponent()
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix(sandbox.database.lastPathComponent + ".damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        #expect(aside.count == 1, "\(aside)")
        #expect(rebuild.stderr.contains(aside.first ?? "?"), "the message names the file set aside: \(rebuild.stderr)")

        let works = try await sandbox.run(["schedule"], environment: ["WWDC_NOW": BrowseSandbox.now])
        #expect(works.status == 0, "\(works.stderr)")
        let integrity = try ConferenceStore(path: sandbox.database.path).read { try $0.fetchString("PRAGMA integrity_check") }
        #expect(integrity == "ok")
        let favorites = try await sandbox.run(["favorite", "list", "--json"])
        #expect(favorites.stdout.contains("\"wwdc2026-101\""), "\(favorites.stdout)")
        let given = try await sandbox.run(["feedback", "--list", "--json"])
        #expect(given.stdout.contains("\"wwdc2026-102\"") && given.stdout.contains("\"kept\""), "\(given.stdout)")
        // The change record too, the removal of 106's note and every version as it was.
        #expect(try ConferenceStore(path: sandbox.database.path).read { try $0.personalChanges() } == changesBefore)
        let watched = try await sandbox.run(["videos", "--watched", "--json"], environment: ["WWDC_NOW": BrowseSandbox.now])
        #expect(watched.stdout.contains("\"wwdc2026-103\""), "\(watched.stdout)")
        let bookmarks = try await sandbox.run(["bookmark", "list", "--json"])
        #expect(bookmarks.stdout.contains("kept bookmark"), "\(bookmarks.stdout)")
        let note = try await sandbox.run(["search", "kept", "--in", "notes", "--json"])
        #expect(note.stdout.contains("\"wwdc2026-105\"") && note.stdout.contains("\"wwdc2026-104\""), "\(note.stdout)")
    }
}
