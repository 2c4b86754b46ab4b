import Foundation

/// Adds the operation to an ``ActivityCounter`` while it executes.
public struct ActivityObserver: OperationObserver {
    public let counter: ActivityCounter

    public init(counter: ActivityCounter) {
        self.counter = counter
    }

    public func operationDidStart(_ operation: AdvancedOperation) { counter.begin(operation) }
    public func operationDidFinish(_ operation: AdvancedOperation, errors: [any Error]) { counter.end(operation) }
}
