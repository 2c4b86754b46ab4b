import Foundation

/// Fails when any of the operation's dependencies was cancelled.
public struct NoCancelledDependencies: OperationCondition {
    public init() {}

    public func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        let cancelled = operation.dependencies.filter(\.isCancelled)
        if cancelled.isEmpty {
            completion(.satisfied)
        } else {
            completion(.failed(OperationError.dependenciesCancelled(
                operation: operation.displayName, dependencies: cancelled.map(\.displayName))))
        }
    }
}

