import Foundation

/// Gives an operation a time limit from the moment it starts.
///
/// When the time is up and the operation has not finished, it is cancelled with
/// ``OperationError/timedOut(operation:after:)`` and then finished, even if its work ignores
/// cancellation: there is no "cancelled but never finished". No effect on an operation that finished
/// in time.
public struct TimeoutObserver: OperationObserver {
    public let timeout: TimeInterval

    public init(timeout: TimeInterval) {
        self.timeout = timeout
    }

    public func operationDidStart(_ operation: AdvancedOperation) {
        let timeout = timeout
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak operation] in
            guard let operation, !operation.isFinished else { return }
            operation.cancel(with: OperationError.timedOut(operation: operation.displayName, after: timeout))
            operation.finish()
        }
    }
}
