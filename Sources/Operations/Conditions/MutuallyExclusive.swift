import Foundation

/// No two operations carrying `MutuallyExclusive<T>` for the same `T` run at once, on any queue.
///
/// `T` is only a tag: `MutuallyExclusive<AlertOperation>` keeps alerts apart.
public struct MutuallyExclusive<T>: OperationCondition {
    public init() {}

    public var name: String { "MutuallyExclusive<\(T.self)>" }
    public var exclusivityCategory: String? { String(reflecting: T.self) }

    public func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        completion(.satisfied)
    }
}
