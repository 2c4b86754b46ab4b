import Foundation

/// The queue that makes conditions, observers, exclusivity and produced operations work.
///
/// It adds the dependencies that conditions generate, enforces exclusivity categories across all
/// queues, enqueues the operations that operations produce, and holds every ``AdvancedOperation`` back
/// until its dependencies have finished and its conditions have passed; only then is it handed to
/// Foundation's queue. Plain Foundation operations go straight through, and may depend on engine
/// operations or be depended on by them, across queues.
///
/// To run a graph to completion from a command-line `main`, add the operations and call
/// ``waitUntilAllOperationsAreFinished()`` (blocks the calling thread; never on the main queue) or
/// `await` ``AdvancedOperation/finishedErrors()`` on the last operation from async code. See
/// ``run(_:)``.
//
// @unchecked Sendable: the queue's own state lives in `books` (a Locked); `group` is set once, before use.
open class AdvancedOperationQueue: OperationQueue, @unchecked Sendable {
    struct Books {
        var inFlight = InFlightOperations()
        var parked: [AdvancedOperation] = []
        var observers: [any OperationObserver] = []
        var onIdle: (@Sendable () -> Void)?
        var idleWaiters: [@Sendable () -> Void] = []
        weak var delegate: (any AdvancedOperationQueueDelegate)?
    }

    private let books = Locked(Books())
    /// Broadcast when `books.inFlight` becomes empty, for the threads blocked until the queue is idle.
    private let idle = LockCondition()

    /// The group whose children this queue runs, if any.
    weak var group: GroupOperation?

    public override init() {
        super.init()
    }

    /// Hears will-add and did-finish. Held weakly.
    public var delegate: (any AdvancedOperationQueueDelegate)? {
        get { books.withLock { $0.delegate } }
        set { books.withLock { $0.delegate = newValue } }
    }

    /// Adds an observer to every engine operation added to this queue from now on (including those
    /// generated, produced, and the children of groups added here).
    public func addObserver(_ observer: some OperationObserver) {
        books.withLock { $0.observers.append(observer) }
    }

    var defaultObservers: [any OperationObserver] { books.withLock { $0.observers } }

    // MARK: - Adding

    open override func addOperation(_ operation: Operation) {
        enqueue(operation)
    }

    open override func addOperations(_ operations: [Operation], waitUntilFinished wait: Bool) {
        for operation in operations { enqueue(operation) }
        if wait {
            for operation in operations { operation.waitUntilFinished() }
        }
    }

    /// Adds an operation, refusing it when its dependencies close a cycle.
    ///
    /// - Throws: ``OperationError/dependencyCycle(_:)`` naming the operations in the cycle; the operation
    ///   is then not added.
    public func add(_ operation: AdvancedOperation) throws {
        if let cycle = operation.dependencyCycle { throw OperationError.dependencyCycle(cycle) }
        enqueue(operation)
    }

    private func enqueue(_ operation: Operation) {
        delegate?.operationQueue(self, willAdd: operation)
        books.withLock { $0.inFlight.insert(operation) }
        guard let operation = operation as? AdvancedOperation else {
            DependencyWatcher.watch(operation) { [self] in operationDidFinish(operation, errors: []) }
            super.addOperation(operation)
            return
        }
        let conditions = operation.conditions
        let categories = conditions.isEmpty ? [] : Array(Set(conditions.compactMap(\.exclusivityCategory))).sorted()
        let setup = operation.prepareForEnqueue(on: self, categories: categories)
        if let cycle = setup.cycle {
            operation.cancel(with: [OperationError.dependencyCycle(cycle)])
        } else {
            for condition in setup.conditions {
                guard let dependency = condition.dependency(for: operation) else { continue }
                for ordinary in setup.ordinaryDependencies { dependency.addDependency(ordinary) }
                operation.addDependency(dependency)
                enqueue(dependency)
            }
        }
        operation.didEnqueue(on: self)
        operation.finishEnqueue()
    }

    /// A category is global, unless an enclosing group holds it: then it is scoped to that group, so
    /// the group's children exclude each other but not the group.
    func exclusivityKeys(for categories: [String]) -> [String] {
        categories.map { category in
            var group = self.group
            while let current = group {
                if current.exclusivityCategories.contains(category) {
                    return "\(category)@\(UInt(bitPattern: ObjectIdentifier(current).hashValue))"
                }
                group = current.enqueuedQueue?.group
            }
            return category
        }.sorted()
    }

