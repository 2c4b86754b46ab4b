import Foundation

/// Fails when any of the operation's engine dependencies finished with errors.
public struct NoFailedDependencies: OperationCondition {
    public init() {}

    public func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        let failed = operation.dependencies.compactMap { $0 as? AdvancedOperation }.filter(\.failed)
        if failed.isEmpty {
            completion(.satisfied)
        } else {
            completion(.failed(OperationError.dependenciesFailed(
                operation: operation.displayName, dependencies: failed.map(\.displayName))))
        }
    }
}
