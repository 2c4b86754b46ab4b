import Foundation

/// Tells the engine when a plain Foundation operation finishes.
///
/// Foundation on Linux has no KVO, so the only signal is its own dependency machinery: a tiny watcher
/// operation that depends on the plain one runs when it finishes (or is cancelled and started).
enum DependencyWatcher {
    private static let queue: OperationQueue = {
        let queue = OperationQueue()
        queue.name = "Operations.DependencyWatcher"
        return queue
    }()

    static func watch(_ operation: Operation, then handler: @escaping @Sendable () -> Void) {
        let watcher = BlockOperation(block: handler)
        watcher.addDependency(operation)
        queue.addOperation(watcher)
    }
}
