import Foundation
import Operations
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One operation at a time across processes: as a condition, it takes an exclusive `flock` on a file
/// when the operation is about to run (failing the operation at once when another process holds
/// it, or, with `waits`, waiting for it); as an observer, it lets the lock go when the operation
/// finishes. The kernel also lets it go when the process ends, however it ends. Add it both ways
/// with ``guard(_:)``.
///
/// Within one process, operations guarded by the same file wait for each other (an exclusivity
/// category) instead of failing.
public final class CrossProcessLock: OperationCondition, OperationObserver {
    /// Why the lock could not be taken.
    public enum Failure: Sendable {
        /// Another process holds it; `holder` is its process identifier when it wrote one.
        case busy(holder: Int32?)
        /// The lock file cannot be opened.
        case unavailable(reason: String)
    }

    public let path: String
    /// Whether an operation waits for another process to let the lock go, instead of failing.
    public let waits: Bool
    private let failure: @Sendable (Failure) -> any Error
    private let waiting: @Sendable (Int32?) -> Void
    /// Descriptors of the locks held, by operation.
    private let held = Locked<[ObjectIdentifier: Int32]>([:])

    /// A lock on the file at `path` (created 0600 if needed); `failure` makes the error an operation
    /// fails with when the lock cannot be taken. With `waits`, a busy lock is waited for, and
    /// `waiting` is told (with the holder's process, when known) before the wait.
    public init(path: String, waits: Bool = false, waiting: @escaping @Sendable (Int32?) -> Void = { _ in },
                failure: @escaping @Sendable (Failure) -> any Error) {
        self.path = path
        self.waits = waits
        self.waiting = waiting
        self.failure = failure
    }

    /// Adds the lock to `operation` as its condition and its observer.
    public func `guard`(_ operation: AdvancedOperation) {
        operation.addCondition(self)
        operation.addObserver(self)
    }

    public var name: String { "CrossProcessLock(\(path))" }
    public var exclusivityCategory: String? { "CrossProcessLock:" + path }

    public func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        let fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            completion(.failed(failure(.unavailable(reason: errno == EISDIR ? "it is a folder" : String(cString: strerror(errno))))))
            return
        }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let reason = errno == EWOULDBLOCK ? nil : String(cString: strerror(errno))
            let holder = reason == nil ? Self.readHolder(fd) : nil
            if reason == nil, waits {
                waiting(holder)
                // The wait blocks a thread of its own, never the queue's; the operation decides when
                // it gets the lock whether it still wants it.
                Thread.detachNewThread { [self] in
                    while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
                    if operation.isCancelled {
                        flock(fd, LOCK_UN)
                        close(fd)
                        completion(.failed(OperationError.conditionFailed(condition: name, operation: operation.displayName, reason: "cancelled while waiting")))
                    } else {
                        acquired(fd, by: operation)
                        completion(.satisfied)
                    }
                }
                return
            }
            close(fd)
            completion(.failed(failure(reason.map { .unavailable(reason: $0) } ?? .busy(holder: holder))))
            return
        }
        acquired(fd, by: operation)
        completion(.satisfied)
    }

    /// Records the lock as `operation`'s, with this process's id in the file for the messages of others.
    private func acquired(_ fd: Int32, by operation: AdvancedOperation) {
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        held.withLock { $0[ObjectIdentifier(operation)] = fd }
    }

    public func operationDidFinish(_ operation: AdvancedOperation, errors: [any Error]) {
        guard let fd = held.withLock({ $0.removeValue(forKey: ObjectIdentifier(operation)) }) else { return }
        _ = ftruncate(fd, 0)
        flock(fd, LOCK_UN)
        close(fd)
    }

    /// Whether some process holds the lock now (for tests and status displays).
    public var isHeld: Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return false
        }
        return true
    }

    private static func readHolder(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
