import Foundation

/// The outcome of evaluating an ``OperationCondition``.
public enum ConditionResult: Sendable {
    case satisfied
    case failed(any Error)

    /// The error when failed, else nil.
    public var error: (any Error)? {
        if case let .failed(error) = self { return error }
        return nil
    }
}

/// Something that must be true before an operation may run.
///
/// A condition can generate the operation that makes it true (a login for "logged in"), declare a
/// mutual-exclusivity category (no two operations of the category run at once, across all queues),
/// and is evaluated asynchronously once the operation's dependencies have finished. A failed condition
/// cancels the operation with that error; its work never runs.
public protocol OperationCondition: Sendable {
    /// A name for messages and traces.
    var name: String { get }

    /// Operations carrying a condition with the same category never run at the same time.
    var exclusivityCategory: String? { get }

    /// An operation to run before `operation` that may make this condition true, or nil.
    ///
    /// It runs after the operation's ordinary dependencies have finished.
    func dependency(for operation: AdvancedOperation) -> Operation?

    /// Decides whether the condition holds for `operation`; call `completion` exactly once, from any thread.
    func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void)
}

extension OperationCondition {
    public var name: String { String(describing: type(of: self)) }
    public var exclusivityCategory: String? { nil }
    public func dependency(for operation: AdvancedOperation) -> Operation? { nil }
}
