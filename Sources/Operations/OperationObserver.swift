import Foundation

/// Watches an operation's life. Each callback comes at most once per operation (`didProduce` once per
/// produced operation), from whichever thread caused it; none is called with a lock held.
public protocol OperationObserver: Sendable {
    /// The operation's work began. Not called for an operation cancelled before it started.
    func operationDidStart(_ operation: AdvancedOperation)
    /// The operation was cancelled (the first `cancel` only).
    func operationDidCancel(_ operation: AdvancedOperation)
    /// The operation produced another one, which is being added to its queue.
    func operation(_ operation: AdvancedOperation, didProduce newOperation: Operation)
    /// The operation finished with these errors (empty on success). Always called, cancelled or not.
    func operationDidFinish(_ operation: AdvancedOperation, errors: [any Error])
}

extension OperationObserver {
    public func operationDidStart(_ operation: AdvancedOperation) {}
    public func operationDidCancel(_ operation: AdvancedOperation) {}
    public func operation(_ operation: AdvancedOperation, didProduce newOperation: Operation) {}
    public func operationDidFinish(_ operation: AdvancedOperation, errors: [any Error]) {}
}
