import Foundation

// How a pending operation becomes ready. The queue never hands an operation to Foundation before its
// dependencies have finished and its conditions have passed, so Foundation's queue only ever holds
// operations that can run: its readiness cache and its scan over waiting operations never come into play.
//
// Why conditions are evaluated only after the ordinary dependencies finished and only on a running
// queue (the guarantee the talk got from a hidden evaluation dependency): `advance()` is the only path
// from `pending` to `evaluatingConditions`, and under the operation's lock it requires (1) `unfinished`
// empty — it holds every dependency, including condition-generated ones — and `enqueuing` false (it is
// cleared only once the generated dependencies are wired), and (2) the gate to have passed `parked`, which the queue opens only
// while it is not suspended (a group's queue is suspended until the group executes).
extension AdvancedOperation {
    struct EnqueueSetup {
        var conditions: [any OperationCondition]
        var ordinaryDependencies: [Operation]
        var cycle: [String]?
    }

    /// The queue adopts the operation: `initialized → pending`.
    func prepareForEnqueue(on queue: AdvancedOperationQueue, categories: [String]) -> EnqueueSetup {
        core.withLock { core in
            precondition(core.state == .initialized, "\(displayName) was already added to a queue")
            core.transition(to: .pending, of: self)
            core.queue = queue
            core.categories = categories
            core.observers.append(contentsOf: queue.defaultObservers)
            core.enqueuing = true
            return EnqueueSetup(conditions: core.conditions, ordinaryDependencies: core.dependencies, cycle: core.cycle)
        }
    }

    /// Enqueueing is complete (generated dependencies are wired): let it go.
    func finishEnqueue() {
        core.withLock { $0.enqueuing = false }
        advance()
    }

    /// The categories of its conditions, for the exclusivity scope of its children.
    var exclusivityCategories: [String] { core.withLock { $0.categories } }

    var enqueuedQueue: AdvancedOperationQueue? { core.withLock { $0.queue } }

    // MARK: Dependencies

    /// Records a plain Foundation dependency; false when it cannot be added any more.
    func registerDependency(_ operation: Operation) -> Bool {
        core.withLock { core in
            guard core.state <= .pending, !core.dependencies.contains(where: { $0 === operation }) else { return false }
            core.dependencies.append(operation)
            core.unfinished.insert(ObjectIdentifier(operation))
            return true
        }
    }

    /// Records an engine dependency found live (`unfinished`) or finished; false when refused.
    func appendDependency(_ operation: AdvancedOperation, unfinished: Bool) -> Bool {
        core.withLock { core in
            guard core.state <= .pending, !core.dependencies.contains(where: { $0 === operation }) else { return false }
            core.dependencies.append(operation)
            if unfinished { core.unfinished.insert(ObjectIdentifier(operation)) }
            return true
        }
    }

    /// Whether `operation` could still be added as a dependency.
    func acceptsDependency(_ operation: Operation) -> Bool {
        core.withLock { core in
            core.state <= .pending && !core.dependencies.contains(where: { $0 === operation })
        }
    }

    /// Registers `operation` to hear when this one finishes; false if this one already has.
    func registerDependent(_ operation: AdvancedOperation) -> Bool {
        core.withLock { core in
            guard core.state != .finished else { return false }
            core.dependents.append(operation)
            return true
        }
    }

    func unregisterDependent(_ operation: AdvancedOperation) {
        core.withLock { core in
            if let index = core.dependents.firstIndex(where: { $0 === operation }) {
                core.dependents.remove(at: index)
            }
        }
    }

    /// Live dependents (for the dependency graph's search).
    var liveDependents: [AdvancedOperation] { core.withLock { $0.state == .finished ? [] : $0.dependents } }

    /// Live engine dependencies (for the dependency graph's search).
    var liveDependencies: [AdvancedOperation] {
        core.withLock { core in
            core.state == .finished ? [] : core.dependencies.compactMap { $0 as? AdvancedOperation }.filter { core.unfinished.contains(ObjectIdentifier($0)) }
        }
    }

    var isLive: Bool { core.withLock { $0.state != .finished } }

    func dependencyFinished(_ operation: Operation, batch: HandOffBatch? = nil) {
        let last = core.withLock { core in
            core.unfinished.remove(ObjectIdentifier(operation)) != nil && core.unfinished.isEmpty
        }
        if last { advance(batch: batch) }
    }

