import Foundation

/// How a ``RetryOperation`` retries: how many attempts, how long to wait between them, and which
/// failures are worth another attempt.
///
/// What counts as a passing failure is its user's to say (``shouldRetry``): the engine knows no
/// network, no server and no file system.
///
/// The wait after the `n`th failed attempt is an exponential backoff,
/// `min(maxDelay, baseDelay × multiplierⁿ⁻¹)`, spread by ``jitter`` so that many clients failing
/// together do not retry together; then raised to what the failed attempt's errors ask for through
/// ``RetryAfterProviding``, at most ``maxRetryAfter``. ``delay(afterFailedAttempt:errors:)`` computes it
/// and is pure given ``random``, which tests replace with a fixed source.
public struct RetryPolicy: Sendable {
    /// How the backoff is spread.
    public enum Jitter: Sendable, Equatable {
        /// The backoff itself: every client waits the same.
        case none
        /// Anywhere between zero and the backoff: spreads retries the most.
        case full
        /// Half the backoff, plus anywhere up to the other half: spreads retries but never retries
        /// at once.
        case equal
    }

    /// Decides from a failed attempt's errors (never empty) whether another attempt may succeed.
    public typealias Decision = @Sendable (_ errors: [any Error]) -> Bool

    /// The most attempts made, the first included; at least 1 (1 never retries).
    public var maxAttempts: Int
    /// The backoff after the first failed attempt, in seconds.
    public var baseDelay: TimeInterval
    /// What the backoff is multiplied by after each further failed attempt (1 keeps it constant).
    public var multiplier: Double
    /// The longest backoff, in seconds, before jitter.
    public var maxDelay: TimeInterval
    /// How the backoff is spread.
    public var jitter: Jitter
    /// The longest wait a ``RetryAfterProviding`` error can impose, in seconds.
    public var maxRetryAfter: TimeInterval
    /// Whether a failed attempt is worth retrying; the default, ``retryUnlessCancelled(_:)``, retries
    /// any failure except a cancellation.
    public var shouldRetry: Decision
    /// A number in `0..<1` for the jitter; random by default. Give a fixed source to make the delays
    /// reproducible.
    public var random: @Sendable () -> Double

    /// A policy; the defaults try three times, waiting up to 1 s and then up to 2 s (full jitter).
    public init(
        maxAttempts: Int = 3,
        baseDelay: TimeInterval = 1,
        multiplier: Double = 2,
        maxDelay: TimeInterval = 30,
        jitter: Jitter = .full,
        maxRetryAfter: TimeInterval = 300,
        shouldRetry: @escaping Decision = RetryPolicy.retryUnlessCancelled,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        precondition(maxAttempts >= 1, "a retry policy needs at least one attempt")
        precondition(baseDelay >= 0 && maxDelay >= 0 && maxRetryAfter >= 0, "delays cannot be negative")
        precondition(multiplier >= 1, "a backoff multiplier below 1 would shrink the delays")
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.jitter = jitter
        self.maxRetryAfter = maxRetryAfter
        self.shouldRetry = shouldRetry
        self.random = random
    }

    /// The default decision: retry unless an error is a `CancellationError`, since whoever cancelled
    /// the attempt does not want it made again. Work that says it was cancelled otherwise (a URL
    /// task's cancellation) gives a decision of its own.
    ///
    /// A timed-out attempt (``OperationError/timedOut(operation:after:)``) is retried: a timeout is
    /// the typical passing failure.
    public static func retryUnlessCancelled(_ errors: [any Error]) -> Bool {
        !errors.contains(where: isCancellation)
    }

    /// Whether `error` says the work was cancelled rather than that it failed.
    public static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError
    }

    /// The exponential backoff after the `failedAttempt`th failed attempt (from 1), capped at
    /// ``maxDelay``, before jitter and Retry-After.
    public func backoff(afterFailedAttempt failedAttempt: Int) -> TimeInterval {
        guard baseDelay > 0, maxDelay > 0 else { return 0 }
        // pow overflows to infinity after a few hundred attempts; min then gives maxDelay.
        let exponential = baseDelay * pow(multiplier, Double(max(failedAttempt, 1) - 1))
        return min(maxDelay, exponential)
    }

    /// The wait before the next attempt, once the `failedAttempt`th (from 1) has failed with `errors`:
    /// the jittered ``backoff(afterFailedAttempt:)``, raised to the longest advice of the errors that
    /// are ``RetryAfterProviding``, itself capped at ``maxRetryAfter``.
    public func delay(afterFailedAttempt failedAttempt: Int, errors: [any Error]) -> TimeInterval {
        let backoff = backoff(afterFailedAttempt: failedAttempt)
        // Clamped: a source that strays out of 0...1 must not push the wait past the backoff.
        let fraction = min(max(random(), 0), 1)
        let jittered = switch jitter {
        case .none: backoff
        case .full: backoff * fraction
        case .equal: backoff / 2 + backoff / 2 * fraction
        }
        guard let advised = Self.retryAfter(in: errors) else { return jittered }
        return max(jittered, min(advised, maxRetryAfter))
    }

    /// The longest valid advice among `errors`, or nil when none gives any.
    private static func retryAfter(in errors: [any Error]) -> TimeInterval? {
        errors.lazy
            .compactMap { ($0 as? any RetryAfterProviding)?.retryAfter }
            .filter { $0.isFinite }
            .map { max($0, 0) }
            .max()
    }
}
