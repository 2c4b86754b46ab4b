import Foundation

/// Hears what an ``AdvancedOperationQueue`` does.
public protocol AdvancedOperationQueueDelegate: AnyObject, Sendable {
    /// An operation is about to be added (before its generated dependencies are).
    func operationQueue(_ queue: AdvancedOperationQueue, willAdd operation: Operation)
    /// An operation added to this queue finished, with these errors (always empty for plain operations).
    func operationQueue(_ queue: AdvancedOperationQueue, didFinish operation: Operation, errors: [any Error])
}

extension AdvancedOperationQueueDelegate {
    public func operationQueue(_ queue: AdvancedOperationQueue, willAdd operation: Operation) {}
    public func operationQueue(_ queue: AdvancedOperationQueue, didFinish operation: Operation, errors: [any Error]) {}
}
