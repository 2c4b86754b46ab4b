import Foundation

/// An error that says how long to wait before trying again.
///
/// Conform the errors that carry a server's advice, an HTTP 429 or 503 with a `Retry-After` header
/// say, and a ``RetryOperation`` waits at least that long before its next attempt (no longer than
/// ``RetryPolicy/maxRetryAfter``, so a hostile or broken server cannot park the caller for a day).
/// `nil` means the error gives no advice: the policy's backoff alone decides.
public protocol RetryAfterProviding: Error {
    /// Seconds to wait before the next attempt, or nil for no advice.
    var retryAfter: TimeInterval? { get }
}
