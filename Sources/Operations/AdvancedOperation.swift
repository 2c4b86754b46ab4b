import Foundation

/// The base class of the engine: a Foundation `Operation` with conditions, observers, errors and a
/// guarded lifecycle (see ``OperationState``).
///
/// Subclass it and override one of the two `execute` methods:
/// - `execute()`, classic style: start the work and call ``finish(with:)`` when it is done, from any thread;
/// - `execute() async throws`: return to finish, throw to finish with that error; cancelling the
///   operation cancels the Swift task.
///
/// Add it to an ``AdvancedOperationQueue``: the queue holds it back until its dependencies have finished
/// and its conditions have passed, and only then hands it to Foundation. It must not be added to a plain
/// `OperationQueue` (it would start without waiting for its dependencies).
///
/// After it finishes, the operation lets go of its dependencies, so long finished chains release flat.
//
// @unchecked Sendable: every mutable field lives in `core` (a Locked); `graphOrder` is only touched under
// DependencyGraph's lock, the in-flight links under the queue's.
open class AdvancedOperation: Operation, @unchecked Sendable {
    struct Core {
        var state: OperationState = .initialized
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
        var didStart = false
        var task: Task<Void, Never>?
        var cycle: [String]?
        var finishHandlers: [@Sendable ([any Error]) -> Void] = []
    }

    /// How far a pending operation has got through its gates (suspension, exclusivity).
    enum Gate {
        case closed, parked, acquiring, acquired
    }

    let core = Locked(Core())
    /// Links in the in-flight list of the queue it was added to; only touched under that queue's lock.
    unowned(unsafe) var inFlightPrevious: AdvancedOperation?
    unowned(unsafe) var inFlightNext: AdvancedOperation?
    /// Position in a topological order of all live operations (see DependencyGraph).
    var graphOrder: Double

    public override init() {
        graphOrder = DependencyGraph.nextOrder()
        super.init()
    }

    // MARK: - Configuration (before the operation is added to a queue)

    /// Adds a condition. Only before the operation is added to a queue.
    public final func addCondition(_ condition: some OperationCondition) {
        core.withLock { core in
            precondition(core.state == .initialized, "\(displayName): conditions must be added before the operation is enqueued")
            core.conditions.append(condition)
        }
    }

    /// Adds an observer. Observers added after the operation has started miss what already happened.
    public final func addObserver(_ observer: some OperationObserver) {
        core.withLock { $0.observers.append(observer) }
    }

    /// The conditions, in the order they were added.
    public final var conditions: [any OperationCondition] { core.withLock { $0.conditions } }

    /// The observers, in the order they were added.
    public final var observers: [any OperationObserver] { core.withLock { $0.observers } }

    /// Makes this operation wait for `operation`.
    ///
    /// Honoured until the operation's conditions start being evaluated; ignored after that. A dependency
    /// that closes a cycle is not added: the operation fails with ``OperationError/dependencyCycle(_:)``
    /// when it is enqueued (at once, if it already is).
    public final override func addDependency(_ operation: Operation) {
        precondition(operation !== self, "\(displayName) cannot depend on itself")
        if let advanced = operation as? AdvancedOperation {
            let outcome = DependencyGraph.link(advanced, before: self)
            switch outcome {
            case .linked, .ignored:
                return
            case .alreadyFinished:
                return
            case let .cycle(names):
                recordCycle(names)
            }
        } else {
            guard registerDependency(operation) else { return }
            DependencyWatcher.watch(operation) { [self] in dependencyFinished(operation) }
        }
    }

    /// Removes a dependency. Only before the operation's conditions start being evaluated.
    public final override func removeDependency(_ operation: Operation) {
        let removed: Bool = core.withLock { core in
            guard core.state <= .pending, let index = core.dependencies.firstIndex(where: { $0 === operation }) else {
                return false
            }
            core.dependencies.remove(at: index)
            core.unfinished.remove(ObjectIdentifier(operation))
            return true
        }
        guard removed else { return }
        (operation as? AdvancedOperation)?.unregisterDependent(self)
        advance()
    }

