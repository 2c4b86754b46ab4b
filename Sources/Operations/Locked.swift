import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a pthread mutex: the project's one lock type.
///
/// Use it for every mutual exclusion; a thread that must wait for the value to change waits with
/// ``wait(on:deadline:until:)``, on the same mutex, not on a second lock.
///
/// Why pthread: on Linux `Synchronization.Mutex` waits on a raw futex, which the thread sanitizer
/// cannot see, so every access it guards is reported as a race; pthread mutexes and condition
/// variables are intercepted, so the sanitizer checks the code for real. Why one type: a second lock
/// beside a `Locked` (an `NSCondition` to wait on, say) makes two locks around one state and an order
/// to keep between them. Not for `Void`: the sanitizer mistakes an inout access to a zero-sized value
/// for one to whatever shares its address.
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

    /// Blocks the calling thread until `predicate` holds for the value, or `deadline` has passed;
    /// returns whether it holds.
    ///
    /// The predicate is checked with the lock held, then again after each `condition.broadcast()`:
    /// whoever changes the value in a way that may make it hold must broadcast after the change.
    @discardableResult
    public func wait(on condition: LockCondition, deadline: Date? = nil, until predicate: (Value) -> Bool) -> Bool {
        let (value, mutex) = storage.withUnsafeMutablePointers { ($0, $1) }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !predicate(value.pointee) {
            guard let deadline else {
                condition.wait(releasing: mutex)
                continue
            }
            if !condition.wait(releasing: mutex, until: deadline) { return predicate(value.pointee) }
        }
        return true
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

/// What threads blocked in ``Locked/wait(on:deadline:until:)`` wait on: a pthread condition variable.
///
/// Kept apart from ``Locked`` so that only the values someone waits on pay for one.
//
// @unchecked Sendable: a pthread condition variable is made to be shared between threads.
public final class LockCondition: @unchecked Sendable {
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
    }

    /// Wakes every thread waiting on this condition, to check its predicate again.
    public func broadcast() {
        pthread_cond_broadcast(condition)
    }

    fileprivate func wait(releasing mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        pthread_cond_wait(condition, mutex)
    }

    /// False once `deadline` has passed.
    fileprivate func wait(releasing mutex: UnsafeMutablePointer<pthread_mutex_t>, until deadline: Date) -> Bool {
        // Clamped so that a deadline of "never" stays a number timespec can hold.
        let seconds = min(deadline.timeIntervalSince1970, Date.distantFuture.timeIntervalSince1970)
        let whole = seconds.rounded(.down)
        var time = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
        return pthread_cond_timedwait(condition, mutex, &time) != ETIMEDOUT
    }
}