    // MARK: - Handing over to Foundation

    /// The operations may run: Foundation's queue takes them from here (in one batch, so it
    /// schedules once and picks by priority among them).
    func handOff(_ operations: [AdvancedOperation]) {
        if operations.count == 1 {
            super.addOperation(operations[0])
        } else {
            super.addOperations(operations, waitUntilFinished: false)
        }
    }

    /// Parks the operation if the queue is suspended; `isSuspended = false` unparks it.
    func parkIfSuspended(_ operation: AdvancedOperation) -> Bool {
        books.withLock { books in
            guard super.isSuspended else { return false }
            books.parked.append(operation)
            return true
        }
    }

    open override var isSuspended: Bool {
        get { super.isSuspended }
        set {
            super.isSuspended = newValue
            guard !newValue else { return }
            let parked: [AdvancedOperation] = books.withLock { books in
                defer { books.parked = [] }
                return books.parked
            }
            for operation in parked { operation.unpark() }
        }
    }

    // MARK: - Finishing

    func operationDidFinish(_ operation: Operation, errors: [any Error]) {
        // The group and the delegate hear the finish while the operation still counts as in flight:
        // otherwise two children finishing at once could both leave the queue, the second find it
        // idle and finish the group while the first one's finish was still being heard (its results
        // and errors lost to the group).
        group?.childDidFinish(operation, errors: errors)
        books.withLock { $0.delegate }?.operationQueue(self, didFinish: operation, errors: errors)
        let (becameIdle, onIdle, waiters) = books.withLock { books in
            books.inFlight.remove(operation)
            let idle = books.inFlight.isEmpty
            defer { if idle { books.idleWaiters = [] } }
            return (idle, books.onIdle, idle ? books.idleWaiters : [])
        }
        if becameIdle {
            idle.broadcast()
            onIdle?()
            for waiter in waiters { waiter() }
        }
    }

    /// Calls `handler` once the queue is idle (at once if it is).
    public func whenIdle(_ handler: @escaping @Sendable () -> Void) {
        let now = books.withLock { books in
            if books.inFlight.isEmpty { return true }
            books.idleWaiters.append(handler)
            return false
        }
        if now { handler() }
    }

    /// Whether every operation added has finished.
    public var isIdle: Bool { books.withLock { $0.inFlight.isEmpty } }

    func setIdleHandler(_ handler: @escaping @Sendable () -> Void) {
        books.withLock { $0.onIdle = handler }
    }

    /// Blocks the calling thread until every operation added to this queue (and those they add) has
    /// finished. Never call it from one of the queue's own operations, nor from async code.
    @available(*, noasync, message: "await finishedErrors() on the operation instead")
    open override func waitUntilAllOperationsAreFinished() {
        books.wait(on: idle) { $0.inFlight.isEmpty }
    }

    /// Blocks until the queue is idle or `timeout` seconds have passed; true if it is idle.
    @available(*, noasync, message: "await finishedErrors() on the operation instead")
    public func waitUntilAllOperationsAreFinished(timeout: TimeInterval) -> Bool {
        books.wait(on: idle, deadline: Date(timeIntervalSinceNow: timeout)) { $0.inFlight.isEmpty }
    }

    /// Adds `operations` and blocks until the queue is idle; returns the errors of the engine operations
    /// given, in order. For command-line `main`s (not the main queue, not async code).
    @available(*, noasync, message: "await finishedErrors() on the operations instead")
    public func run(_ operations: [Operation]) -> [any Error] {
        addOperations(operations, waitUntilFinished: false)
        waitUntilAllOperationsAreFinished()
        return operations.flatMap { ($0 as? AdvancedOperation)?.errors ?? [] }
    }

    /// Cancels every operation added to this queue that has not finished, held back or not.
    open override func cancelAllOperations() {
        let operations = books.withLock { $0.inFlight.all }
        for operation in operations { operation.cancel() }
    }

    /// The operations added that have not finished yet, including those held back (Foundation's
    /// `operations` only knows those handed over).
    public var operationsInFlight: [Operation] { books.withLock { $0.inFlight.all } }
}
