import ConferenceData
import ConferenceModel
import Foundation
import PlainText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder a replicator (Syncthing, Dropbox, Nextcloud, git) copies between machines, as wwdc
/// uses it: each machine writes only files of its own, named by its machine id, an append-only
/// journal of its changes and a snapshot it compacts the journal into, and reads everyone's.
/// Replicators copy whole files and never merge them, so no file has two writers.
public struct SyncFolder: Sendable {
    public let path: String
    /// This machine's id.
    public let machine: String

    public init(path: String, machine: String) {
        self.path = path
        self.machine = machine
    }

    var journalPath: String { path + "/" + SyncFolderFileName.journal(machine) }
    var snapshotPath: String { path + "/" + SyncFolderFileName.snapshot(machine) }

    /// The largest file read (a snapshot of a very large state is far smaller).
    static let maximumFileSize = 512 << 20

    /// Throws unless the folder is there, a folder, and writable: what writing to it needs.
    public func checkReachable() throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw SyncFolderError.missing(path: path) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw SyncFolderError.notAFolder(path: path) }
        guard access(path, W_OK | X_OK) == 0 else { throw SyncFolderError.notWritable(path: path) }
    }

    /// What reading the folder found, besides its changes.
    struct Reading {
        /// Files read, conflict copies counted.
        var files = 0
        var conflictCopies = 0
        /// Files that could not be read, or held lines that are not changes, with why (names cleaned for printing).
        var damage: [String] = []
        /// Files that held changes with an unusable id, how many (names cleaned for printing).
        var skipped: [String] = []
        /// Files left unread, over the bytes one sync reads: the next sync reads them first.
        var unread: [String] = []
        /// Bytes read.
        var bytes = 0
        /// Whether this machine's own files were read whole (or are not there): what compacting them needs.
        var ownFilesRead = true
    }

    /// The most bytes of the folder one exchange reads; the files beyond wait for the next.
    public static let maximumBytesRead = 1_000_000_000

    /// Reads every machine's files, this one's too, up to `budget` bytes: this machine's first,
    /// then those named in `first` (left unread by the last exchange), then the others in name
    /// order. Each change goes to `body` as its line is read, so a file is never held whole; a file
    /// that cannot be read is reported, not raised. `limit` hears of each piece read.
    func read(budget: Int = maximumBytesRead, first: [String] = [], limit: TimeLimited<SyncFolderReport> = .unlimited,
              _ body: (PersonalChange) throws -> Void) throws -> Reading {
        let listed: [String]
        do {
            listed = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw (try? checkReachable()).map { SyncFolderError.unreadable(path: path, reason: error.localizedDescription) } ?? error
        }
        let files = listed.compactMap { name in SyncFolderFileName.parse(name).map { (name: name, file: $0) } }
        let own = Set(ownFileNames)
        let firstOrder = Dictionary(first.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: min)
        let ordered = files.sorted { a, b in
            let rankA = own.contains(a.name) ? -1 : firstOrder[a.name] ?? Int.max
            let rankB = own.contains(b.name) ? -1 : firstOrder[b.name] ?? Int.max
            return rankA != rankB ? rankA < rankB : a.name < b.name
        }
        var reading = Reading()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readSize, alignment: 16)
        defer { buffer.deallocate() }
        for (name, file) in ordered {
            let shown = TextSanitizer.singleLine.sanitize(name)
            let isOwn = own.contains(name)
            let fd = open(path + "/" + name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard fd >= 0 else {
                reading.damage.append("\(shown): " + Self.errnoText())
                if isOwn { reading.ownFilesRead = false }
                continue
            }
            defer { close(fd) }
            var info = stat()
            // A regular file only: not a link, a FIFO or a device (opening those could hang or leave the folder).
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= off_t(Self.maximumFileSize) else {
                reading.damage.append("\(shown): " + (info.st_mode & S_IFMT == S_IFREG ? "larger than 512 MB" : "not a regular file"))
                if isOwn { reading.ownFilesRead = false }
                continue
            }
            guard reading.bytes + Int(info.st_size) <= budget else {
                reading.unread.append(name)
                if isOwn { reading.ownFilesRead = false }
                continue
            }
            var splitter = JournalLine.Splitter()
            var damaged = 0
            var unusableIDs = 0
            var total = 0
            var failure: String?
            while true {
                let count = Self.readSome(fd, buffer.baseAddress!, buffer.count)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = Self.errnoText()
                    break
                }
                if count == 0 { break }
                total += count
                try limit.progressed()
                try splitter.feed(UnsafeRawBufferPointer(rebasing: buffer[..<count])) { parsed in
                    switch parsed {
                    case .change(let change): try body(change)
                    case .header, .empty: break
                    case .damaged: damaged += 1
                    case .unusableID: unusableIDs += 1
                    }
                }
            }
            reading.bytes += total
            if let failure {
                reading.damage.append("\(shown): " + failure)
                if isOwn { reading.ownFilesRead = false }
                continue
            }
            reading.files += 1
            if file.isConflictCopy { reading.conflictCopies += 1 }
            if damaged > 0 { reading.damage.append("\(shown): \(Quantity.text(damaged, "unreadable line")) skipped") }
            if unusableIDs > 0 { reading.skipped.append("\(shown): " + Quantity.text(unusableIDs, "change") + " with an unusable id") }
        }
        return reading
    }

    /// How much of a file is read at a time, and the most of a journal written at a time.
    private static let readSize = 1 << 20

    /// Appends `changes` to this machine's journal as whole lines in one write, flushed to the disk
    /// before it returns (a header first when the journal is new).
    func append(_ changes: [PersonalChange]) throws {
        guard !changes.isEmpty else { return }
        try append { emit in
            for change in changes { try emit(change) }
        }
    }

    /// Appends the changes `produce` hands its `emit` to this machine's journal as whole lines, in
    /// one write when they fit in a megabyte (else a megabyte at a time), flushed to the disk
    /// before it returns (a header first when the journal is new). No change, no file.
    func append(_ produce: (_ emit: (PersonalChange) throws -> Void) throws -> Void) throws {
        var fd: Int32 = -1
        defer { if fd >= 0 { close(fd) } }
        var text = ""
        func flush() throws {
            if fd < 0 {
                fd = open(journalPath, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
                guard fd >= 0 else { throw SyncFolderError.writeFailed(path: journalPath, reason: Self.errnoText()) }
                var info = stat()
                guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                    throw SyncFolderError.writeFailed(path: journalPath, reason: "not a regular file")
                }
                // A journal cut short by a crash in an earlier write ends without a newline: start on a fresh line.
                text = (info.st_size == 0 ? JournalLine.header(machine: machine, role: .journal)
                        : Self.endsWithNewline(fd, size: info.st_size) ? "" : "\n") + text
            }
            try Self.writeAll(fd, Data(text.utf8), path: journalPath)
            text = ""
        }
        try produce { change in
            text += JournalLine.encode(change)
            if text.utf8.count >= Self.readSize { try flush() }
        }
        if !text.isEmpty { try flush() }
        guard fd >= 0 else { return }
        guard fsync(fd) == 0 else { throw SyncFolderError.writeFailed(path: journalPath, reason: Self.errnoText()) }
    }

    /// Writes the state `produce` hands its `emit` (the latest change of every item, with its
    /// clock) as this machine's snapshot and empties its journal, each file replaced whole by a
    /// rename; the snapshot first, so a crash between the two leaves changes twice, never none.
    func compact(_ produce: (_ emit: (PersonalChange) throws -> Void) throws -> Void) throws {
        try replace(snapshotPath) { fd, temporary in
            var text = JournalLine.header(machine: machine, role: .snapshot)
            try produce { change in
                text += JournalLine.encode(change)
                if text.utf8.count >= Self.readSize {
                    try Self.writeAll(fd, Data(text.utf8), path: temporary)
                    text = ""
                }
            }
            try Self.writeAll(fd, Data(text.utf8), path: temporary)
        }
        try replace(journalPath) { fd, temporary in
            try Self.writeAll(fd, Data(JournalLine.header(machine: machine, role: .journal).utf8), path: temporary)
        }
    }

    /// Writes `state` as this machine's snapshot and empties its journal (``compact(_:)``).
    func compact(state: [PersonalChange]) throws {
        try compact { emit in
            for change in state { try emit(change) }
        }
    }

    /// The bytes of this machine's journal and snapshot in the folder, and whether its journal
    /// holds more than its header.
    func ownFileSizes() -> (bytes: Int, journalHoldsChanges: Bool) {
        var journal = stat(), snapshot = stat()
        let journalBytes = stat(journalPath, &journal) == 0 ? Int(journal.st_size) : 0
        let snapshotBytes = stat(snapshotPath, &snapshot) == 0 ? Int(snapshot.st_size) : 0
        return (journalBytes + snapshotBytes, journalBytes > JournalLine.header(machine: machine, role: .journal).utf8.count)
    }

    /// Whether this machine has a journal or a snapshot in the folder.
    var hasOwnFiles: Bool {
        var info = stat()
        return lstat(journalPath, &info) == 0 || lstat(snapshotPath, &info) == 0
    }

    /// The bytes this machine's files take in the folder, and the bytes a snapshot of `state` takes.
    public func sizes(state: [PersonalChange]) -> (files: Int, state: Int) {
        let files = [journalPath, snapshotPath].reduce(0) { total, path in
            var info = stat()
            return total + (stat(path, &info) == 0 ? Int(info.st_size) : 0)
        }
        return (files, JournalLine.header(machine: machine, role: .snapshot).utf8.count + state.reduce(0) { $0 + JournalLine.encode($1).utf8.count })
    }

    /// The paths of this machine's own files, relative to the folder.
    var ownFileNames: [String] { [SyncFolderFileName.journal(machine), SyncFolderFileName.snapshot(machine)] }

    /// Replaces `target` whole with what `write` writes to a temporary file (flushed, then renamed over it).
    private func replace(_ target: String, write: (_ fd: Int32, _ temporary: String) throws -> Void) throws {
        // A dotfile ending in .tmp: readers and a replicator's scan that catches it skip it.
        let temporary = path + "/." + machine + "-" + UUID().uuidString.prefix(8).lowercased() + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw SyncFolderError.writeFailed(path: temporary, reason: Self.errnoText()) }
        var isOpen = true
        do {
            try write(fd, temporary)
            guard fsync(fd) == 0 else { throw SyncFolderError.writeFailed(path: temporary, reason: Self.errnoText()) }
            close(fd)
            isOpen = false
            guard rename(temporary, target) == 0 else { throw SyncFolderError.writeFailed(path: target, reason: Self.errnoText()) }
        } catch {
            if isOpen { close(fd) }
            unlink(temporary)
            throw error
        }
        let directory = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    private static func endsWithNewline(_ fd: Int32, size: off_t) -> Bool {
        var byte: UInt8 = 0
        return pread(fd, &byte, 1, size - 1) == 1 && byte == 0x0a
    }

    private static func writeAll(_ fd: Int32, _ data: Data, path: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw SyncFolderError.writeFailed(path: path, reason: errnoText())
                }
                offset += written
            }
        }
    }

    private static func readSome(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
        #else
        Darwin.read(fd, buffer, count)
        #endif
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
