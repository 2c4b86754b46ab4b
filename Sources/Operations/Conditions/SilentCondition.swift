import Foundation

/// The wrapped condition without its dependency: it only checks, it never acts (no login prompt for
/// "logged in", just "skip when logged out").
public struct SilentCondition<Wrapped: OperationCondition>: OperationCondition {
    public let wrapped: Wrapped

    public init(_ wrapped: Wrapped) {
        self.wrapped = wrapped
    }

    public var name: String { "Silent<\(wrapped.name)>" }
    public var exclusivityCategory: String? { wrapped.exclusivityCategory }

    public func dependency(for operation: AdvancedOperation) -> Operation? { nil }

    public func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        wrapped.evaluate(for: operation, completion: completion)
    }
}
