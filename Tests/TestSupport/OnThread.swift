import Foundation

/// Runs blocking work (waiting for a process, reading a pipe) on a thread of its own.
///
/// Swift Testing runs tests on the cooperative thread pool, which has as many threads as cores (two
/// here): a test that blocks one starves every other test's `await`. Blocking calls go through this.
/// Record expectations outside `body` (they need the test's task context).
public func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try body() })
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
