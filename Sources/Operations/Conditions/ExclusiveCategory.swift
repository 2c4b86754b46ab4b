import Foundation

/// Mutual exclusivity by a category name: no two operations with the same category run at once.
///
/// The string form of ``MutuallyExclusive``, for categories that are not types ("terminal", "sync").
public struct ExclusiveCategory: OperationCondition {
    public let category: String

    public init(_ category: String) {
        self.category = category
    }

    public var name: String { "ExclusiveCategory(\(category))" }
    public var exclusivityCategory: String? { category }

    public func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        completion(.satisfied)
    }
}
