/// Where an ``AdvancedOperation`` is in its life.
///
/// The states only move forward, one at a time, with one skip: `pending → ready`, taken by an
/// operation without conditions and by one cancelled before its conditions were evaluated. One
/// cancelled while they are evaluated, or whose condition fails (which cancels it), goes on to `ready`
/// as if they had passed. No operation skips `executing`, cancelled or not: `start()` finishes a
/// cancelled one at once, and `finish` called before `start` cancels instead.
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

    /// Whether the lifecycle allows going from `self` to `next`: exactly the transitions the engine makes.
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
