#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JSON
import Operations

/// Writes messages to a file descriptor, one line each, whole, from any thread.
final class MessageWriter: Sendable {
    private let descriptor: Int32
    private let lock = Locked(false)

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Whether a write has failed (the client has gone away).
    var hasFailed: Bool { lock.withLock { $0 } }

    /// Writes `message` and a newline; false when the descriptor no longer takes them.
    @discardableResult
    func send(_ message: JSONValue) -> Bool {
        let bytes = Array((message.serialized + "\n").utf8)
        return lock.withLock { failed in
            guard !failed else { return false }
            var written = 0
            while written < bytes.count {
                let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    failed = true
                    return false
                }
                written += count
            }
            return true
        }
    }
}
