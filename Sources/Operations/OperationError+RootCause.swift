/// An error that says an operation was deliberately left out (a step skipped because it does not
/// apply), not that something went wrong: never the cause of a failure.
public protocol SkipReason: Error {}

extension OperationError {
    /// The error that explains a failure among an operation's `errors`: the first that is neither a
    /// consequence of another (a dependency failed or was cancelled) nor a ``SkipReason``. Nil when
    /// there is none.
    public static func rootCause(in errors: [any Error]) -> (any Error)? {
        errors.first { error in
            switch error {
            case OperationError.dependenciesFailed, OperationError.dependenciesCancelled, is any SkipReason: false
            default: true
            }
        }
    }
}
