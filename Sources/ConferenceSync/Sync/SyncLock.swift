import ConferenceData
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One sync at a time per store, across processes: an exclusive `flock` on a file beside the database.
/// The kernel releases it when the process ends, however it ends.
public final class SyncLock {
    public let path: String
    private var fd: Int32 = -1

    public init(databasePath: String) {
        path = databasePath + ".sync-lock"
    }

    deinit { unlock() }

    /// Takes the lock. Without `wait`, throws ``SyncError/alreadyRunning(lockFile:)`` if another process
    /// holds it; with `wait`, calls `waiting` once and blocks until it is free.
    public func lock(wait: Bool, waiting: () -> Void = {}) throws {
        fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let reason = errno == EISDIR ? "it is a folder" : String(cString: strerror(errno))
            throw FileAccessError.cannotLock(path: path, reason: reason)
        }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return }
        guard errno == EWOULDBLOCK else {
            let reason = String(cString: strerror(errno))
            close(fd)
            fd = -1
            throw FileAccessError.cannotLock(path: path, reason: reason)
        }
        guard wait else {
            close(fd)
            fd = -1
            throw SyncError.alreadyRunning(lockFile: path)
        }
        waiting()
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw FileAccessError.cannotLock(path: path, reason: String(cString: strerror(errno))) }
        }
    }

    public func unlock() {
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }
}