    func recordCycle(_ names: [String]) {
        let enqueued = core.withLock { core in
            core.cycle = names
            return core.state >= .pending
        }
        if enqueued { cancel(with: [OperationError.dependencyCycle(names)]) }
    }

    var dependencyCycle: [String]? { core.withLock { $0.cycle } }

    // MARK: The way to ready

    private enum Step {
        case none
        case handOff(AdvancedOperationQueue)
        case checkSuspension(AdvancedOperationQueue)
        case evaluate([any OperationCondition])
    }

    /// Takes the next step towards `ready`, if one is possible now. Called on every event that may
    /// unblock the operation; never with a lock held. With a batch, a hand-off waits for the batch.
    func advance(batch: HandOffBatch? = nil) {
        let step: Step = core.withLock { core in
            guard let queue = core.queue else { return .none }
            switch core.state {
            case .pending, .evaluatingConditions:
                if core.isCancelled {
                    // A cancelled operation leaves at once; start() finishes it.
                    core.transition(to: .ready, of: self)
                    return .handOff(queue)
                }
            default:
                return .none
            }
            guard core.state == .pending, core.unfinished.isEmpty, !core.enqueuing else { return .none }
            switch core.gate {
            case .closed:
                if core.conditions.isEmpty && core.categories.isEmpty {
                    core.transition(to: .ready, of: self)
                    return .handOff(queue)
                }
                core.gate = .parked
                return .checkSuspension(queue)
            case .parked, .acquiring:
                return .none
            case .acquired:
                if core.conditions.isEmpty {
                    core.transition(to: .ready, of: self)
                    return .handOff(queue)
                }
                core.transition(to: .evaluatingConditions, of: self)
                core.pendingConditions = core.conditions.count
                return .evaluate(core.conditions)
            }
        }
        switch step {
        case .none:
            break
        case let .handOff(queue):
            if let batch { batch.add(self, to: queue) } else { queue.handOff([self]) }
        case let .checkSuspension(queue):
            if !queue.parkIfSuspended(self) { unpark() }
        case let .evaluate(conditions):
            for condition in conditions {
                condition.evaluate(for: self) { [self] result in conditionEvaluated(result) }
            }
        }
    }

    /// The queue is running: request exclusivity, then go on.
    ///
    /// The keys are resolved now, not at enqueue: a group's children are enqueued before the group is,
    /// and only now (the group executing) are the group's own categories known.
    func unpark() {
        let claim: (AdvancedOperationQueue, [String])? = core.withLock { core in
            guard core.state == .pending, core.gate == .parked, let queue = core.queue else { return nil }
            core.gate = .acquiring
            return (queue, core.categories)
        }
        guard let (queue, categories) = claim else { return }
        let keys = queue.exclusivityKeys(for: categories)
        core.withLock { $0.exclusivityKeys = keys }
        if keys.isEmpty {
            exclusivityGranted()
        } else {
            ExclusivityController.shared.acquire(keys, for: self) { [self] in exclusivityGranted() }
        }
    }

    private func exclusivityGranted() {
        let (finished, keys) = core.withLock { core in
            if core.gate == .acquiring { core.gate = .acquired }
            return (core.state == .finished, core.exclusivityKeys)
        }
        // Finished while the keys were being resolved: its finish could not release them.
        if finished {
            ExclusivityController.shared.release(keys, for: self)
            return
        }
        advance()
    }

    private func conditionEvaluated(_ result: ConditionResult) {
        enum Outcome { case wait, ready(AdvancedOperationQueue), failed([any Error]) }
        let outcome: Outcome = core.withLock { core in
            guard core.state == .evaluatingConditions, let queue = core.queue else { return .wait }
            if let error = result.error { core.conditionErrors.append(error) }
            core.pendingConditions -= 1
            guard core.pendingConditions == 0 else { return .wait }
            if core.conditionErrors.isEmpty {
                core.transition(to: .ready, of: self)
                return .ready(queue)
            }
            return .failed(core.conditionErrors)
        }
        switch outcome {
        case .wait:
            break
        case let .ready(queue):
            queue.handOff([self])
        case let .failed(errors):
            cancel(with: errors)
        }
    }
}

