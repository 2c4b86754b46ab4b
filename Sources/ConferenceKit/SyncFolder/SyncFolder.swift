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

    /// What the folder holds.
    struct Contents {
        var changes: [PersonalChange] = []
        /// Files read, conflict copies counted.
        var files = 0
        var conflictCopies = 0
        /// Files that could not be read, or held lines that are not changes, with why.
        var damage: [String] = []
        /// Whole lines of this machine's own journal.
        var ownJournalLines = 0
        /// The bytes of this machine's own journal and snapshot.
        var ownBytes = 0
    }

    /// Reads every machine's files, this one's too; a file that cannot be read is reported, not raised.
    func readAll() throws -> Contents {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        } catch {
            throw (try? checkReachable()).map { SyncFolderError.unreadable(path: path, reason: error.localizedDescription) } ?? error
        }
        var contents = Contents()
        for name in names {
            guard let file = SyncFolderFileName.parse(name) else { continue }
            let data: Data
            do {
                data = try Self.readRegularFile(path + "/" + name)
            } catch {
                contents.damage.append("\(name): \(error.localizedDescription)")
                continue
            }
            let reading = JournalLine.read(data)
            contents.files += 1
            if file.isConflictCopy { contents.conflictCopies += 1 }
            if file.machine == machine, !file.isConflictCopy {
                contents.ownBytes += data.count
                if file.role == .journal { contents.ownJournalLines = reading.lines }
            }
            if reading.damaged > 0 { contents.damage.append("\(name): \(reading.damaged) unreadable line\(reading.damaged == 1 ? "" : "s") skipped") }
            if reading.unusableIDs > 0 { contents.damage.append("\(name): " + Quantity.text(reading.unusableIDs, "change") + " with an unusable id skipped") }
            contents.changes += reading.changes
        }
        return contents
    }

    /// Appends `changes` to this machine's journal as whole lines in one write, flushed to the disk
    /// before it returns (a header first when the journal is new).
    func append(_ changes: [PersonalChange]) throws {
        guard !changes.isEmpty else { return }
        let fd = open(journalPath, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw SyncFolderError.writeFailed(path: journalPath, reason: Self.errnoText()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw SyncFolderError.writeFailed(path: journalPath, reason: "not a regular file")
        }
        // A journal cut short by a crash in an earlier write ends without a newline: start on a fresh line.
        var text = info.st_size == 0 ? JournalLine.header(machine: machine, role: .journal) : (Self.endsWithNewline(fd, size: info.st_size) ? "" : "\n")
        text += changes.map(JournalLine.encode).joined()
        try Self.writeAll(fd, Data(text.utf8), path: journalPath)
        guard fsync(fd) == 0 else { throw SyncFolderError.writeFailed(path: journalPath, reason: Self.errnoText()) }
    }

    /// Writes `state` (the latest change of every item, with its clock) as this machine's snapshot
    /// and empties its journal, each file replaced whole by a rename; the snapshot first, so a
    /// crash between the two leaves changes twice, never none.
    func compact(state: [PersonalChange]) throws {
        try replace(snapshotPath, with: JournalLine.header(machine: machine, role: .snapshot) + state.map(JournalLine.encode).joined())
        try replace(journalPath, with: JournalLine.header(machine: machine, role: .journal))
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

    private func replace(_ target: String, with text: String) throws {
        // A dotfile ending in .tmp: readers and a replicator's scan that catches it skip it.
        let temporary = path + "/." + machine + "-" + UUID().uuidString.prefix(8).lowercased() + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw SyncFolderError.writeFailed(path: temporary, reason: Self.errnoText()) }
        do {
            try Self.writeAll(fd, Data(text.utf8), path: temporary)
            guard fsync(fd) == 0 else { throw SyncFolderError.writeFailed(path: temporary, reason: Self.errnoText()) }
            close(fd)
            guard rename(temporary, target) == 0 else { throw SyncFolderError.writeFailed(path: target, reason: Self.errnoText()) }
        } catch {
            close(fd)
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

    /// A regular file's bytes (not a link, a FIFO or a device: opening those could hang or leave the folder).
    private static func readRegularFile(_ path: String) throws -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { throw SyncFolderError.unreadable(path: path, reason: errnoText()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw SyncFolderError.unreadable(path: path, reason: "not a regular file") }
        guard info.st_size <= off_t(maximumFileSize) else { throw SyncFolderError.unreadable(path: path, reason: "larger than 512 MB") }
        var data = Data(count: Int(info.st_size))
        var total = 0
        try data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) in
            while total < buffer.count {
                let count = read(fd, buffer.baseAddress! + total, buffer.count - total)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw SyncFolderError.unreadable(path: path, reason: errnoText())
                }
                if count == 0 { break }
                total += count
            }
        }
        return data.prefix(total)
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
