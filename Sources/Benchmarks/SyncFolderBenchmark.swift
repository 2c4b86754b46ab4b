import ConferenceData
import ConferenceModel
import PersonalSync
import Foundation
import SQLiteDatabase
import TestSupport

/// The sync folder's figures: a machine merging the journals of 10 machines of 10,000 changes each,
/// written by wwdc's own exchange as the commands write them (each batch saved in the machine's
/// store, then pushed: one appended, fsynced write); and the size of a machine's files in the folder
/// against its state, after each of its syncs.
enum SyncFolderBenchmark {
    static func run(machines: Int = 10, changes: Int = 10_000, batch: Int = 100, laterRounds: Int = 3) throws {
        let folder = try TemporaryDirectory("wwdc-sync-folder-bench")
        defer { folder.remove() }
        try run(in: folder.url.path, machines: machines, changes: changes, batch: batch, laterRounds: laterRounds)
    }

    /// Writes the ten machines' folder and stores in `root` (`shared/`, `bench-NN.sqlite`) and stops:
    /// what `merge(in:)` merges again and again under a profiler.
    static func make(in root: String) throws {
        try run(in: root, machines: 10, changes: 10_000, batch: 100, laterRounds: nil)
    }

    /// A new machine merging the folder `make(in:)` wrote, `times` times (a new store each time).
    static func merge(in root: String, times: Int) throws {
        let shared = root + "/shared"
        for round in 0..<times {
            let path = root + "/merge-\(round).sqlite"
            let store = try ConferenceStore(path: path)
            let begin = Date()
            let cpu = Self.cpuSeconds()
            let report = try SyncFolderExchange(folder: SyncFolder(path: shared, machine: "bench-new"), store: store).run()
            print(String(format: "merged %d changes: %.3f s, %.3f s of CPU", report.received, Date().timeIntervalSince(begin), Self.cpuSeconds() - cpu))
            for suffix in ["", "-wal", "-shm", ".folder-lock"] { unlink(path + suffix) }
        }
    }

