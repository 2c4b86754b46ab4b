import Foundation

/// Gives an operation a time limit from the moment it starts.
///
/// When the time is up and the operation has not finished, it is cancelled with
/// ``OperationError/timedOut(operation:after:)`` and then finished, even if its work ignores
/// cancellation: there is no "cancelled but never finished". No effect on an operation that finished
/// in time, nor on one that `appliesWhile` says is past the part the limit is for (a download
/// whose bytes have all arrived, being read).
public struct TimeoutObserver: OperationObserver {
    public let timeout: TimeInterval
    private let appliesWhile: @Sendable () -> Bool

    public init(timeout: TimeInterval, appliesWhile: @escaping @Sendable () -> Bool = { true }) {
        self.timeout = timeout
        self.appliesWhile = appliesWhile
    }

    public func operationDidStart(_ operation: AdvancedOperation) {
        let timeout = timeout, appliesWhile = appliesWhile
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak operation] in
            guard let operation, !operation.isFinished, appliesWhile() else { return }
            operation.cancel(with: OperationError.timedOut(operation: operation.displayName, after: timeout))
            operation.finish()
        }
    }
}
