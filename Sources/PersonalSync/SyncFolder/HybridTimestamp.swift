import ConferenceData
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A moment on a hybrid logical clock: wall time in milliseconds, a counter for changes within
/// one millisecond (or made while this machine's clock is behind one it has heard from), and the
/// machine that made the change, which breaks ties. Ordered field by field, and so is its text
/// (fixed-width numbers), which is how the store and the journals keep it.
///
/// Each machine takes its next moment above both its wall clock and every moment it has seen, so
/// a machine whose clock is behind still orders its own changes after what it has received, and
/// clock skew between machines cannot reorder one machine's own changes.
public struct HybridTimestamp: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var wall: Int64
    public var counter: Int
    public var machine: String

    public init(wall: Int64, counter: Int, machine: String) {
        self.wall = wall
        self.counter = counter
        self.machine = machine
    }

    /// `000001767225600000-000000-<machine>`: sorts as the moment does.
    public var description: String {
        Self.padded(wall, 18) + "-" + Self.padded(Int64(counter), 6) + "-" + machine
    }

    /// Reads the text form; nil for anything else (a hostile or damaged journal's clock).
    public init?(_ text: String) {
        let parts = text.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 18, parts[1].count == 6, let wall = Int64(parts[0]), let counter = Int(parts[1]),
              wall >= 0, counter >= 0, MachineID.isValid(String(parts[2])) else { return nil }
        self.init(wall: wall, counter: counter, machine: String(parts[2]))
    }

    /// Whether `text` is a moment's text exactly as ``description`` writes it (18 digits, 6 digits,
    /// a machine id), checked without reading it.
    public static func isCanonical(_ text: String) -> Bool {
        // Byte by byte over the string's own storage: a merge checks every clock of every journal.
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count > 26, bytes.count - 26 <= 64 else { return false }
            for offset in 0..<26 {
                let byte = bytes[offset]
                if offset == 18 || offset == 25 {
                    guard byte == UInt8(ascii: "-") else { return false }
                } else {
                    guard byte &- UInt8(ascii: "0") < 10 else { return false }
                }
            }
            guard bytes[26] != UInt8(ascii: "-") else { return false }
            for offset in 26..<bytes.count where !MachineID.isAllowed(bytes[offset]) { return false }
            return true
        }
    }

    public static func < (lhs: HybridTimestamp, rhs: HybridTimestamp) -> Bool {
        (lhs.wall, lhs.counter, lhs.machine) < (rhs.wall, rhs.counter, rhs.machine)
    }

    /// The moment of a change made at `now` by `machine`, after `last` (the latest moment this
    /// machine has made or seen).
    public static func next(after last: HybridTimestamp?, now: Date, machine: String) -> HybridTimestamp {
        let wall = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        guard let last, last.wall >= wall else { return HybridTimestamp(wall: max(wall, 0), counter: 0, machine: machine) }
        return last.counter >= 999_999
            ? HybridTimestamp(wall: last.wall + 1, counter: 0, machine: machine)
            : HybridTimestamp(wall: last.wall, counter: last.counter + 1, machine: machine)
    }

    private static func padded(_ number: Int64, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// This machine's name in a sync folder: made once at random, kept in the config folder.
public enum MachineID {
    /// A new machine id: 16 lowercase hexadecimal digits.
    public static func make() -> String {
        (0..<8).map { _ in String(UInt8.random(in: 0...255), radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    }

    /// Whether `text` is a machine id this program may name files after: 1 to 64 lowercase letters,
    /// digits and dashes, not starting with a dash or a dot.
    public static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64 && text.first != "-" && text.utf8.allSatisfy(isAllowed)
    }

    /// Whether `byte` may be in a machine id: a lowercase letter, a digit or a dash.
    static func isAllowed(_ byte: UInt8) -> Bool { (0x61...0x7a).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2d }
}

extension MachineID {
    /// This machine's id, kept in `<config folder>/wwdc/machine-id` (0600, in a 0700 folder): read,
    /// or made and written the first time. A file that does not hold a usable id is replaced.
    public static func load(folders: UserFolders) throws -> String {
        let folder = folders.configFolder
        let file = folder.appendingPathComponent("machine-id")
        if let text = try? String(contentsOf: file, encoding: .utf8), isValid(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let id = make()
            let temporary = folder.appendingPathComponent(".machine-id-" + id + ".tmp")
            guard FileManager.default.createFile(atPath: temporary.path, contents: Data((id + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
                throw SyncFolderError.writeFailed(path: file.path, reason: "cannot create it")
            }
            // Another wwdc starting at the same moment may have written one: the first stays.
            if link(temporary.path, file.path) != 0 {
                if let text = try? String(contentsOf: file, encoding: .utf8), isValid(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                    unlink(temporary.path)
                    return text.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                // A file that holds no usable id: replaced.
                guard rename(temporary.path, file.path) == 0 else {
                    unlink(temporary.path)
                    throw SyncFolderError.writeFailed(path: file.path, reason: SyncFolder.errnoText())
                }
                return id
            }
            unlink(temporary.path)
            return id
        } catch let error as SyncFolderError {
            throw error
        } catch {
            throw SyncFolderError.writeFailed(path: file.path, reason: error.localizedDescription)
        }
    }
}
