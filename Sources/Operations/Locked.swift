import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a pthread mutex.
///
/// Used instead of `Synchronization.Mutex` because on Linux that one waits on a raw futex, which the
/// thread sanitizer cannot see: every access it guards is reported as a race. pthread mutexes are
/// intercepted, so the sanitizer checks the engine for real. Not for `Void`: the sanitizer mistakes an
/// inout access to a zero-sized value for one to whatever shares its address.
//
// @unchecked Sendable: the value is only touched with the mutex held.
public struct Locked<Value>: @unchecked Sendable {
    private let storage: Storage

    public init(_ value: Value) {
        storage = Storage.make(value)
    }

    /// Runs `body` with exclusive access to the value. Never call back into code that may take the
    /// same lock.
    @inline(__always)
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        // The pointers stay valid while `storage` lives, and `self` holds it for the whole call.
        let (value, mutex) = storage.withUnsafeMutablePointers { ($0, $1) }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }

    // One allocation holds both the value (the header) and the mutex (the single element).
    private final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        static func make(_ value: Value) -> Storage {
            let buffer = Storage.create(minimumCapacity: 1) { _ in value }
            buffer.withUnsafeMutablePointerToElements { mutex in
                mutex.initialize(to: pthread_mutex_t())
                pthread_mutex_init(mutex, nil)
            }
            return unsafeDowncast(buffer, to: Storage.self)
        }

        deinit {
            withUnsafeMutablePointers { _, mutex in
                pthread_mutex_destroy(mutex)
                _ = mutex.deinitialize(count: 1)
            }
        }
    }
}
