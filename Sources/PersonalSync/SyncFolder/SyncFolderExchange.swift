import ConferenceData
import ConferenceModel
import Foundation
import JSON
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
///
/// The first exchange of a store with a folder (a new folder, a folder changed, or one that lost
/// this machine's files) sends the whole personal state, not only what changed since the last.
/// A merge reads the lines as they come and keeps each item's latest change in a database beside
/// the store (``SyncFolderMerge``), and reads at most ``SyncFolder/maximumBytesRead`` of the folder:
/// its memory does not grow with the folder.
public struct SyncFolderExchange: Sendable {
    public let folder: SyncFolder
    public let store: ConferenceStore
    public let now: @Sendable () -> Date
    /// The most bytes of the folder one exchange reads.
    let budget: Int
    /// The most bytes a merge keeps in memory (``SyncFolderMerge``).
    let mergeMemory: Int

    public init(folder: SyncFolder, store: ConferenceStore, now: @escaping @Sendable () -> Date = Date.init) {
        self.init(folder: folder, store: store, now: now, budget: SyncFolder.maximumBytesRead)
    }

    init(folder: SyncFolder, store: ConferenceStore, now: @escaping @Sendable () -> Date = Date.init, budget: Int,
         mergeMemory: Int = SyncFolderMerge.memoryLimit) {
        self.folder = folder
        self.store = store
        self.now = now
        self.budget = budget
        self.mergeMemory = mergeMemory
    }

    /// How far ahead of this machine's clock a change may be dated and still be taken now.
    static let maximumDrift: TimeInterval = 24 * 3600
    private static let clockSetting = "sync-folder-clock"
    /// The folder this store last sent its whole state to.
    static let folderSetting = "sync-folder"
    /// The files of the folder the last exchange left unread (over its bytes), read first by the next.
    private static let unreadSetting = "sync-folder-unread"
    /// How much larger than a snapshot of the state this machine's files may grow before a sync compacts them.
    static let compactionRatio = 1.5

    /// The folder the store at `store` last sent its whole personal state to (nil: none yet): the
    /// changes with a clock are in that folder, and only there.
    public static func folderHoldingState(of store: ConferenceStore) throws -> String? {
        try store.read { try $0.setting(folderSetting) }
    }

    /// Writes the changes made here that the folder lacks (the whole state, to a folder new to this
    /// store); with git, commits and pushes them.
    public func push() throws -> SyncFolderReport {
        try push(limit: .unlimited)
    }

    /// ``push()`` within `limit`.
    func push(limit: TimeLimited<SyncFolderReport>) throws -> SyncFolderReport {
        try folder.checkReachable()
        return try locked(limit) {
            var report = SyncFolderReport()
            try send(into: &report, limit, next: .git)
            guard report.sent > 0, let git = replica(noting: &report) else { return report }
            try git.commit(folder.ownFileNames, machine: folder.machine, limit: limit)
            try git.push(limit)
            return report
        }
    }

    /// The whole exchange: pull (git), send, read every machine's files, merge, compact, push (git).
    public func run() throws -> SyncFolderReport {
        try run(limit: .unlimited)
    }

    /// ``run()`` within `limit`.
    func run(limit: TimeLimited<SyncFolderReport>) throws -> SyncFolderReport {
        try folder.checkReachable()
        return try locked(limit) {
            var report = SyncFolderReport()
            let git = replica(noting: &report)
            if let git {
                try git.commit(folder.ownFileNames, machine: folder.machine, limit: limit)
                try git.pull(limit)
            }
            try send(into: &report, limit, next: .merge)
            let ownFilesRead = try merge(into: &report, limit)
            // The journal is folded into the snapshot once this machine's files (with changes in the
            // journal) take more than 1.5 times what a snapshot of the state would: after a sync, they
            // never take twice as much. Only when they were read whole: else the store may lack some of it.
            let own = folder.ownFileSizes()
            if ownFilesRead, own.journalHoldsChanges,
               try Double(own.bytes) > Self.compactionRatio * Double(store.read { try $0.clockedPersonalStateBytes() }) {
                try limit.progressed()
                try store.read { db in
                    try folder.compact { emit in try db.forEachClockedPersonalChange(emit) }
                }
                report.compacted = true
            }
            if let git {
                limit.saved(report.stopped(at: .git))
                try git.commit(folder.ownFileNames, machine: folder.machine, limit: limit)
                try git.push(limit)
            }
            return report
        }
    }

    /// The folder's git replica, if git is to be used there; the report says whether it is, and
    /// why not when the folder's repository is refused.
    private func replica(noting report: inout SyncFolderReport) -> GitReplica? {
        switch GitReplica.find(folder: folder.path) {
        case .replica(let git):
            report.git = true
            return git
        case .refused(let refusal):
            report.gitRefused = refusal.description
            return nil
        case .none:
            return nil
        }
    }

