import Foundation
import Operations
import Testing

@Suite("Retry")
struct RetryTests {
    // MARK: - Running attempts

    @Test("succeeds on attempt 3 of 5: the factory is called 3 times and the third attempt is the result")
    func succeedsOnThirdAttempt() async {
        let queue = AdvancedOperationQueue()
        let attempts = Attempts()
        let retries = Recorder()
        let policy = RetryPolicy(maxAttempts: 5, baseDelay: 0.01, multiplier: 2, jitter: .none)
        let retry = RetryOperation(policy: policy, willRetry: { attempt, delay, errors in
            retries.record("attempt \(attempt) in \(delay) s after \(errors)")
        }) { number in
            attempts.made(ClosureOperation(name: "attempt\(number)") {
                if number < 3 { throw Failure("attempt\(number)") }
            })
        }
        queue.addOperation(retry)
        await queue.drain()
        #expect(retry.isFinished && !retry.isCancelled)
        #expect(retry.errors.isEmpty)
        #expect(attempts.count == 3)
        #expect(retry.attemptCount == 3)
        #expect(retry.succeeded != nil && retry.succeeded === attempts.all.last)
        #expect(retries.events == [
            "attempt 2 in 0.01 s after [Failure(attempt1)]",
            "attempt 3 in 0.02 s after [Failure(attempt2)]",
        ])
    }

    @Test("gives up after the maximum attempts with the last attempt's errors, its root cause first")
    func givesUpAfterMaxAttempts() async {
        let queue = AdvancedOperationQueue()
        let attempts = Attempts()
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: 0.01, jitter: .none)
        let retry = RetryOperation(policy: policy) { number in
            attempts.made(ClosureOperation(name: "attempt\(number)") { continuation in
                // A consequence listed before the cause: the root cause must still be found.
                continuation([
                    OperationError.dependenciesFailed(operation: "attempt\(number)", dependencies: ["setup"]),
                    Failure("attempt\(number)"),
                ])
            })
        }
        queue.addOperation(retry)
        await queue.drain()
        #expect(attempts.count == 3)
        #expect(retry.attemptCount == 3)
        #expect(retry.succeeded == nil)
        #expect(!retry.isCancelled)
        #expect(retry.errors.count == 2)
        #expect(OperationError.rootCause(in: retry.errors) as? Failure == Failure("attempt3"))
        // Earlier attempts' errors are not piled on.
        #expect(retry.errors.compactMap { $0 as? Failure } == [Failure("attempt3")])
    }

    @Test("an error the policy says not to retry stops at once")
    func nonRetryableStopsAtOnce() async {
        let queue = AdvancedOperationQueue()
        let attempts = Attempts()
        let retries = Recorder()
        let policy = RetryPolicy(maxAttempts: 5, baseDelay: 0, shouldRetry: { errors in
            !errors.contains { ($0 as? Failure)?.id == "fatal" }
        })
        let retry = RetryOperation(policy: policy, willRetry: { attempt, _, _ in retries.record("retry \(attempt)") }) { number in
            attempts.made(ClosureOperation(name: "attempt\(number)") { throw Failure("fatal") })
        }
        queue.addOperation(retry)
        await queue.drain()
        #expect(attempts.count == 1)
        #expect(retries.events.isEmpty)
        #expect(OperationError.rootCause(in: retry.errors) as? Failure == Failure("fatal"))
    }

    @Test("by default an attempt that fails with CancellationError is not retried")
    func defaultDoesNotRetryCancellation() async {
        let queue = AdvancedOperationQueue()
        let attempts = Attempts()
        let retry = RetryOperation(policy: RetryPolicy(maxAttempts: 5, baseDelay: 0)) { number in
            attempts.made(ClosureOperation(name: "attempt\(number)", async: { throw CancellationError() }))
        }
        queue.addOperation(retry)
        await queue.drain()
        #expect(attempts.count == 1)
        #expect(retry.errors.count == 1)
        #expect(retry.errors.first is CancellationError)
    }

    @Test("by default a timed-out attempt is retried")
    func defaultRetriesTimeout() async {
        let queue = AdvancedOperationQueue()
        let attempts = Attempts()
        let retry = RetryOperation(policy: RetryPolicy(maxAttempts: 3, baseDelay: 0)) { number in
            let attempt = ClosureOperation(name: "attempt\(number)", async: {
                // The first attempt hangs until its timeout cancels it.
                if number == 1 { try await Task.sleep(for: .seconds(3600)) }
            })
            if number == 1 { attempt.addObserver(TimeoutObserver(timeout: 0.05)) }
            return attempts.made(attempt)
        }
        queue.addOperation(retry)
        await queue.drain()
        #expect(attempts.count == 2)
        #expect(retry.errors.isEmpty)
        #expect(retry.succeeded?.name == "attempt2")
        let first = attempts.all.first
        #expect(first?.errors.contains { ($0 as? OperationError).map { if case .timedOut = $0 { true } else { false } } ?? false } == true)
    }

    // MARK: - The policy's delays (pure: a fixed random source, no clock)

    @Test("backoff is exponential and capped, even after very many attempts")
    func backoffExponentialAndCapped() {
        let policy = RetryPolicy(baseDelay: 1, multiplier: 2, maxDelay: 10, jitter: .none)
        #expect((1...6).map { policy.backoff(afterFailedAttempt: $0) } == [1, 2, 4, 8, 10, 10])
        #expect((1...6).map { policy.delay(afterFailedAttempt: $0, errors: [Failure("x")]) } == [1, 2, 4, 8, 10, 10])
        // 2^10000 overflows to infinity: still the cap, not infinity or NaN.
        #expect(policy.backoff(afterFailedAttempt: 10_000) == 10)
        let constant = RetryPolicy(baseDelay: 0.5, multiplier: 1, maxDelay: 10, jitter: .none)
        #expect((1...4).map { constant.backoff(afterFailedAttempt: $0) } == [0.5, 0.5, 0.5, 0.5])
    }

    @Test("full jitter waits between zero and the backoff, as the random source says",
          arguments: [0.0, 0.25, 0.5, 0.999])
    func fullJitter(fraction: Double) {
        let policy = RetryPolicy(baseDelay: 1, multiplier: 2, maxDelay: 10, jitter: .full, random: { fraction })
        for attempt in 1...6 {
            let backoff = policy.backoff(afterFailedAttempt: attempt)
            let delay = policy.delay(afterFailedAttempt: attempt, errors: [Failure("x")])
            #expect(delay == backoff * fraction)
            #expect(delay >= 0 && delay <= backoff)
        }
    }

    @Test("equal jitter waits between half the backoff and the backoff, as the random source says",
          arguments: [0.0, 0.25, 0.5, 0.999])
    func equalJitter(fraction: Double) {
        let policy = RetryPolicy(baseDelay: 1, multiplier: 2, maxDelay: 10, jitter: .equal, random: { fraction })
        for attempt in 1...6 {
            let backoff = policy.backoff(afterFailedAttempt: attempt)
            let delay = policy.delay(afterFailedAttempt: attempt, errors: [Failure("x")])
            #expect(delay == backoff / 2 + backoff / 2 * fraction)
            #expect(delay >= backoff / 2 && delay <= backoff)
        }
    }

    @Test("a random source out of range cannot push the wait outside the jitter's bounds", arguments: [-1.0, 1.5])
    func jitterClampsRandom(value: Double) {
        let full = RetryPolicy(baseDelay: 4, maxDelay: 10, jitter: .full, random: { value })
        let equal = RetryPolicy(baseDelay: 4, maxDelay: 10, jitter: .equal, random: { value })
        let fullDelay = full.delay(afterFailedAttempt: 1, errors: [Failure("x")])
        let equalDelay = equal.delay(afterFailedAttempt: 1, errors: [Failure("x")])
        #expect(fullDelay >= 0 && fullDelay <= 4)
        #expect(equalDelay >= 2 && equalDelay <= 4)
    }

    @Test("the default decision retries any failure except a cancellation")
    func defaultDecision() {
        #expect(RetryPolicy.retryUnlessCancelled([Failure("x")]))
        #expect(RetryPolicy.retryUnlessCancelled([OperationError.timedOut(operation: "fetch", after: 5)]))
        #expect(!RetryPolicy.retryUnlessCancelled([CancellationError()]))
    }

    // MARK: - Retry-After

    @Test("Retry-After makes the wait at least the advised seconds, never more than the policy's maximum")
    func retryAfterInPolicy() {
        let jittered = RetryPolicy(baseDelay: 1, maxDelay: 30, jitter: .full, maxRetryAfter: 60, random: { 0.999 })
        #expect(jittered.delay(afterFailedAttempt: 1, errors: [Throttled(retryAfter: 5)]) >= 5)
        // A hostile server asking for a day gets the cap.
        #expect(jittered.delay(afterFailedAttempt: 1, errors: [Throttled(retryAfter: 86_400)]) == 60)
        // The longest advice among the errors wins.
        let advised = jittered.delay(afterFailedAttempt: 1, errors: [Throttled(retryAfter: 2), Failure("x"), Throttled(retryAfter: 3)])
        #expect(advised == 3)
        let plain = RetryPolicy(baseDelay: 8, maxDelay: 30, jitter: .none)
        // A backoff longer than the advice stands; no advice, no change.
        #expect(plain.delay(afterFailedAttempt: 1, errors: [Throttled(retryAfter: 0.5)]) == 8)
        #expect(plain.delay(afterFailedAttempt: 1, errors: [Throttled(retryAfter: nil)]) == 8)
        #expect(plain.delay(afterFailedAttempt: 1, errors: [Throttled(retryAfter: -3)]) == 8)
    }

    @Test("end to end, the second attempt starts at least Retry-After seconds after the first failed")
    func retryAfterEndToEnd() async {
        let queue = AdvancedOperationQueue()
        let marks = Marks()
        let delays = Recorder()
        let policy = RetryPolicy(maxAttempts: 2, baseDelay: 0, jitter: .none)
        let retry = RetryOperation(policy: policy, willRetry: { _, delay, _ in delays.record("\(delay)") }) { number in
            ClosureOperation(name: "attempt\(number)") {
                if number == 1 {
                    // Marked before the throw: the real failure comes later, so the gap is underestimated.
                    marks.mark("failed")
                    throw Throttled(retryAfter: 1)
                }
                marks.mark("second")
            }
        }
        queue.addOperation(retry)
        await queue.drain()
        #expect(retry.errors.isEmpty)
        #expect(retry.attemptCount == 2)
        #expect(delays.events == ["1.0"])
        let gap = marks.seconds(from: "failed", to: "second")
        #expect(gap.map { $0 >= 1 } == true, "gap \(String(describing: gap))")
    }

    // MARK: - Cancellation

    @Test("cancelled during a long backoff, it finishes promptly without another attempt")
    func cancelDuringBackoff() async {
        let queue = AdvancedOperationQueue()
        let attempts = Attempts()
        let waiting = Signal()
        // Queue observers reach the retry's children: the backoff's start is the event to wait for.
        queue.addObserver(BlockObserver(start: { operation in
            if operation is DelayOperation { waiting.fire() }
        }))
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: 3600, maxDelay: 3600, jitter: .none)
        let retry = RetryOperation(policy: policy) { number in
            attempts.made(ClosureOperation(name: "attempt\(number)") { throw Failure("attempt\(number)") })
        }
        let finished = Signal()
        retry.whenFinished { _ in finished.fire() }
        queue.addOperation(retry)
        #expect(await waiting.fired())
        retry.cancel()
        // One that waited out the backoff would take an hour.
        #expect(await finished.fired())
        await queue.drain()
        #expect(retry.isFinished && retry.isCancelled)
        #expect(attempts.count == 1)
        #expect(retry.succeeded == nil)
        #expect(OperationError.rootCause(in: retry.errors) as? Failure == Failure("attempt1"))
    }

    @Test("cancelled during an attempt, it cancels the attempt and makes no other")
    func cancelDuringAttempt() async {
        let queue = AdvancedOperationQueue()
        let attempts = Attempts()
        let started = Signal()
        let retry = RetryOperation(policy: RetryPolicy(maxAttempts: 5, baseDelay: 0)) { number in
            attempts.made(ClosureOperation(name: "attempt\(number)", async: {
                started.fire()
                try await Task.sleep(for: .seconds(3600))
            }))
        }
        let finished = Signal()
        retry.whenFinished { _ in finished.fire() }
        queue.addOperation(retry)
        #expect(await started.fired())
        retry.cancel()
        #expect(await finished.fired())
        await queue.drain()
        #expect(retry.isCancelled)
        #expect(attempts.count == 1)
        #expect(attempts.all.first?.isCancelled == true)
        // The attempt stopped because we cancelled it: no failure to report.
        #expect(retry.errors.isEmpty)
        #expect(retry.succeeded == nil)
    }

    @Test("cancelled before it starts, it makes no attempt")
    func cancelBeforeStart() async {
        let queue = AdvancedOperationQueue()
        let attempts = Attempts()
        let retry = RetryOperation { number in
            attempts.made(ClosureOperation(name: "attempt\(number)") {})
        }
        retry.cancel()
        queue.addOperation(retry)
        await queue.drain()
        #expect(retry.isFinished && retry.isCancelled)
        #expect(attempts.count == 0)
        #expect(retry.attemptCount == 0)
        #expect(retry.errors.isEmpty)
    }
}

// MARK: - Helpers

/// An error such as an HTTP 429 with a Retry-After header.
private struct Throttled: RetryAfterProviding {
    let retryAfter: TimeInterval?
}

/// The attempts a factory made, in order.
private final class Attempts: Sendable {
    private let list = Locked<[ClosureOperation]>([])

    func made(_ attempt: ClosureOperation) -> ClosureOperation {
        list.withLock { $0.append(attempt) }
        return attempt
    }

    var all: [ClosureOperation] { list.withLock { $0 } }
    var count: Int { all.count }
}

/// Named moments on the monotonic clock.
private final class Marks: Sendable {
    private let marks = Locked<[String: UInt64]>([:])

    func mark(_ name: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        marks.withLock { $0[name] = now }
    }

    func seconds(from start: String, to end: String) -> Double? {
        marks.withLock { marks in
            guard let start = marks[start], let end = marks[end], end >= start else { return nil }
            return Double(end - start) / 1e9
        }
    }
}
