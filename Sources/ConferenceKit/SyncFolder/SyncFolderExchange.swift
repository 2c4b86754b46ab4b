import Foundation
import PlainText
import SQLiteDatabase
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The exchange between a store and a sync folder: the changes made here go out to this machine's
/// journal, every machine's files come in and are merged (last writer wins per kind and key, by
/// hybrid logical clock), and a long journal is compacted. Synchronous: the operations run it
/// within a time limit. One exchange per store at a time, across processes (a lock beside the store).
public struct SyncFolderExchange: Sendable {
    public let folder: SyncFolder
    public let store: ConferenceStore
    public let now: @Sendable () -> Date

    public init(folder: SyncFolder, store: ConferenceStore, now: @escaping @Sendable () -> Date = Date.init) {
        self.folder = folder
        self.store = store
        self.now = now
    }

    /// How far ahead of this machine's clock a change may be dated and still be taken now.
    static let maximumDrift: TimeInterval = 24 * 3600
    private static let clockSetting = "sync-folder-clock"
    /// How much larger than a snapshot of the state this machine's files may grow before a sync compacts them.
    static let compactionRatio = 1.5

    /// Writes the changes made here that the folder lacks; with git, commits and pushes them.
    public func push() throws -> SyncFolderReport {
        try folder.checkReachable()
        return try locked {
            var report = SyncFolderReport()
            report.sent = try send()
            if report.sent > 0, let git = GitReplica.find(folder: folder.path) {
                report.git = true
                try git.commit(folder.ownFileNames, machine: folder.machine)
                try git.push()
            }
            return report
        }
    }

    /// The whole exchange: send, pull (git), read every machine's files, merge, compact, push (git).
    public func run() throws -> SyncFolderReport {
        try folder.checkReachable()
        return try locked {
            var report = SyncFolderReport()
            let git = GitReplica.find(folder: folder.path)
            if let git {
                report.git = true
                try git.commit(folder.ownFileNames, machine: folder.machine)
                try git.pull()
            }
            report.sent = try send()
            let contents = try folder.readAll()
            report.filesRead = contents.files
            report.conflictCopies = contents.conflictCopies
            report.damage = contents.damage
            try merge(contents.changes, into: &report)
            // The journal is folded into the snapshot once this machine's files (with changes in the
            // journal) take more than 1.5 times what a snapshot of the state would: after a sync, they
            // never take twice as much.
            if contents.ownJournalLines > 1,
               try Double(contents.ownBytes) > Self.compactionRatio * Double(store.read { try $0.clockedPersonalStateBytes() }) {
                try folder.compact(state: try store.read { try $0.allPersonalChanges() }.filter { !$0.clock.isEmpty })
                report.compacted = true
            }
            if let git {
                try git.commit(folder.ownFileNames, machine: folder.machine)
                try git.push()
            }
            return report
        }
    }

    /// Stamps the changes made here with the clock and appends them to this machine's journal.
    private func send() throws -> Int {
        try store.write { db in
            let changes = try db.unclockedPersonalChanges()
            guard !changes.isEmpty else { return 0 }
            var last = try db.setting(Self.clockSetting).flatMap(HybridTimestamp.init)
            var stamped: [PersonalChange] = []
            for var change in changes {
                // At the moment it was made, but never before anything this machine made or saw.
                let moment = HybridTimestamp.next(after: last, now: change.changedAt, machine: folder.machine)
                change.clock = moment.description
                last = moment
                stamped.append(change)
            }
            // Written before the store records it: a crash between sends it twice, never not at all.
            try folder.append(stamped)
            for change in stamped { try db.setClock(change.clock, of: change) }
            if let last { try db.setSetting(Self.clockSetting, to: last.description) }
            return stamped.count
        }
    }

    /// An item: a change's kind and key.
    private struct Item: Hashable {
        var kind: PersonalKind
        var key: String
    }

    /// Applies each item's latest change of the folder that is newer than this store's.
    private func merge(_ changes: [PersonalChange], into report: inout SyncFolderReport) throws {
        let limit = HybridTimestamp(wall: Int64((now().addingTimeInterval(Self.maximumDrift).timeIntervalSince1970 * 1000)), counter: 0,
                                    machine: "").description
        // The index of each item's latest change.
        var latest: [Item: Int] = [:]
        latest.reserveCapacity(changes.count / 4)
        for (index, change) in changes.enumerated() {
            if change.clock > limit {
                report.postponed += 1
                continue
            }
            let item = Item(kind: change.kind, key: change.key)
            if let held = latest[item], changes[held].clock >= change.clock { continue }
            latest[item] = index
        }
        // What each winner sets, its value read once, here (most lines are overtaken, and never read).
        // One that cannot be read gives way to the item's latest change that can.
        var winners: [(change: PersonalChange, content: PersonalChange.Content?)] = []
        winners.reserveCapacity(latest.count)
        var unreadable: [Item: [Int]] = [:]
        for (item, index) in latest {
            let content = changes[index].content
            if let content, PersonalChange.isUsable(content) {
                winners.append((changes[index], content))
            } else {
                unreadable[item] = []
            }
        }
        if !unreadable.isEmpty {
            for (index, change) in changes.enumerated() where change.clock <= limit {
                unreadable[Item(kind: change.kind, key: change.key)]?.append(index)
            }
            for (_, indices) in unreadable {
                for index in indices.sorted(by: { changes[$0].clock > changes[$1].clock }) {
                    if let content = changes[index].content, PersonalChange.isUsable(content) {
                        winners.append((changes[index], content))
                        break
                    }
                }
            }
            report.damage.append(Quantity.text(unreadable.count, "change") + " whose value cannot be read skipped")
        }
        try store.write { db in
            let clocks = try db.personalClocks()
            var machines = Set<String>()
            var last = try db.setting(Self.clockSetting).flatMap(HybridTimestamp.init)
            var received: [(change: PersonalChange, content: PersonalChange.Content?)] = []
            for winner in winners {
                let change = winner.change
                let mine = clocks[change.kind]?[change.key]
                // Not here, or older here; a change made here and not yet sent ("") is newer than any.
                guard mine == nil || (mine != "" && mine! < change.clock) else { continue }
                received.append(winner)
                if let moment = HybridTimestamp(change.clock) {
                    machines.insert(moment.machine)
                    if last == nil || moment > last! { last = HybridTimestamp(wall: moment.wall, counter: moment.counter, machine: folder.machine) }
                }
            }
            // In clock order, so their versions here follow it.
            received.sort { ($0.change.clock, $0.change.kind.rawValue, $0.change.key) < ($1.change.clock, $1.change.kind.rawValue, $1.change.key) }
            try db.applyReceived(received)
            report.received = received.count
            report.machines = machines.count
            if let last { try db.setSetting(Self.clockSetting, to: last.description) }
        }
    }

    /// Runs `body` holding the store's sync-folder lock (waiting for another process's exchange).
    private func locked<T>(_ body: () throws -> T) throws -> T {
        let path = store.path + ".folder-lock"
        let fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileAccessError.cannotLock(path: path, reason: SyncFolder.errnoText()) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw FileAccessError.cannotLock(path: path, reason: SyncFolder.errnoText()) }
        }
        return try body()
    }
}
