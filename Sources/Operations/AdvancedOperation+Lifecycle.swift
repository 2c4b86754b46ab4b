import Foundation

extension AdvancedOperation {
    /// Finishes the operation, adding `errors` to those reported so far.
    ///
    /// Safe from any thread and idempotent: only the first call finishes and notifies the observers. Called
    /// before the operation has started, it cancels the operation instead (Foundation must start an
    /// operation before it may finish).
    public final func finish(with errors: [any Error] = []) {
        enum Decision { case finish, ignore, cancelInstead }
        let decision: Decision = core.withLock { core in
            switch core.state {
            case .executing:
                core.transition(to: .finishing, of: self)
                core.errors.append(contentsOf: errors)
                return .finish
            case .finishing, .finished:
                return .ignore
            default:
                return .cancelInstead
            }
        }
        switch decision {
        case .ignore:
            return
        case .cancelInstead:
            cancel(with: errors)
            return
        case .finish:
            break
        }
        withExtendedLifetime(self) { completeFinish() }
    }

    /// Finishes with one error.
    public final func finish(with error: any Error) {
        finish(with: [error])
    }

    private func completeFinish() {
        let (allErrors, observers) = core.withLock { ($0.errors, $0.observers) }
        finished(with: allErrors)
        for observer in observers { observer.operationDidFinish(self, errors: allErrors) }
        let (dependents, queue, keys, handlers) = core.withLock { core in
            core.transition(to: .finished, of: self)
            defer {
                core.dependents = []
                core.dependencies = []
                core.unfinished = []
                core.queue = nil
                core.task = nil
                core.finishHandlers = []
                core.conditions = []
            }
            return (core.dependents, core.queue, core.exclusivityKeys, core.finishHandlers)
        }
        if !keys.isEmpty { ExclusivityController.shared.release(keys, for: self) }
        postFinishedChange()
        if !dependents.isEmpty {
            let batch = HandOffBatch()
            for dependent in dependents { dependent.dependencyFinished(self, batch: batch) }
            batch.flush()
        }
        for handler in handlers { handler(allErrors) }
        queue?.operationDidFinish(self, errors: allErrors)
    }

    /// Cancels the operation, adding `errors` to those it will finish with.
    ///
    /// Pending, the operation leaves its queue at once (without waiting for its dependencies or
    /// conditions) and finishes as soon as Foundation starts it; executing, its work is told (the Swift
    /// task is cancelled, ``didCancel()`` is called) and should finish soon. Cancel observers hear about
    /// the first call only.
    public final func cancel(with errors: [any Error]) {
        let (firstCancel, task, observers): (Bool, Task<Void, Never>?, [any OperationObserver]) = core.withLock { core in
            guard core.state < .finishing else { return (false, nil, []) }
            core.errors.append(contentsOf: errors)
            guard !core.isCancelled else { return (false, nil, []) }
            core.isCancelled = true
            return (true, core.task, core.observers)
        }
        guard firstCancel else { return }
        task?.cancel()
        for observer in observers { observer.operationDidCancel(self) }
        didCancel()
        advance()
    }

    /// Cancels the operation with one error.
    public final func cancel(with error: any Error) {
        cancel(with: [error])
    }

    // Foundation on Linux only listens for "isFinished"; Darwin's KVO also wants the executing change.
    func postExecutingChange() {
        #if canImport(Darwin)
        willChangeValue(forKey: "isExecuting")
        didChangeValue(forKey: "isExecuting")
        #endif
    }

    private func postFinishedChange() {
        #if canImport(Darwin)
        willChangeValue(forKey: "isExecuting")
        willChangeValue(forKey: "isFinished")
        didChangeValue(forKey: "isExecuting")
        #endif
        didChangeValue(forKey: "isFinished")
    }
}
