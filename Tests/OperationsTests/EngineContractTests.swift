import Foundation
import Operations
import Testing

/// The engine's smaller public types, each held to what its documentation promises.
@Suite("Engine contracts: states, observers, root causes, waiting on a lock")
struct EngineContractTests {
    @Test("the states move forward one at a time, with the one skip from pending to ready")
    func stateTransitions() {
        let all: [OperationState] = [.initialized, .pending, .evaluatingConditions, .ready, .executing, .finishing, .finished]
        #expect(all == all.sorted())
        let allowed = all.flatMap { from in all.filter { from.canTransition(to: $0) }.map { "\(from)→\($0)" } }
        #expect(allowed.count == 7, "\(allowed)")
        for (from, to) in zip(all, all.dropFirst()) where from != .pending {
            #expect(from.canTransition(to: to), "\(from) → \(to)")
        }
        #expect(OperationState.pending.canTransition(to: .evaluatingConditions))
        #expect(OperationState.pending.canTransition(to: .ready))
        #expect(!OperationState.ready.canTransition(to: .pending))
        #expect(!OperationState.ready.canTransition(to: .finishing), "no operation skips executing")
        #expect(!OperationState.finished.canTransition(to: .initialized))
    }

    @Test("an observer of its own hears start, produce, cancel and finish, each once, in order; methods it leaves out cost nothing")
    func ownObserver() async {
        final class Listener: OperationObserver {
            let events = Locked<[String]>([])
            func operationDidStart(_ operation: AdvancedOperation) { events.withLock { $0.append("start \(operation.name ?? "")") } }
            func operationDidCancel(_ operation: AdvancedOperation) { events.withLock { $0.append("cancel") } }
            func operation(_ operation: AdvancedOperation, didProduce newOperation: Operation) {
                events.withLock { $0.append("produce \(newOperation.name ?? "")") }
            }
            func operationDidFinish(_ operation: AdvancedOperation, errors: [any Error]) {
                events.withLock { $0.append("finish \(errors.count)") }
            }
        }
        struct FinishOnly: OperationObserver {
            let finished: Locked<Int>
            func operationDidFinish(_ operation: AdvancedOperation, errors: [any Error]) { finished.withLock { $0 += 1 } }
        }
        let listener = Listener()
        let finished = Locked(0)
        let operation = ClosureOperation(name: "subject") { continuation in continuation([Failure("x")]) }
        operation.addObserver(listener)
        operation.addObserver(FinishOnly(finished: finished))
        operation.addObserver(BlockObserver(start: { operation in
            operation.produceOperation(ClosureOperation(name: "child") {})
            operation.cancel()
        }))
        let queue = AdvancedOperationQueue()
        queue.addOperation(operation)
        await queue.drain()
        #expect(listener.events.withLock { $0 } == ["start subject", "produce child", "cancel", "finish 1"])
        #expect(finished.withLock { $0 } == 1)
    }

    @Test("the root cause of a failure is the first error that is neither a dependency's consequence nor a skip")
    func rootCause() {
        struct NotApplicable: SkipReason {}
        let cause = Failure("cause")
        #expect(OperationError.rootCause(in: [NotApplicable(), OperationError.dependenciesFailed(operation: "b", dependencies: ["a"]),
                                              cause, Failure("later")]) as? Failure == cause)
        #expect(OperationError.rootCause(in: [NotApplicable()]) == nil, "a skip is never a failure's cause")
        #expect(OperationError.rootCause(in: []) == nil)
    }

    @Test("a thread waits on a lock's condition until the value holds, or until its deadline")
    func waitingOnALock() async {
        let value = Locked(0)
        let changed = LockCondition()
        #expect(!value.wait(on: changed, deadline: Date(timeIntervalSinceNow: 0.01)) { $0 == 1 }, "nobody changes it: the deadline ends the wait")
        let waited = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            Thread.detachNewThread {
                continuation.resume(returning: value.wait(on: changed) { $0 == 3 })
            }
            DispatchQueue.global().async {
                for _ in 0..<3 {
                    value.withLock { $0 += 1 }
                    changed.broadcast()
                }
            }
        }
        #expect(waited)
        #expect(value.withLock { $0 } == 3)
        #expect(value.wait(on: changed, deadline: Date.distantPast) { $0 == 3 }, "a value that holds already is not waited for")
    }
}
