import Foundation

/// A condition decided by a closure: true passes, false fails, a thrown error fails with that error.
public struct BlockCondition: OperationCondition {
    public let name: String
    private let block: @Sendable () throws -> Bool

    public init(name: String = "BlockCondition", _ block: @escaping @Sendable () throws -> Bool) {
        self.name = name
        self.block = block
    }

    public func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        do {
            if try block() {
                completion(.satisfied)
            } else {
                completion(.failed(OperationError.conditionFailed(condition: name, operation: operation.displayName, reason: nil)))
            }
        } catch {
            completion(.failed(error))
        }
    }
}
