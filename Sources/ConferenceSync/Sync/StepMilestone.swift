import Foundation
import Operations

/// A point a step's work reaches before the step ends, as an operation of the graph: other steps wait
/// for it instead of the whole step (the schedule's download, not its check). Finishes when its step
/// reaches it, handing on what the step had then; fails as its step did when the step ends first.
//
// @unchecked Sendable: mutable state is in a Locked value; the rest is the superclass's.
final class StepMilestone<Value: Sendable>: AdvancedOperation, OutputOperation, @unchecked Sendable {
    let output = OperationOutput<Value>()

    private enum Outcome {
        case reached
        case failed([any Error])
    }

    private struct State {
        var executing = false
        var outcome: Outcome?
    }

    private let progress = Locked(State())

    init(name: String) {
        super.init()
        self.name = name
    }

    /// The step got here; `value` (when there is one) goes to the operations that read it.
    func reach(_ value: Value?) {
        if let value { output.set(value) }
        settle(.reached)
    }

    /// The step ended without getting here: its dependents see it fail (or skip) with the step's `errors`.
    func stepEnded(errors: [any Error], cancelled: Bool) {
        // A step cancelled without a word still stops what waits for it.
        settle(.failed(cancelled && errors.isEmpty ? [OperationError.dependenciesCancelled(operation: name ?? "", dependencies: [])] : errors))
    }

    override func execute() {
        let outcome: Outcome? = progress.withLock { state in
            state.executing = true
            return state.outcome
        }
        if let outcome { end(outcome) }
    }

    /// The first outcome counts; it ends the operation once it has started.
    private func settle(_ outcome: Outcome) {
        let now: Bool = progress.withLock { state in
            guard state.outcome == nil else { return false }
            state.outcome = outcome
            return state.executing
        }
        if now { end(outcome) }
    }

    private func end(_ outcome: Outcome) {
        switch outcome {
        case .reached: finish()
        case .failed(let errors): finish(with: errors)
        }
    }
}
