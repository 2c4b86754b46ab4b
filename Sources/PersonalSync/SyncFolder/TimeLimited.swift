import ConferenceModel
import Foundation
import Operations

/// Blocking folder work run on a thread of its own within a time limit: a network mount that hangs
/// holds that thread, never the caller.
///
/// The limit is how long the work may go without an answer from the folder: it starts again at
/// each ``progressed()``, so a large folder read steadily is not cut short. Past it, the caller is
/// answered at once and the work is stopped at its next check; it never commits afterwards (its
/// commits go through ``beginCommit()``, which refuses once the limit has passed). When a commit
/// happened before the limit passed, the caller is answered with what the work said it had done
/// then (``saved(_:)``), not with a failure: what was saved is said, never denied.
// @unchecked Sendable: every mutable property is in the Locked.
final class TimeLimited<Output: Sendable>: @unchecked Sendable {
    private struct State {
        var deadline: DispatchTime
        var expired = false
        var answered = false
        var committing = false
        /// What to answer when the limit passes from now on (the work as of its last commit).
        var partial: Output?
        var process: Process?
    }

    private let seconds: TimeInterval
    private let path: String
    private let state: Locked<State>
    private let continuation: CheckedContinuation<Output, any Error>?

    private init(seconds: TimeInterval, path: String, continuation: CheckedContinuation<Output, any Error>?) {
        self.seconds = seconds
        self.path = path
        self.continuation = continuation
        state = Locked(State(deadline: Self.deadline(after: seconds)))
    }

    /// A limit that never passes: for work run directly (the tests, the benchmarks).
    static var unlimited: TimeLimited<Output> { TimeLimited(seconds: .infinity, path: "", continuation: nil) }

    /// Runs `body` on a thread of its own; fails with ``SyncFolderError/timedOut(path:seconds:)`` when it
    /// goes `seconds` without progress and has committed nothing.
    static func run(seconds: TimeInterval, path: String, _ body: @escaping @Sendable (TimeLimited<Output>) throws -> Output) async throws -> Output {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Output, any Error>) in
            let limit = TimeLimited(seconds: seconds, path: path, continuation: continuation)
            let thread = Thread { limit.answer(Result { try body(limit) }) }
            thread.name = "sync folder"
            thread.start()
            limit.watch()
        }
    }

    /// Runs `body`, which reports no progress, within `seconds`.
    static func run(seconds: TimeInterval, path: String, _ body: @escaping @Sendable () throws -> Output) async throws -> Output {
        try await run(seconds: seconds, path: path) { (_: TimeLimited<Output>) in try body() }
    }

    /// The folder answered: the limit starts again. Throws when it has passed already (the work stops there).
    func progressed() throws {
        try state.withLock { state in
            if state.expired { throw timedOut }
            state.deadline = Self.deadline(after: seconds)
        }
    }

    /// Called just before a commit: throws when the limit has passed (the commit must not happen);
    /// else the limit waits for ``saved(_:)`` before it answers.
    func beginCommit() throws {
        try state.withLock { state in
            if state.expired { throw timedOut }
            state.committing = true
        }
    }

    /// After each commit, and at each stage after one: `partial` is what has been saved, what the
    /// caller is answered with when the limit passes before the work ends (nil: nothing to tell
    /// yet, the limit answers with a failure).
    func saved(_ partial: Output?) {
        let answer: Result<Output, any Error>? = state.withLock { state in
            state.committing = false
            if let partial { state.partial = partial }
            guard state.expired else { return nil }
            return state.partial.map { .success($0) } ?? .failure(timedOut)
        }
        if let answer { self.answer(answer) }
    }

    /// The program the work is waiting for, ended (SIGTERM) when the limit passes; nil when it is done.
    func running(_ process: Process?) {
        state.withLock { $0.process = process }
    }

    private var timedOut: SyncFolderError { .timedOut(path: path, seconds: seconds) }

    private func answer(_ result: Result<Output, any Error>) {
        let first = state.withLock { state in
            defer { state.answered = true }
            return !state.answered
        }
        if first { continuation?.resume(with: result) }
    }

    /// Checks the limit when it is due, again and again until it passes or the work has answered.
    private func watch() {
        guard seconds.isFinite else { return }
        let deadline = state.withLock { $0.deadline }
        DispatchQueue.global().asyncAfter(deadline: deadline) { [self] in
            let next: Watch = state.withLock { state in
                if state.answered { return .done }
                if DispatchTime.now() < state.deadline { return .wait }
                state.expired = true
                if state.process?.isRunning == true { state.process?.terminate() }
                // A commit under way: the work answers once it is done (``saved(_:)``).
                if state.committing { return .done }
                return .answer(state.partial.map { .success($0) } ?? .failure(timedOut))
            }
            switch next {
            case .wait: watch()
            case .done: break
            case .answer(let result): answer(result)
            }
        }
    }

    /// What the watch does when the limit is due: wait on, nothing, or answer.
    private enum Watch {
        case wait, done, answer(Result<Output, any Error>)
    }

    private static func deadline(after seconds: TimeInterval) -> DispatchTime {
        seconds.isFinite ? .now() + seconds : .distantFuture
    }
}
