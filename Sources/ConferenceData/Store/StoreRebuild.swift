import CSQLite
import ConferenceModel
import Foundation
import SQLiteDatabase

/// Making a fresh store in place of a damaged one (then a sync fills it): the user's own rows
/// (favorites, feedback, the changes not yet uploaded, watch progress, bookmarks and notes) are read from the old file wherever they can
/// still be read, the old file is set aside, and the conference comes again from the feeds.
public enum StoreRebuild {
    /// What could be read from the old store.
    public struct Salvage: Sendable {
        public var favorites: [Favorite] = []
        public var feedback: [Feedback] = []
        /// The latest change of every personal item (removals too), as recorded.
        public var personalChanges: [PersonalChange] = []
        /// The old store's change counter, so versions keep growing.
        public var changeCounter: Int64 = 0
        /// The last source's config and where it came from, so a rebuild given no source syncs from it again.
        public var config: (body: Data, url: String)?
        public var language: String?
        /// The parts that could not be read.
        public var unreadable: [String] = []
    }

    /// Reads what it can of the store at `path`; never fails (what cannot be read is listed).
    public static func salvage(from path: String) -> Salvage {
        var salvage = Salvage()
        guard FileManager.default.fileExists(atPath: path) else { return salvage }
        guard let db = try? Database(path: path, configuration: .salvage) else {
            salvage.unreadable = ["the whole file"]
            return salvage
        }
        defer { db.close() }
        func attempt(_ part: String, _ body: () throws -> Void) {
            do { try body() } catch { salvage.unreadable.append(part) }
        }
        attempt("favorites") { salvage.favorites = try db.favorites(onlyFavorites: false) }
        attempt("feedback") { salvage.feedback = try db.allFeedback() }
        attempt("watch progress, bookmarks and notes") { salvage.personalChanges = try personalChanges(in: db) }
        attempt("the change counter") { salvage.changeCounter = try db.changeWatermark() }
        attempt("the last source") {
            salvage.config = try db.fetchOne("SELECT body, url FROM sync_metadata WHERE feed = 'config'") { row -> (Data, String)? in
                guard let body = row.blob("body"), let url = row.string("url") else { return nil }
                return (Data(body), url)
            } ?? nil
        }
        attempt("the language") { salvage.language = try db.setting("language") }
        return salvage
    }

    /// The personal changes of an old store: its change record, else (that table unreadable) its
    /// progress, bookmarks and notes as they are, each made a change of its own version; none in a
    /// store from before personal data.
    private static func personalChanges(in db: Database) throws -> [PersonalChange] {
        guard try db.fetchInt("SELECT count(*) FROM sqlite_master WHERE name = 'personal_changes'") ?? 0 > 0 else { return [] }
        do {
            return try db.personalChanges()
        } catch {
            let version = try db.changeWatermark()
            let progress = try db.allWatchProgress().map { PersonalChange.progress($0, version: version) }
            let bookmarks = try db.storedBookmarks().map { PersonalChange.bookmark($0, version: version, at: $0.createdAt) }
            let notes = try db.storedNotes().map { PersonalChange.note($0, version: version) }
            return progress + bookmarks + notes
        }
    }

    /// Renames the store at `path` (and its journal files) to `<path>.damaged-<date>`; returns the new
    /// path, or nil when there was no file.
    public static func setAside(_ path: String, at date: Date) throws -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let target = path + ".damaged-" + formatter.string(from: date)
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.moveItem(atPath: path + suffix, toPath: target + suffix)
        }
        return target
    }

    /// Writes what was salvaged into a fresh store, as it was (sync states and versions included).
    public static func restore(_ salvage: Salvage, into store: ConferenceStore) throws {
        try store.write { db in
            try FavoriteCodec.table.upsert(salvage.favorites, in: db)
            // The service's copies keep their version; pending ones are written as they were.
            try RatingCodec.table.upsert(salvage.feedback, in: db)
            // Favorites and feedback were put back above with their sync states: only their changes here.
            for change in salvage.personalChanges {
                if change.kind == .favorite || change.kind == .rating { try db.recordChange(change) } else { try db.apply(change) }
            }
            let versions = salvage.favorites.map(\.version) + salvage.feedback.map(\.version) + salvage.personalChanges.map(\.version)
            let highest = max(salvage.changeCounter, versions.max() ?? 0)
            try db.execute("UPDATE change_counter SET value = max(value, ?) WHERE only = 1", [highest])
            if let config = salvage.config {
                try db.execute("""
                    INSERT INTO sync_metadata (feed, body, url) VALUES ('config', :body, :url)
                    ON CONFLICT (feed) DO UPDATE SET body = excluded.body, url = excluded.url
                    """, named: [":body": DatabaseValue.blob([UInt8](config.body)), ":url": config.url])
            }
            if let language = salvage.language { try db.setSetting("language", to: language) }
        }
    }
}

extension ConferenceStore {
    /// Checks that the file is sound (SQLite's quick check); a damaged store fails with
    /// `SQLITE_CORRUPT`, whose hint says how to rebuild it.
    public func checkIntegrity() throws {
        let problems = try read { db in try db.fetchAll("PRAGMA quick_check(3)") { $0.string("quick_check") ?? "" } }
        guard problems != ["ok"] else { return }
        throw DatabaseError(extendedCode: SQLITE_CORRUPT, message: problems.joined(separator: "; "), path: path)
    }
}
