import Foundation

/// Runs an operation until it succeeds or a ``RetryPolicy`` gives up, making a fresh operation for
/// each attempt (an operation runs only once).
///
/// `makeAttempt` is called with the attempt's number (from 1) just before that attempt runs, so each
/// attempt is built with the state of the moment. An attempt succeeds when it finishes uncancelled
/// without errors. After a failure the policy decides whether to try again and how long to wait;
/// ``RetryAfterProviding`` errors lengthen the wait. `willRetry` hears of each retry before the wait,
/// to tell the user ("retrying in 2 s").
///
/// When it is done, ``succeeded`` is the attempt that succeeded (nil if none did), ``attemptCount``
/// how many attempts were made, and ``AdvancedOperation/errors`` the last attempt's errors when it
/// gave up, so ``OperationError/rootCause(in:)`` finds that attempt's cause. An attempt cancelled
/// without errors by someone else counts as failed with `CancellationError`, which the default policy
/// does not retry.
///
/// Cancelling it cancels the running attempt, or ends the wait between two attempts at once; its
/// errors are then those of the last attempt that failed, if any.
///
/// ```swift
/// let fetch = RetryOperation(policy: RetryPolicy(maxAttempts: 5), willRetry: { attempt, delay, _ in
///     status.show("retrying in \(Int(delay.rounded(.up))) s (attempt \(attempt))")
/// }) { _ in DownloadOperation(url) }
/// queue.addOperation(fetch)
/// ```
//
// How: each attempt is a child followed by a decision child that depends on it; a decision that
// retries adds a DelayOperation and, after it, a launch child that makes the next attempt. Every child
// that adds more does so while it is still running, so the group's queue only falls idle (and the
// group finishes) once no decision is left to make; cancelled decisions and launches never run. The
// outcome is read from the last attempt at that point, when every child has finished.
//
// @unchecked Sendable: mutable state lives in `tally` (a Locked); the rest is immutable.
public final class RetryOperation<Attempt: AdvancedOperation>: GroupOperation, @unchecked Sendable {
    /// Told before each retry: the number of the attempt about to be made (from 2), the seconds it
    /// will wait first, and the errors of the attempt that failed.
    public typealias WillRetry = @Sendable (_ attempt: Int, _ delay: TimeInterval, _ errors: [any Error]) -> Void

    /// How it retries.
    public let policy: RetryPolicy
    private let makeAttempt: @Sendable (_ attempt: Int) -> Attempt
    private let willRetry: WillRetry?
    private let tally = Locked(Tally())

    private struct Tally {
        var attempts = 0
        var lastAttempt: Attempt?
    }

    /// A retrying operation; `makeAttempt` makes attempt number `n` (from 1) each time one is due.
    public init(
        name: String? = nil,
        policy: RetryPolicy = RetryPolicy(),
        willRetry: WillRetry? = nil,
        makeAttempt: @escaping @Sendable (_ attempt: Int) -> Attempt
    ) {
        self.policy = policy
        self.makeAttempt = makeAttempt
        self.willRetry = willRetry
        super.init()
        self.name = name ?? "RetryOperation"
    }

    /// How many attempts have been made so far.
    public var attemptCount: Int { tally.withLock { $0.attempts } }

    /// The attempt that succeeded, or nil while none has.
    public var succeeded: Attempt? {
        guard let attempt = tally.withLock({ $0.lastAttempt }), attempt.isFinished, Self.failure(of: attempt) == nil else {
            return nil
        }
        return attempt
    }

    public override func execute() {
        launch()
        super.execute()
    }

    /// Settles the group's errors: the last attempt's, whatever earlier attempts reported.
    public override func errorsFromChildren(_ errors: [any Error]) -> [any Error] {
        guard let attempt = tally.withLock({ $0.lastAttempt }), let failure = Self.failure(of: attempt) else { return [] }
        // Cancelled ourselves, a silently cancelled attempt is no failure: the engine does not count a
        // cancellation as an error.
        if isCancelled && attempt.errors.isEmpty { return [] }
        return failure
    }

    /// Makes the next attempt and the decision that follows it.
    private func launch() {
        guard !isCancelled else { return }
        let number = tally.withLock { tally in
            tally.attempts += 1
            return tally.attempts
        }
        // Outside the lock: the factory is the caller's code and may read attemptCount.
        let attempt = makeAttempt(number)
        tally.withLock { $0.lastAttempt = attempt }
        let decision = ClosureOperation(name: "\(displayName) decision \(number)") { [weak self] in
            self?.decide(after: attempt, number: number)
        }
        decision.addDependency(attempt)
        adopt(attempt)
        adopt(decision)
    }

    /// Runs once attempt `number` has finished: stops on success, cancellation or the policy's word,
    /// otherwise schedules the next attempt after the policy's delay.
    private func decide(after attempt: Attempt, number: Int) {
        guard let errors = Self.failure(of: attempt), !isCancelled, number < policy.maxAttempts,
              policy.shouldRetry(errors) else { return }
        let delay = policy.delay(afterFailedAttempt: number, errors: errors)
        willRetry?(number + 1, delay, errors)
        let next = ClosureOperation(name: "\(displayName) launch \(number + 1)") { [weak self] in
            self?.launch()
        }
        if delay > 0 {
            let wait = DelayOperation(delay)
            wait.name = "\(displayName) backoff \(number)"
            next.addDependency(wait)
            adopt(wait)
        }
        adopt(next)
    }

    /// Adds a child, cancelled if the group is.
    ///
    /// Checked again after adding: a cancel that lands between the group's own check and the child
    /// reaching the inner queue would otherwise miss the child, and an attempt or a 60 s wait would
    /// run on after the cancel.
    private func adopt(_ operation: AdvancedOperation) {
        addOperation(operation)
        if isCancelled { operation.cancel() }
    }

    /// The errors a finished attempt failed with, or nil if it succeeded.
    private static func failure(of attempt: Attempt) -> [any Error]? {
        let errors = attempt.errors
        if !errors.isEmpty { return errors }
        return attempt.isCancelled ? [CancellationError()] : nil
    }
}
