import Foundation
import Operations

/// Satisfied when every step this one depends on succeeded or was skipped (not logged in is fine; a
/// failed download is not). Fails naming the failed steps.
struct StepsSucceededCondition: OperationCondition {
    var name: String { "StepsSucceeded" }

    func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        let failed = operation.dependencies.compactMap { $0 as? AdvancedOperation }.filter { dependency in
            dependency.errors.contains { !($0 is SkippedStep) } || (dependency.isCancelled && !dependency.wasSkipped)
        }
        if failed.isEmpty {
            completion(.satisfied)
        } else {
            completion(.failed(OperationError.dependenciesFailed(operation: operation.displayName,
                                                                 dependencies: failed.map(\.displayName))))
        }
    }
}

extension AdvancedOperation {
    /// Skipped because the step does not apply (a condition said so, or the step itself).
    var wasSkipped: Bool {
        let errors = errors
        return !errors.isEmpty && errors.allSatisfy { $0 is SkippedStep }
    }
}
