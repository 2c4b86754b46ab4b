import Foundation

/// An observer made of closures; leave out the ones you don't need.
public struct BlockObserver: OperationObserver {
    private let start: (@Sendable (AdvancedOperation) -> Void)?
    private let cancel: (@Sendable (AdvancedOperation) -> Void)?
    private let produce: (@Sendable (AdvancedOperation, Operation) -> Void)?
    private let finish: (@Sendable (AdvancedOperation, [any Error]) -> Void)?

    public init(
        start: (@Sendable (AdvancedOperation) -> Void)? = nil,
        cancel: (@Sendable (AdvancedOperation) -> Void)? = nil,
        produce: (@Sendable (AdvancedOperation, Operation) -> Void)? = nil,
        finish: (@Sendable (AdvancedOperation, [any Error]) -> Void)? = nil
    ) {
        self.start = start
        self.cancel = cancel
        self.produce = produce
        self.finish = finish
    }

    public func operationDidStart(_ operation: AdvancedOperation) { start?(operation) }
    public func operationDidCancel(_ operation: AdvancedOperation) { cancel?(operation) }
    public func operation(_ operation: AdvancedOperation, didProduce newOperation: Operation) { produce?(operation, newOperation) }
    public func operationDidFinish(_ operation: AdvancedOperation, errors: [any Error]) { finish?(operation, errors) }
}
