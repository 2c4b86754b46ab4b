import Foundation

/// Makes an operation a critical section: while it executes, SIGINT and SIGTERM are held back by the
/// ``SignalGate`` and delivered once it (and any other critical operation) has finished.
///
/// The command-line counterpart of iOS's background-task observer: a save step is never interrupted
/// half-way.
public struct CriticalSectionObserver: OperationObserver {
    public let gate: SignalGate

    public init(gate: SignalGate = .shared) {
        self.gate = gate
    }

    public func operationDidStart(_ operation: AdvancedOperation) { gate.enter(ObjectIdentifier(operation)) }
    public func operationDidFinish(_ operation: AdvancedOperation, errors: [any Error]) { gate.leave(ObjectIdentifier(operation)) }
}