    /// The dependencies, ordinary and generated by conditions; empty once the operation has finished.
    public final override var dependencies: [Operation] { core.withLock { $0.dependencies } }

    // MARK: - State

    /// Where the operation is in its life.
    public final var state: OperationState { core.withLock { $0.state } }

    /// The errors it finished (or was cancelled) with, in the order they were reported.
    public final var errors: [any Error] { core.withLock { $0.errors } }

    /// Whether it has reported any error.
    public final var failed: Bool { core.withLock { !$0.errors.isEmpty } }

    public final override var isAsynchronous: Bool { true }
    public final override var isExecuting: Bool { core.withLock { $0.state == .executing } }
    public final override var isFinished: Bool { core.withLock { $0.state == .finished } }
    public final override var isCancelled: Bool { core.withLock { $0.isCancelled } }

    // MARK: - Lifecycle

    /// Called by Foundation's queue once the engine has handed the operation over. Do not call it yourself.
    public final override func start() {
        let (cancelled, observers): (Bool, [any OperationObserver]) = core.withLock { core in
            guard core.state == .ready else {
                if core.state == .finished { return (true, []) }
                fatalError("\(displayName) was started in state \(core.state): add it to an AdvancedOperationQueue instead")
            }
            core.state = .executing
            core.didStart = !core.isCancelled
            return (core.isCancelled, core.observers)
        }
        if cancelled {
            runCancelled()
            return
        }
        postExecutingChange()
        for observer in observers { observer.operationDidStart(self) }
        execute()
    }

    /// Cancels the operation. See ``cancel(with:)``.
    public final override func cancel() {
        cancel(with: [])
    }

    // MARK: - Work

    /// The work, classic style: call ``finish(with:)`` when done, from any thread.
    ///
    /// The default runs `execute() async throws` in a Swift task.
    open func execute() {
        let task = Task { [self] in
            do {
                try await self.execute()
                finish()
            } catch is CancellationError where isCancelled {
                finish()
            } catch {
                finish(with: [error])
            }
        }
        let cancelNow = core.withLock { core in
            core.task = task
            return core.isCancelled
        }
        if cancelNow { task.cancel() }
    }

    /// The work, as Swift concurrency: return to finish, throw to fail. Cancellation reaches the task.
    open func execute() async throws {}

    /// Called once, before the finish observers, with every error reported. For subclasses.
    open func finished(with errors: [any Error]) {}

    /// Hook: the queue has adopted the operation (a group passes the queue's observers to its children).
    func didEnqueue(on queue: AdvancedOperationQueue) {}

    /// What `start()` does for an operation cancelled before it ran: finish at once. Groups drain first.
    func runCancelled() {
        finish()
    }

    /// Called once when the operation is cancelled, after the cancel observers. For subclasses that
    /// must stop work in flight (a timer, a network task).
    open func didCancel() {}

    /// Adds `operation` to this operation's queue, after telling the observers.
    public final func produceOperation(_ operation: Operation) {
        let (observers, queue) = core.withLock { ($0.observers, $0.queue) }
        for observer in observers { observer.operation(self, didProduce: operation) }
        queue?.addOperation(operation)
    }

    /// Calls `handler` with the errors once the operation has finished (at once if it has).
    public final func whenFinished(_ handler: @escaping @Sendable ([any Error]) -> Void) {
        let errors: [any Error]? = core.withLock { core in
            if core.state == .finished { return core.errors }
            core.finishHandlers.append(handler)
            return nil
        }
        if let errors { handler(errors) }
    }

    /// Waits, without blocking a thread, until the operation has finished; returns its errors.
    public final func finishedErrors() async -> [any Error] {
        await withCheckedContinuation { continuation in
            whenFinished { continuation.resume(returning: $0) }
        }
    }
}
