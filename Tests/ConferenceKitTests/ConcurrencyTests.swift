import ConferenceData
import Dispatch
import Foundation
import Synchronization
import TestSupport
import TestTraits
import Testing
import Operations
import SQLiteDatabase

@Suite("Several connections at once", .offThePool)
struct ConcurrencyTests {
    /// What the worker threads report.
    final class Shared: Sendable {
        let failures = Locked<[String]>([])
        let written = Locked<[Int: Int]>([:])
        let imports = Atomic<Int>(0)
        let reads = Atomic<Int>(0)
        /// The importer has stopped, done or failed: the readers stop too.
        let importerEnded = Atomic<Bool>(false)
    }

    /// Each connection waits for the write lock until a hang would (the store's own wait is 10 s).
    /// On a loaded machine an import holds the lock for seconds, and a writer can wait through all
    /// three: SQLite's busy handler polls, and the importer's next import, asked for at once, takes the
    /// lock first. What still fails at once is a lock error without a wait: a transaction that began
    /// reading and then writes (`SQLITE_BUSY_SNAPSHOT`); a deadlock fails at the deadline.
    static let patient = Database.Configuration(busyTimeoutMilliseconds: Int32(HangDeadline.seconds * 1000))

    @Test("four threads with their own connections write and read while three imports run: no lock error, nothing lost")
    func fourConnections() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("shared.sqlite")
        _ = try ConferenceStore(path: path)
        let feeds = [try TestFeeds.contentsData(sessionCount: 400, variant: 0),
                     try TestFeeds.contentsData(sessionCount: 400, variant: 1)]
        // Counted, not timed: on a loaded machine two seconds may not hold one import.
        let importsToRun = 3
        let shared = Shared()
        let group = DispatchGroup()

        for worker in 0..<4 {
            group.enter()
            let thread = Thread {
                defer {
                    if worker == 0 { shared.importerEnded.store(true, ordering: .releasing) }
                    group.leave()
                }
                do {
                    let store = try ConferenceStore(path: path, configuration: Self.patient)
                    var count = 0
                    while worker == 0 ? count < importsToRun : count < 2 || !shared.importerEnded.load(ordering: .acquiring) {
                        if worker == 0 {
                            let report = try store.importContents(json: feeds[count % 2])
                            if count > 0 && report[.sessions].updated != 400 {
                                shared.failures.withLock { $0.append("import \(count) changed \(report)") }
                            }
                            shared.imports.add(1, ordering: .relaxed)
                        } else {
                            try store.setFavorite(sessionID: "worker\(worker)-\(count)", true)
                            let mine = try store.read { db in
                                try db.fetchInt("SELECT count(*) FROM favorites WHERE session_id LIKE ?", ["worker\(worker)-%"])
                            }
                            if mine != count + 1 {
                                shared.failures.withLock { $0.append("worker \(worker) sees \(mine ?? -1) favorites, wrote \(count + 1)") }
                            }
                            let sessions = try store.count("SELECT count(*) FROM sessions")
                            if sessions != 0 && sessions != 400 {
                                shared.failures.withLock { $0.append("worker \(worker) saw \(sessions) sessions mid-import") }
                            }
                            _ = try store.searchSessions("swift")
                            shared.reads.add(3, ordering: .relaxed)
                        }
                        count += 1
                    }
                    shared.written.withLock { $0[worker] = count }
                } catch {
                    shared.failures.withLock { $0.append("worker \(worker): \(error)") }
                }
            }
            thread.start()
        }
        // Blocking waits stay off the cooperative pool, which every other test needs.
        try await onThread { group.wait() }

        #expect(shared.failures.withLock { $0 } == [])
        let counts = shared.written.withLock { $0 }
        #expect(shared.imports.load(ordering: .relaxed) >= 2)
        #expect(shared.reads.load(ordering: .relaxed) > 0)
        let store = try ConferenceStore(path: path)
        for worker in 1..<4 {
            let expected = try #require(counts[worker])
            #expect(expected > 0)
            #expect(try store.read { try $0.fetchInt("SELECT count(*) FROM favorites WHERE session_id LIKE ?", ["worker\(worker)-%"]) } == expected)
        }
        #expect(try store.read { try $0.fetchString("PRAGMA integrity_check") } == "ok")
    }
}