    private static func run(in root: String, machines: Int, changes: Int, batch: Int, laterRounds: Int?) throws {
        let folder = URL(fileURLWithPath: root)
        let shared = folder.appendingPathComponent("shared").path
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        var random = SplitMix(seed: 24)
        let ids = (0..<machines).map { String(format: "bench-%02d", $0) }
        let stores = try ids.map { try ConferenceStore(path: folder.appendingPathComponent($0 + ".sqlite").path) }
        // Each machine's clock is up to half an hour off.
        let skews = (0..<machines).map { _ in Double(random.next(upTo: 3600)) - 1800 }
        let start = Date().addingTimeInterval(-7 * 86400)
        var minute = 0.0
        func exchange(_ machine: Int) -> SyncFolderExchange {
            let now = start.addingTimeInterval(minute * 60 + skews[machine])
            return SyncFolderExchange(folder: SyncFolder(path: shared, machine: ids[machine]), store: stores[machine], now: { now })
        }
        func edits(_ machine: Int, _ count: Int) throws {
            let now = start.addingTimeInterval(minute * 60 + skews[machine])
            var generator = random
            // Until `count` changes wait to be sent: an edit can write nothing (unwatching what was not
            // watched), and a later change of the same item replaces the one before it.
            try stores[machine].write { db in
                var index = 0
                while try db.unclockedPersonalChanges().count < count {
                    try Self.edit(db, &generator, at: now.addingTimeInterval(Double(index) / 10))
                    index += 1
                }
            }
            random = generator
        }

        for _ in 0..<(changes / batch) {
            minute += 1
            for machine in 0..<machines {
                try edits(machine, batch)
                _ = try exchange(machine).push()
            }
        }
        guard let laterRounds else { return }
        let lines = try FileManager.default.contentsOfDirectory(atPath: shared).reduce(0) { total, name in
            total + (try String(contentsOfFile: shared + "/" + name, encoding: .utf8)).utf8.filter { $0 == 0x0a }.count
        }

        // A new machine joins: it reads every journal and takes every item.
        let newcomer = try ConferenceStore(path: folder.appendingPathComponent("new.sqlite").path)
        var begin = Date()
        var cpu = Self.cpuSeconds()
        let joinNow = start.addingTimeInterval(minute * 60)
        _ = try SyncFolderExchange(folder: SyncFolder(path: shared, machine: "bench-new"), store: newcomer, now: { joinNow }).run()
        let joinTime = Date().timeIntervalSince(begin)
        let joinCPU = Self.cpuSeconds() - cpu
        let items = try newcomer.read { try $0.allPersonalChanges().count }
        print(String(format: "outbox: sync folder: a new machine merging %d machines × %d changes (%d journal lines, %d items): %.3f s, %.3f s of CPU (%@)",
                     machines, changes, lines, items, joinTime, joinCPU, Goal.seconds(below: 1).verdict(joinTime)))
        // One of the ten: its own changes are in, the others' are merged, and its journal is compacted.
        begin = Date()
        cpu = Self.cpuSeconds()
        let merged = try exchange(0).run()
        let mergeTime = Date().timeIntervalSince(begin)
        print(String(format: "outbox: sync folder: one of them merging the other %d (%d changes received, journal %@): %.3f s, %.3f s of CPU (%@)",
                     machines - 1, merged.received, merged.compacted ? "compacted" : "kept", mergeTime, Self.cpuSeconds() - cpu,
                     Goal.seconds(below: 1).verdict(mergeTime)))

        // Then every machine syncs, and goes on making changes and syncing: its files against its state after each sync.
        var worst = 0.0
        var syncs = 0
        for round in 0...laterRounds {
            for machine in 0..<machines {
                if round > 0 {
                    minute += 1
                    try edits(machine, changes / 10)
                    _ = try exchange(machine).push()
                }
                _ = try exchange(machine).run()
                syncs += 1
                let state = try stores[machine].read { try $0.allPersonalChanges() }.filter { !$0.clock.isEmpty }
                let size = SyncFolder(path: shared, machine: ids[machine]).sizes(state: state)
                worst = max(worst, Double(size.files) / Double(max(size.state, 1)))
            }
        }
        print(String(format: "outbox: sync folder: %d machines' files after each of %d syncs: at most %.2fx the size of their state (goal < 2x: %@)",
                     machines, syncs, worst, worst < 2 ? "met" : "missed"))

        // The worst case for the journal: one machine changing a few items over and over, syncing after each batch.
        let alone = SyncFolder(path: folder.appendingPathComponent("alone").path, machine: "bench-alone")
        try FileManager.default.createDirectory(atPath: alone.path, withIntermediateDirectories: true)
        let store = try ConferenceStore(path: folder.appendingPathComponent("alone.sqlite").path)
        var heaviest = 0.0
        var compactions = 0
        for round in 0..<(changes / batch) {
            let now = start.addingTimeInterval(Double(round) * 60)
            try store.write { db in
                for index in 0..<batch {
                    _ = try db.edit(.recordPosition(session: "wwdc2026-\(100 + (round * batch + index) % 300)", position: Double(index), duration: 3000),
                                    at: now.addingTimeInterval(Double(index) / 10))
                }
            }
            if try SyncFolderExchange(folder: alone, store: store, now: { now }).run().compacted { compactions += 1 }
            let state = try store.read { try $0.allPersonalChanges() }.filter { !$0.clock.isEmpty }
            let size = alone.sizes(state: state)
            heaviest = max(heaviest, Double(size.files) / Double(max(size.state, 1)))
        }
        print(String(format: "outbox: sync folder: one machine, %d changes to 300 items, a sync after every %d (%d compactions): its files at most %.2fx the size of its state (goal < 2x: %@)",
                     changes, batch, compactions, heaviest, heaviest < 2 ? "met" : "missed"))
    }

    /// A new machine's `wwdc sync` (the release binary beside this one, a process of its own) merging
    /// a folder of `items` distinct items in about `bytes` bytes, ten machines' journals: its time
    /// and peak resident memory, against the goal (< 128 MB), and the same sync without the folder.
    static func runLarge(items: Int = 1_000_000, bytes: Int = 500_000_000) throws {
        let wwdc = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("wwdc")
        guard FileManager.default.isExecutableFile(atPath: wwdc.path) else {
            print("outbox: sync folder: the release wwdc binary is missing beside Benchmarks (make bench builds it)")
            return
        }
        let root = try TemporaryDirectory("wwdc-sync-folder-large")
        defer { root.remove() }
        let shared = root.url.path + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        let written = try writeLargeFolder(shared, items: items, bytes: bytes)
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").path
        let environment = ["HOME": root.url.path, "XDG_CONFIG_HOME": root.url.path + "/config", "XDG_DATA_HOME": root.url.path + "/data",
                           "WWDC_DB": root.url.path + "/unused.sqlite"]
        let (plainTime, plainPeak) = try SyncBenchmark.timeProcess(wwdc, ["sync", "--source", fixtures, "--db", root.url.path + "/plain.sqlite"],
                                                                    environment: environment)
        let (seconds, peak) = try SyncBenchmark.timeProcess(wwdc, ["sync", "--source", fixtures, "--db", root.url.path + "/merge.sqlite",
                                                                   "--sync-folder", shared], environment: environment)
        let store = try ConferenceStore(path: root.url.path + "/merge.sqlite")
        let merged = try store.read { try $0.allPersonalChanges().count }
        let megabytes = Double(peak) / 1e6
        print(String(format: "outbox: sync folder: a new machine's wwdc sync merging a %.0f MB folder of %d distinct items (%d merged): %.1f s, peak memory %.0f MB (%@); the same sync without the folder: %.1f s, %.0f MB",
                     Double(written) / 1e6, items, merged, seconds, megabytes, Goal.megabytes(below: 128).verdict(megabytes),
                     plainTime, Double(plainPeak) / 1e6))
    }

