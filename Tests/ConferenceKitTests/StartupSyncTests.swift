import ConferenceData
import ConferenceSync
import Foundation
import SQLiteDatabase
import Testing

/// When the browser syncs as it opens: `browse-sync` auto, always and never against the store's
/// last sync and the config's `fetchIntervals`.
@Suite("startup sync")
struct StartupSyncTests {
    /// A store whose last sync reached the config at `last`, the config asking for `master` seconds (none: no interval).
    private func store(lastSync last: Double?, master: Double?) throws -> (ConferenceStore, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let store = try ConferenceStore(path: folder.file("store.sqlite"))
        if let last {
            let intervals = master.map { "\"fetchIntervals\": {\"master\": \($0)}," } ?? ""
            let config = "{\(intervals) \"feeds\": {}}"
            try store.write { db in
                try db.execute("INSERT INTO sync_metadata (feed, last_sync, body, url) VALUES ('config', :last, :body, :url)",
                               named: [":last": last, ":body": DatabaseValue.blob(Array(config.utf8)), ":url": "https://example.com/config.json"])
            }
        }
        return (store, folder)
    }

    @Test("auto: due once the config's master interval has passed since the last sync, else not; an hour when the config names none")
    func auto() throws {
        let (store, folder) = try store(lastSync: 1_000_000, master: 300)
        _ = folder
        #expect(try !StartupSync.auto.isDue(store, now: Date(timeIntervalSince1970: 1_000_299)))
        #expect(try StartupSync.auto.isDue(store, now: Date(timeIntervalSince1970: 1_000_300)))
        let (plain, other) = try self.store(lastSync: 1_000_000, master: nil)
        _ = other
        #expect(try !StartupSync.auto.isDue(plain, now: Date(timeIntervalSince1970: 1_003_599)))
        #expect(try StartupSync.auto.isDue(plain, now: Date(timeIntervalSince1970: 1_003_600)))
    }

    @Test("no store, or a store never synced: auto syncs; always always, never never")
    func firstAndFixed() throws {
        let (store, folder) = try store(lastSync: nil, master: nil)
        _ = folder
        #expect(try StartupSync.auto.isDue(nil, now: Date()))
        #expect(try StartupSync.auto.isDue(store, now: Date()))
        let (fresh, other) = try self.store(lastSync: 1_000_000, master: 300)
        _ = other
        #expect(try StartupSync.always.isDue(fresh, now: Date(timeIntervalSince1970: 1_000_001)))
        #expect(try !StartupSync.never.isDue(nil, now: Date()))
    }
}
