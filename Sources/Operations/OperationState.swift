/// Where an ``AdvancedOperation`` is in its life.
///
/// The states only move forward. The one permitted skip is `pending → ready`, taken by an operation
/// with nothing to evaluate and by an operation that was cancelled before it could run.
public enum OperationState: Int, Sendable, Comparable, CustomStringConvertible {
    /// Created, not yet added to a queue; dependencies, conditions and observers may still be added.
    case initialized
    /// On a queue, waiting for its dependencies, for its queue to resume and for exclusivity.
    case pending
    /// Its conditions are being evaluated.
    case evaluatingConditions
    /// Handed to Foundation's queue, waiting for a thread.
    case ready
    /// Its work is running (or, if it was cancelled, it is cleaning up).
    case executing
    /// Its finish observers are being told.
    case finishing
    /// Done. Dependents may start.
    case finished

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether the lifecycle allows going from `self` to `next`.
    public func canTransition(to next: OperationState) -> Bool {
        switch (self, next) {
        case (.initialized, .pending),
             (.pending, .evaluatingConditions), (.pending, .ready),
             (.evaluatingConditions, .ready),
             (.ready, .executing),
             (.executing, .finishing),
             (.finishing, .finished):
            return true
        default:
            return false
        }
    }

    public var description: String {
        switch self {
        case .initialized: "initialized"
        case .pending: "pending"
        case .evaluatingConditions: "evaluating conditions"
        case .ready: "ready"
        case .executing: "executing"
        case .finishing: "finishing"
        case .finished: "finished"
        }
    }
}
