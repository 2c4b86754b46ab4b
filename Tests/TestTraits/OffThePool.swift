import Foundation
import Testing

/// Runs a suite's tests on threads of their own instead of Swift's cooperative pool.
///
/// The pool has as many threads as cores (two here), and Swift Testing runs every test on it: a
/// suite whose tests block (a pseudo-terminal read, an import with its fsyncs) holds those threads,
/// and hundreds of end-to-end tests each doing a little synchronous work between awaits (copying
/// fixtures, reading a store) keep its queue long. Under load every other test's `await` then
/// waits for minutes, engine tests that count on a task running within a minute among them. The
/// suites that block or run programs have this trait; the engine's own tests keep the pool.
public struct OffThePool: SuiteTrait, TestTrait, TestScoping {
    public init() {}

    /// Whether the calling thread is one this trait made (not one of the cooperative pool's).
    public static var isOnThreadOfItsOwn: Bool { Thread.current.threadDictionary[ThreadPerJobExecutor.marker] != nil }

    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OffThePool {
    /// See ``OffThePool``.
    public static var offThePool: Self { OffThePool() }
}

/// Runs each job on a new thread: a job that blocks holds only its own.
final class ThreadPerJobExecutor: TaskExecutor, Sendable {
    static let shared = ThreadPerJobExecutor()
    static let marker = "wwdc.tests.offThePool"

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread {
            Thread.current.threadDictionary[Self.marker] = true
            job.runSynchronously(on: executor)
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
