import Foundation

/// An operation made of other operations: it finishes after all of its children, and all the
/// operations they produce, have finished; its errors are theirs, aggregated.
///
/// Children run on the group's own queue, which stays suspended until the group executes, so no child
/// starts (nor has its conditions evaluated) before the group does. Cancelling the group cancels its
/// children and the group still finishes once they have; children added after that are cancelled.
//
// @unchecked Sendable: mutable state lives in `childErrors` (a Locked) and the superclass's core.
open class GroupOperation: AdvancedOperation, @unchecked Sendable {
    /// The queue the children run on.
    public let innerQueue = AdvancedOperationQueue()
    private let childErrors = Locked<[any Error]>([])

    public init(operations: [Operation] = []) {
        super.init()
        innerQueue.isSuspended = true
        innerQueue.group = self
        innerQueue.name = "GroupOperation.innerQueue"
        innerQueue.setIdleHandler { [weak self] in self?.childrenDrained() }
        for operation in operations { addOperation(operation) }
    }

    /// Adds a child. A child added to a cancelled group is cancelled first.
    public final func addOperation(_ operation: Operation) {
        if isCancelled { operation.cancel() }
        innerQueue.addOperation(operation)
    }

    /// Adds several children.
    public final func addOperations(_ operations: [Operation]) {
        for operation in operations { addOperation(operation) }
    }

    /// Called on every child's finish, before the group aggregates its errors. For subclasses.
    open func operationDidFinish(_ operation: Operation, withErrors errors: [any Error]) {}

    /// What the children's errors mean for the group, once all have finished: by default the group
    /// fails with all of them. A subclass may recover (return fewer) or restate them.
    open func errorsFromChildren(_ errors: [any Error]) -> [any Error] { errors }

    /// Subclasses that add children here must call `super.execute()` after adding them.
    open override func execute() {
        innerQueue.isSuspended = false
        if innerQueue.isIdle { childrenDrained() }
    }

    override func runCancelled() {
        innerQueue.cancelAllOperations()
        innerQueue.isSuspended = false
        if innerQueue.isIdle { childrenDrained() }
    }

    open override func didCancel() {
        innerQueue.cancelAllOperations()
    }

    override func didEnqueue(on queue: AdvancedOperationQueue) {
        propagate(queue.defaultObservers)
    }

    /// Makes a queue's observers see the group's children too, including those added before the group
    /// was enqueued (none of them has started: the inner queue is still suspended).
    private func propagate(_ observers: [any OperationObserver]) {
        guard !observers.isEmpty else { return }
        for observer in observers { innerQueue.addObserver(observer) }
        for child in innerQueue.operationsInFlight {
            guard let child = child as? AdvancedOperation else { continue }
            for observer in observers { child.addObserver(observer) }
            (child as? GroupOperation)?.propagate(observers)
        }
    }

    func childDidFinish(_ operation: Operation, errors: [any Error]) {
        operationDidFinish(operation, withErrors: errors)
        if !errors.isEmpty { childErrors.withLock { $0.append(contentsOf: errors) } }
    }

    private func childrenDrained() {
        guard state == .executing, innerQueue.isIdle else { return }
        finish(with: errorsFromChildren(childErrors.withLock { $0 }))
    }
}
