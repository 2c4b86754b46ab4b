import Foundation
import SQLiteDatabase

extension ConferenceStore {
    /// Opens an existing store to browse it: read-only when its schema is current (no migration
    /// transaction, no journal switch: the fastest start), migrated first otherwise.
    ///
    /// Never creates a file: a missing store, or one with nothing synced, is ``BrowseError/emptyStore``.
    /// `memoryMapped` suits listings, which touch thousands of pages once; a search reads a few
    /// pages scattered through a large index, where mapping costs more page faults than it saves.
    public static func openForBrowsing(path: String, memoryMapped: Bool = true) throws -> ConferenceStore {
        guard FileManager.default.fileExists(atPath: path) else { throw BrowseError.emptyStore }
        let store: ConferenceStore
        do {
            // Pages read through a memory map: a listing touches thousands of them once.
            var configuration = Database.Configuration(readOnly: true, pageCacheKiB: 2048)
            configuration.memoryMapBytes = memoryMapped ? 256 << 20 : 0
            store = try ConferenceStore(path: path, configuration: configuration)
        } catch is DatabaseError {
            // An older schema (or a file read-only access cannot open): the ordinary opening migrates
            // it, or says precisely what is wrong.
            store = try ConferenceStore(path: path)
        }
        guard try store.read({ try $0.hasConferenceData() }) else { throw BrowseError.emptyStore }
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
