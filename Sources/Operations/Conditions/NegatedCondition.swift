import Foundation

/// Satisfied when the wrapped condition fails, and the other way round.
///
/// The wrapped condition's dependency and exclusivity category still apply.
public struct NegatedCondition<Wrapped: OperationCondition>: OperationCondition {
    public let wrapped: Wrapped

    public init(_ wrapped: Wrapped) {
        self.wrapped = wrapped
    }

    public var name: String { "Not<\(wrapped.name)>" }
    public var exclusivityCategory: String? { wrapped.exclusivityCategory }

    public func dependency(for operation: AdvancedOperation) -> Operation? {
        wrapped.dependency(for: operation)
    }

    public func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        let name = wrapped.name
        wrapped.evaluate(for: operation) { result in
            switch result {
            case .satisfied:
                completion(.failed(OperationError.negatedConditionSatisfied(condition: name, operation: operation.displayName)))
            case .failed:
                completion(.satisfied)
            }
        }
    }
}
