import Foundation
import SQLiteDatabase

extension ConferenceStore {
    /// Opens an existing store to browse it: read-only when its schema is current (no migration
    /// transaction, no journal switch: the fastest start), migrated first otherwise.
    ///
    /// Never creates a file: a missing store is ``BrowseError/emptyStore``, and so is one with
    /// nothing synced unless `allowingEmpty` (an app that syncs it as it opens).
    ///
    /// Pages are read through a memory map: a listing touches thousands of them once, and a search
    /// (which ranks from each transcript's lengths, not from a lookup per line) takes fewer page
    /// faults and no copies so.
    public static func openForBrowsing(path: String, allowingEmpty: Bool = false) throws -> ConferenceStore {
        guard FileManager.default.fileExists(atPath: path) else { throw BrowseError.emptyStore }
        let store: ConferenceStore
        do {
            var configuration = Database.Configuration(readOnly: true, pageCacheKiB: 2048)
            configuration.memoryMapBytes = 256 << 20
            store = try ConferenceStore(path: path, configuration: configuration)
        } catch is DatabaseError {
            // An older schema (or a file read-only access cannot open): the ordinary opening migrates
            // it, or says precisely what is wrong.
            store = try ConferenceStore(path: path)
        }
        guard try allowingEmpty || store.read({ try $0.hasConferenceData() }) else { throw BrowseError.emptyStore }
        return store
    }

    /// Opens an existing store to change the user's own rows (favorites, feedback), migrated and
    /// writable. Never creates a file: with nothing synced there is nothing to refer to.
    public static func openExisting(path: String) throws -> ConferenceStore {
        guard FileManager.default.fileExists(atPath: path) else { throw BrowseError.emptyStore }
        let store = try ConferenceStore(path: path)
        guard try store.read({ try $0.hasConferenceData() }) else { throw BrowseError.emptyStore }
        return store
    }
}