    /// Writes ten machines' journals of `items` distinct items in all, about `bytes` bytes: a third
    /// positions, a third ratings with long comments, notes and bookmarks; the bytes written.
    static func writeLargeFolder(_ folder: String, items: Int, bytes: Int) throws -> Int {
        let machines = 10
        let wall: Int64 = 1_767_225_600_000
        // What a line holds besides its value, and the values' lengths, tuned to `bytes` in all.
        let padding = String(repeating: "what to try in the project next week, and why ", count: 40)
        var random = SplitMix(seed: 500)
        var total = 0
        for machine in 0..<machines {
            let id = String(format: "b000000000000%03d", machine)
            let fd = open(folder + "/" + id + ".journal", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
            defer { close(fd) }
            var text = #"{"format":1,"machine":"\#(id)","wwdc":"journal"}"# + "\n"
            let share = items / machines + (machine < items % machines ? 1 : 0)
            for index in 0..<share {
                let item = machine * (items / machines + 1) + index
                let clock = HybridTimestamp(wall: wall + Int64(index), counter: 0, machine: id).description
                let key = "wwdc\(2019 + item % 8)-\(item)"
                // Each kind's value as wwdc writes it, escaped once more as the line's string.
                let budget = max(0, bytes / items - 130)
                let kind: String, value: String
                switch item % 10 {
                case 0, 1, 2:
                    kind = "progress"
                    value = #"{\"duration\":3000,\"position\":\#(random.next(upTo: 3000)),\"watched\":false}"#
                case 3, 4, 5:
                    kind = "rating"
                    let comment = String(padding.prefix(min(padding.count, budget * 2 - 120)))
                    value = #"{\"comment\":\"\#(item) \#(comment)\",\"content\":3,\"id\":\"\#(String(format: "00000000-0000-4000-8000-%012d", item))\",\"overall\":4,\"presentation\":null}"#
                case 6, 7:
                    kind = "note"
                    value = #"{\"text\":\"Note \#(item): \#(padding.prefix(min(padding.count, budget + 60)))\"}"#
                default:
                    kind = "bookmark"
                    value = #"{\"created\":1767225600,\"note\":\"here \#(item)\",\"session\":\"\#(key)\",\"time\":\#(random.next(upTo: 3000))}"#
                }
                text += #"{"at":1767225600,"clock":"\#(clock)","key":"\#(key)","kind":"\#(kind)","value":"\#(value)"}"# + "\n"
                if text.utf8.count > 1 << 20 {
                    total += try writeAll(fd, text)
                    text = ""
                }
            }
            total += try writeAll(fd, text)
        }
        return total
    }

    private static func writeAll(_ fd: Int32, _ text: String) throws -> Int {
        let data = Array(text.utf8)
        var offset = 0
        while offset < data.count {
            let count = data[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { throw CocoaError(.fileWriteUnknown) }
            offset += count
        }
        return data.count
    }

    /// One change such as the commands make: mostly playback positions, then watched marks,
    /// favorites, notes, bookmarks and ratings, on a few years' sessions.
    static func edit(_ db: Database, _ random: inout SplitMix, at date: Date) throws {
        let number = Int(random.next(upTo: 3000))
        let session = "wwdc\(2019 + number % 8)-\(100 + number / 8)"
        switch random.next(upTo: 100) {
        case 0..<55:
            _ = try db.edit(.recordPosition(session: session, position: Double(random.next(upTo: 3000)), duration: 3000), at: date)
        case 55..<65:
            _ = try db.edit(random.next(upTo: 3) == 0 ? .markUnwatched([session]) : .markWatched([session]), at: date)
        case 65..<75:
            try db.setFavorite(sessionID: session, random.next(upTo: 4) != 0, syncState: .local, at: date)
        case 75..<85:
            _ = try db.edit(random.next(upTo: 4) == 0 ? .clearNote(session: session)
                            : .setNote(session: session, text: "Note \(random.next(upTo: 1_000_000)): what to try in the project next week"), at: date)
        case 85..<93:
            _ = try db.edit(.addBookmark(session: session, time: Double(random.next(upTo: 3000)), note: "here"), at: date)
        default:
            try db.saveFeedback(Feedback(sessionID: session, overall: 1 + Int(random.next(upTo: 5)), content: 1 + Int(random.next(upTo: 5)),
                                         comment: "Rated \(random.next(upTo: 1000))", syncState: .local, createdAt: date))
        }
    }

    /// The CPU time this process has used, user and system: what a loaded machine does not inflate.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// A seeded generator: the same changes on every run.
    struct SplitMix {
        var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next(upTo bound: UInt64) -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return (z ^ (z >> 31)) % bound
        }
    }
}
