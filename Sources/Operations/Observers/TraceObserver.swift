import Foundation

/// Records each operation's start and finish into an ``OperationTrace``.
public struct TraceObserver: OperationObserver {
    public let trace: OperationTrace

    public init(trace: OperationTrace) {
        self.trace = trace
    }

    public func operationDidStart(_ operation: AdvancedOperation) { trace.begin(operation) }
    public func operationDidFinish(_ operation: AdvancedOperation, errors: [any Error]) { trace.end(operation, errors: errors) }
}
