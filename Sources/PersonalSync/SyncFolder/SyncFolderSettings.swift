import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the sync folder is and how long it may take to answer.
public struct SyncFolderSettings: Sendable, Equatable {
    public var path: String
    /// This machine's id (kept in the config folder): the one its home store writes as.
    public var machine: String
    /// The longest an exchange may take; past it, the step gives up and the sync goes on.
    public var timeLimit: TimeInterval
    /// The store that writes as ``machine`` itself (the one opened when none is named); nil: every store does.
    public var homeStore: String?

    public init(path: String, machine: String, timeLimit: TimeInterval = 30, homeStore: String? = nil) {
        self.path = path
        self.machine = machine
        self.timeLimit = timeLimit
        self.homeStore = homeStore
    }

    /// The folder, as the home store writes to it (what checking it needs).
    public var folder: SyncFolder { SyncFolder(path: path, machine: machine) }

    /// The folder as the store at `storePath` writes to it, under ``machine(for:)``.
    public func folder(for storePath: String) -> SyncFolder {
        SyncFolder(path: path, machine: machine(for: storePath))
    }

    /// The machine id the store at `storePath` writes as: ``machine`` for the home store; for
    /// another store sharing this config folder (`--db`), ``machine`` followed by a digest of the
    /// store's path. Two stores are two machines to the folder: under one id they would write one
    /// journal, and each one's compaction would drop the other's changes.
    public func machine(for storePath: String) -> String {
        guard let homeStore, Self.canonical(homeStore) != Self.canonical(storePath) else { return machine }
        // FNV-1a: the same digest on every run and platform (Swift's hashes are seeded per process).
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Self.canonical(storePath).utf8 { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let suffix = String(digest >> 32, radix: 16)
        return String(machine.prefix(64 - 9)) + "-" + String(repeating: "0", count: 8 - suffix.count) + suffix
    }

    /// The path with links resolved, when it exists; else as written, standardised.
    private static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return (path as NSString).standardizingPath }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
