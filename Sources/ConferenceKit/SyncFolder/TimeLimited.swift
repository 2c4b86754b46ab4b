import Foundation
import Operations

/// Runs blocking file work on a thread of its own and stops waiting for it after a time limit: a
/// network mount that hangs holds that thread, never the caller. Work given up on may still finish
/// later; it takes the same locks as any other, so it can do no harm.
enum TimeLimited {
    static func run<T: Sendable>(seconds: TimeInterval, path: String, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        let resumed = Locked(false)
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            @Sendable func resume(_ result: Result<T, any Error>) {
                let first = resumed.withLock { done in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(with: result) }
            }
            let thread = Thread { resume(Result { try body() }) }
            thread.name = "sync folder"
            thread.start()
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                resume(.failure(SyncFolderError.timedOut(path: path, seconds: seconds)))
            }
        }
    }
}
