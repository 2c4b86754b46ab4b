import Foundation

extension AdvancedOperation {
    /// Everything about an operation that changes after it is created, guarded by its `core` lock.
    struct Core {
        /// Moved on only by ``transition(to:of:)``.
        private(set) var state: OperationState = .initialized
        var isCancelled = false
        var errors: [any Error] = []
        var conditions: [any OperationCondition] = []
        var observers: [any OperationObserver] = []
        var dependencies: [Operation] = []
        /// Dependencies not finished yet.
        var unfinished: Set<ObjectIdentifier> = []
        /// Still being enqueued: generated dependencies may yet be added.
        var enqueuing = false
        var dependents: [AdvancedOperation] = []
        var queue: AdvancedOperationQueue?
        var gate: Gate = .closed
        var exclusivityKeys: [String] = []
        var categories: [String] = []
        var pendingConditions = 0
        var conditionErrors: [any Error] = []
        var task: Task<Void, Never>?
        var cycle: [String]?
        var finishHandlers: [@Sendable ([any Error]) -> Void] = []

        /// Moves `operation`'s lifecycle on to `next`, which ``OperationState/canTransition(to:)``
        /// must allow.
        ///
        /// An `assert`, not a `precondition`: a caller's misuse (enqueueing twice, starting the
        /// operation outside an ``AdvancedOperationQueue``) is already stopped by a precondition where
        /// it happens, so what is left to check is the engine's own bookkeeping, and every caller has
        /// just checked the state under the same lock. Debug builds, which the tests run, check each
        /// transition; release builds, where each operation makes six or seven of them, pay nothing.
        @inline(__always)
        mutating func transition(to next: OperationState, of operation: AdvancedOperation) {
            assert(state.canTransition(to: next), "\(operation.displayName): illegal transition from \(state) to \(next)")
            state = next
        }
    }

    /// How far a pending operation has got through its gates (suspension, exclusivity).
    enum Gate {
        case closed, parked, acquiring, acquired
    }
}