    /// Stamps the changes made here with the clock and appends them to this machine's journal; to a
    /// folder this store has not sent its state to (or that lost this machine's files), every
    /// change with a clock goes before them, so the folder gets the whole state.
    /// `limit` is told what was sent, and that `next` is the stage that follows.
    private func send(into report: inout SyncFolderReport, _ limit: TimeLimited<SyncFolderReport>, next: SyncFolderReport.Stage) throws {
        try limit.progressed()
        let hasOwnFiles = folder.hasOwnFiles
        let (sent, previous, isNew, committed) = try store.write { db in
            let previous = try db.setting(Self.folderSetting)
            // This machine's files gone from the folder it wrote them to (deleted, or another folder
            // mounted at the same path): what it wrote there is gone with them.
            let lost = try previous == folder.path && !hasOwnFiles && db.hasPersonalChange(clockedBy: folder.machine)
            let isNew = previous != folder.path || lost
            let changes = try db.unclockedPersonalChanges()
            guard isNew || !changes.isEmpty else { return (0, previous, false, false) }
            // Given up on while it waited for the store: nothing is written.
            try limit.progressed()
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
            var sent = stamped.count
            if isNew {
                try folder.append { emit in
                    try db.forEachClockedPersonalChange { change in
                        try emit(change)
                        sent += 1
                    }
                    for change in stamped { try emit(change) }
                }
                try db.setSetting(Self.folderSetting, to: folder.path)
            } else {
                try folder.append(stamped)
            }
            for change in stamped { try db.setClock(change.clock, of: change) }
            if let last { try db.setSetting(Self.clockSetting, to: last.description) }
            try limit.beginCommit()
            return (sent, previous, isNew, true)
        }
        report.sent = sent
        // Said when the folder changed, or when the state went whole (not for a store with nothing to send).
        let changed = previous != nil && previous != folder.path
        if isNew && (changed || sent > 0) {
            report.newFolder = true
            report.previousFolder = changed ? previous : nil
        }
        if committed { limit.saved(sent > 0 ? report.stopped(at: next) : nil) }
    }

    /// Reads the folder (within the budget) and applies each item's latest change that is newer
    /// than this store's, in one transaction; whether this machine's own files were read whole.
    private func merge(into report: inout SyncFolderReport, _ limit: TimeLimited<SyncFolderReport>) throws -> Bool {
        let horizon = HybridTimestamp(wall: Int64((now().addingTimeInterval(Self.maximumDrift).timeIntervalSince1970 * 1000)), counter: 0,
                                      machine: "").description
        let merge = SyncFolderMerge(storePath: store.path, horizon: horizon, memoryLimit: mergeMemory)
        defer { merge.close() }
        let unreadBefore = try store.read { try $0.setting(Self.unreadSetting) }.map(Self.names(from:)) ?? []
        let reading = try folder.read(budget: budget, first: unreadBefore, limit: limit) { try merge.add($0) }
        report.filesRead = reading.files
        report.conflictCopies = reading.conflictCopies
        report.damage = reading.damage
        report.skipped = reading.skipped
        report.unread = reading.unread.map { TextSanitizer.singleLine.sanitize($0) }
        report.postponed = merge.postponed
        let unreadable = try merge.unreadableItems()
        if unreadable > 0 { report.skipped.append(Quantity.text(unreadable, "change") + " with an unusable value") }
        let (received, machines) = try store.write { db in
            var received = 0
            var latest: String?
            // In clock order, so their versions here follow it.
            try merge.forEachWinner { batch in
                try limit.progressed()
                var taken: [(change: PersonalChange, content: PersonalChange.Content?)] = []
                taken.reserveCapacity(batch.count)
                for (winner, mine) in zip(batch, try db.personalClocks(of: batch.map(\.change))) {
                    let change = winner.change
                    // Not here, or older here; a change made here and not yet sent ("") is newer than any.
                    guard mine == nil || (mine != "" && mine! < change.clock) else { continue }
                    taken.append((change, winner.content ?? change.content))
                    // A clock read from a file is in its canonical form: the machine from its 27th character.
                    try merge.received(from: String(decoding: change.clock.utf8.dropFirst(26), as: UTF8.self))
                    latest = change.clock
                }
                try db.applyReceived(taken)
                received += taken.count
            }
            // This machine's clock moves past the latest received.
            if let moment = latest.flatMap(HybridTimestamp.init) {
                let last = try db.setting(Self.clockSetting).flatMap(HybridTimestamp.init)
                if last == nil || moment > last! {
                    try db.setSetting(Self.clockSetting, to: HybridTimestamp(wall: moment.wall, counter: moment.counter, machine: folder.machine).description)
                }
            }
            try db.setSetting(Self.unreadSetting, to: Self.text(of: reading.unread))
            try limit.beginCommit()
            return (received, try merge.machines())
        }
        report.received = received
        report.machines = machines
        limit.saved(report.stopped(at: .compaction))
        return reading.ownFilesRead
    }

    /// File names kept as a JSON array (a name may hold any character but `/` and NUL).
    private static func text(of names: [String]) -> String {
        JSONValue.array(names.map(JSONValue.string)).serialized
    }

    /// The names `text` holds; none when it is not a list of names.
    private static func names(from text: String) -> [String] {
        guard let items = (try? JSONValue.parse(text))?.arrayValue else { return [] }
        let names = items.compactMap(\.stringValue)
        return names.count == items.count ? names : []
    }

    /// Runs `body` holding the store's sync-folder lock (waiting for another process's exchange).
    private func locked<T>(_ limit: TimeLimited<SyncFolderReport>, _ body: () throws -> T) throws -> T {
        let path = store.path + ".folder-lock"
        let fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileAccessError.cannotLock(path: path, reason: SyncFolder.errnoText()) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw FileAccessError.cannotLock(path: path, reason: SyncFolder.errnoText()) }
        }
        // Given up on while it waited: nothing is done.
        try limit.progressed()
        return try body()
    }
}
