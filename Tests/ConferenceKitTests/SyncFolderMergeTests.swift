@testable import ConferenceData
@testable import ConferenceModel
@testable import PersonalSync
import Foundation
import Operations
import SQLiteDatabase
import TestTraits
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A merge whose memory does not grow with the folder: lines streamed into a table of winners
/// beside the store, at most a stated number of bytes read in one exchange; and an exchange
/// stopped at its time limit, which never commits afterwards.
@Suite("sync folder: a bounded merge, and its time limit", .offThePool)
struct SyncFolderMergeTests {
    private let date = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 1000).rounded(.down) * 1000 - 30 * 86400)

    func line(_ kind: PersonalKind, _ key: String, _ value: String?, wall: Int64, counter: Int = 0, machine: String) -> String {
        JournalLine.encode(PersonalChange(kind: kind, key: key, value: value, version: 0, changedAt: date,
                                          clock: HybridTimestamp(wall: wall, counter: counter, machine: machine).description))
    }

    func notes(_ store: ConferenceStore) throws -> [String] {
        try store.read { try $0.storedNotes().map(\.sessionID) }
    }

    @Test("a folder over the bytes one exchange reads: the files beyond are left and named, the rest merged; the next exchange reads them first")
    func byteBudget() throws {
        let temporary = try TemporaryFolder()
        let shared = try SyncFolderTests.sharedFolder(temporary)
        let wall = Int64(date.timeIntervalSince1970 * 1000)
        var sizes: [String: Int] = [:]
        for (index, machine) in ["m1", "m2", "m3"].enumerated() {
            let text = JournalLine.header(machine: machine, role: .journal) + (0..<100).map {
                line(.note, "\(machine)-s\($0)", #"{"text":"note \#($0) of \#(machine), a little longer than it needs to be"}"#,
                     wall: wall + Int64(index * 1000 + $0), machine: machine)
            }.joined()
            try text.write(toFile: shared + "/\(machine).journal", atomically: true, encoding: .utf8)
            sizes[machine] = text.utf8.count
        }
        let b = try SyncFolderTests.machine("b", in: temporary, folder: shared)
        // Room for two of the three files.
        let exchange = SyncFolderExchange(folder: SyncFolder(path: shared, machine: b.id), store: b.store,
                                          budget: sizes["m1"]! + sizes["m2"]! + 10)
        let first = try exchange.run()
        #expect(first.unread == ["m3.journal"] && first.filesRead == 2 && first.received == 200, "\(first)")
        #expect(try notes(b.store).filter { $0.hasPrefix("m3-") }.isEmpty)
        #expect(try notes(b.store).count == 200)
        // The next reads the one left first, then what fits of the others in name order.
        let second = try exchange.run()
        #expect(second.unread == ["m2.journal"] && second.received == 100, "\(second)")
        #expect(try notes(b.store).count == 300)
        // A file left unread is said where the sync's line says it, its name cleaned.
        try "x".write(toFile: shared + "/m\u{1B}[31m4.journal", atomically: true, encoding: .utf8)
        #expect(SyncFolderFileName.parse("m\u{1B}[31m4.journal") == nil, "a name that is no machine's is not read at all")
    }

    @Test("the winners of a streamed merge are those of merging in memory: random files, duplicates, clocks ahead, values that cannot be read; held in memory or spilled to the merge's table",
          arguments: [SyncFolderMerge.memoryLimit, 4096])
    func winnersAsInMemory(memory: Int) throws {
        var random = SeededRandom(seed: UInt64(Date().timeIntervalSince1970))
        let seed = random.state
        let temporary = try TemporaryFolder()
        let shared = try SyncFolderTests.sharedFolder(temporary)
        let wall = Int64(date.timeIntervalSince1970 * 1000)
        let now = date
        let horizon = HybridTimestamp(wall: Int64(now.addingTimeInterval(SyncFolderExchange.maximumDrift).timeIntervalSince1970 * 1000),
                                      counter: 0, machine: "").description
        var all: [PersonalChange] = []
        var linesAhead = 0
        for machine in ["m1", "m2", "m3", "m4"] {
            for role in [SyncFolderFileName.Role.journal, .snapshot] {
                var text = JournalLine.header(machine: machine, role: role)
                for _ in 0..<600 {
                    let key = "s\(random.next(upTo: 150))"
                    let kinds: [PersonalKind] = [.note, .progress, .favorite]
                    let kind = kinds[Int(random.next(upTo: 3))]
                    // Now and then a day and more ahead (left for later), or a value that cannot be read.
                    let dated = random.next(upTo: 40) == 0 ? Int64(2 * 86_400_000) : 0
                    let clockWall = wall + Int64(random.next(upTo: 100_000)) + dated
                    let value: String?
                    switch (kind, random.next(upTo: 12)) {
                    case (_, 0): value = nil
                    case (_, 1): value = #"{"broken":"#
                    case (.note, _): value = #"{"text":"note \#(random.next(upTo: 1000))"}"#
                    case (.progress, _): value = #"{"duration":100,"position":\#(random.next(upTo: 100)),"watched":false}"#
                    default: value = #"{"favorite":true}"#
                    }
                    let change = PersonalChange(kind: kind, key: key, value: value, version: 0, changedAt: now,
                                                clock: HybridTimestamp(wall: clockWall, counter: Int(random.next(upTo: 3)), machine: machine).description)
                    all.append(change)
                    linesAhead += change.clock > horizon ? 1 : 0
                    text += JournalLine.encode(change)
                    // The same line twice now and then (a snapshot and a journal holding one change).
                    if random.next(upTo: 10) == 0 {
                        text += JournalLine.encode(change)
                        linesAhead += change.clock > horizon ? 1 : 0
                    }
                }
                try text.write(toFile: shared + "/" + (role == .journal ? SyncFolderFileName.journal(machine) : SyncFolderFileName.snapshot(machine)),
                               atomically: true, encoding: .utf8)
            }
        }
        let b = try SyncFolderTests.machine("b", in: temporary, folder: shared)
        let report = try SyncFolderExchange(folder: SyncFolder(path: shared, machine: b.id), store: b.store, now: { now },
                                            budget: SyncFolder.maximumBytesRead, mergeMemory: memory).run()

        // In memory: each item's latest change, the latest readable one where the latest cannot be read.
        var latest: [String: PersonalChange] = [:], latestReadable: [String: PersonalChange] = [:]
        for change in all where change.clock <= horizon {
            let item = "\(change.kind.rawValue) \(change.key)"
            if latest[item].map({ $0.clock < change.clock }) ?? true { latest[item] = change }
            if change.isUsable, latestReadable[item].map({ $0.clock < change.clock }) ?? true { latestReadable[item] = change }
        }
        let expected = latestReadable.values.map { "\($0.kind.rawValue) \($0.key) \($0.value ?? "-") \($0.clock)" }.sorted()
        let merged = try b.store.read { try $0.allPersonalChanges() }.map { "\($0.kind.rawValue) \($0.key) \($0.value ?? "-") \($0.clock)" }.sorted()
        #expect(merged == expected, "seed \(seed)")
        #expect(report.received == expected.count && report.machines == 4, "seed \(seed)")
        #expect(report.postponed == linesAhead && linesAhead > 0, "seed \(seed)")
        let unreadable = latest.values.filter { !$0.isUsable }.count
        #expect(unreadable > 0 && report.skipped == ["\(unreadable) changes with an unusable value"] && report.damage.isEmpty,
                "seed \(seed): \(report.skipped) \(report.damage)")
        #expect(!FileManager.default.fileExists(atPath: b.store.path + ".folder-merge"), "the merge's table is removed")
    }

    @Test("stopped at the time limit after sending: the answer says what was sent and that nothing was merged; the merge never commits afterwards")
    func timeLimitAfterSending() async throws {
        let temporary = try TemporaryFolder()
        let (shared, b) = try machineWithANoteToSend(in: temporary)
        // The exchange stalls where it asks the time, between sending and merging (a folder that stops answering).
        let stall = Stall()
        // Long enough for the sending before the stall on a loaded machine; the stall outlasts it.
        let settings = SyncFolderSettings(path: shared, machine: b.id, timeLimit: 5)
        let operation = SyncFolderOperation(settings: settings, store: b.store, mode: .exchange) { stall.wait() }
        let queue = AdvancedOperationQueue()
        queue.addOperation(operation)
        let errors = await operation.finishedErrors()
        #expect(errors.isEmpty, "\(errors)")
        let report = try #require(operation.report)
        #expect(report.sent == 1 && report.received == 0 && report.stopped == .merge, "\(report)")
        // Let it go on, then wait for it to give up (it holds the store's sync-folder lock while it runs).
        stall.release()
        Self.waitForExchange(of: b.store)
        #expect(try notes(b.store) == ["s1"], "nothing merged after the answer")
        #expect(try b.store.read { try $0.unclockedPersonalChanges() }.isEmpty, "what was sent is recorded as sent")
    }

    @Test("stopped at the time limit before anything was saved: the step is skipped, and the exchange does nothing once the store answers")
    func timeLimitBeforeAnything() async throws {
        let temporary = try TemporaryFolder()
        let (shared, b) = try machineWithANoteToSend(in: temporary)
        // Another connection writes the store meanwhile: the exchange waits for it (within the
        // store's busy timeout), past its own time limit.
        let writer = try Database(path: b.store.path)
        try writer.execute(sql: "BEGIN IMMEDIATE")
        let settings = SyncFolderSettings(path: shared, machine: b.id, timeLimit: 0.5)
        let operation = SyncFolderOperation(settings: settings, store: b.store, mode: .exchange)
        let queue = AdvancedOperationQueue()
        queue.addOperation(operation)
        let errors = await operation.finishedErrors()
        #expect(errors.map { "\($0)" } == [SyncFolderError.timedOut(path: shared, seconds: 0.5).description], "\(errors)")
        try writer.execute(sql: "COMMIT")
        Self.waitForExchange(of: b.store)
        #expect(try notes(b.store) == ["s1"], "nothing merged")
        #expect(try b.store.read { try $0.unclockedPersonalChanges().map(\.key) } == ["s1"], "nothing sent")
        #expect(!FileManager.default.fileExists(atPath: shared + "/\(b.id).journal"), "nothing written")
    }

    /// A folder holding another machine's note, and a machine with a note of its own to send.
    func machineWithANoteToSend(in temporary: TemporaryFolder) throws -> (String, SyncFolderTests.Machine) {
        let shared = try SyncFolderTests.sharedFolder(temporary)
        let wall = Int64(date.timeIntervalSince1970 * 1000)
        try (JournalLine.header(machine: "m1", role: .journal) + line(.note, "s9", #"{"text":"from m1"}"#, wall: wall, machine: "m1"))
            .write(toFile: shared + "/m1.journal", atomically: true, encoding: .utf8)
        let b = try SyncFolderTests.machine("b", in: temporary, folder: shared)
        try b.edit(.setNote(session: "s1", text: "made here"), at: date)
        return (shared, b)
    }

    /// Waits until the exchange of `store` under way has ended: it holds the store's sync-folder lock while it runs.
    static func waitForExchange(of store: ConferenceStore) {
        let fd = open(store.path + ".folder-lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        flock(fd, LOCK_UN)
    }
}

/// A gate a test's code stops at until the test lets it go; its first caller stops, later ones pass.
final class Stall: Sendable {
    private let state = Locked((stopped: false, released: false))
    private let changed = LockCondition()

    /// Stops the first caller until ``release()``; the date it returns is now.
    func wait() -> Date {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first { state.wait(on: changed) { $0.released } }
        return Date()
    }

    func release() {
        state.withLock { $0.released = true }
        changed.broadcast()
    }
}
