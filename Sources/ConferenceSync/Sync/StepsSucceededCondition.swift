import ConferenceModel
import Foundation
import Operations

/// Satisfied when every step this one depends on succeeded or was skipped (not logged in is fine; a
/// failed download is not). Fails naming the failed steps.
struct StepsSucceededCondition: OperationCondition {
    var name: String { "StepsSucceeded" }

    func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        if let error = Self.failure(of: operation, waitingFor: operation.dependencies.compactMap { $0 as? AdvancedOperation }) {
            completion(.failed(error))
        } else {
            completion(.satisfied)
        }
    }

    /// The error `operation` stops with when one of the finished `steps` it waits for failed; nil when
    /// each succeeded or was skipped.
    static func failure(of operation: AdvancedOperation, waitingFor steps: [AdvancedOperation]) -> (any Error)? {
        let failed = steps.filter { step in
            step.errors.contains { !($0 is SkippedStep) } || (step.isCancelled && !step.wasSkipped)
        }
        if failed.isEmpty { return nil }
        return OperationError.dependenciesFailed(operation: operation.displayName, dependencies: failed.map(\.displayName))
    }
}

extension AdvancedOperation {
    /// Skipped because the step does not apply (a condition said so, or the step itself).
    var wasSkipped: Bool {
        let errors = errors
        return !errors.isEmpty && errors.allSatisfy { $0 is SkippedStep }
    }
}
