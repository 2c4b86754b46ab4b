import Foundation
import Operations
import TestSupport
import Testing

/// A thread-safe, ordered log of events.
final class Recorder: Sendable {
    private let entries = Locked<[String]>([])

    func record(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    var events: [String] { entries.withLock { $0 } }

    func index(of entry: String) -> Int? { events.firstIndex(of: entry) }

    func count(_ entry: String) -> Int { events.filter { $0 == entry }.count }
}

/// Counts how many run at once, and the most ever seen.
final class OverlapMeter: Sendable {
    private let state = Locked<(current: Int, max: Int)>((0, 0))

    func enter() {
        state.withLock { state in
            state.current += 1
            state.max = Swift.max(state.max, state.current)
        }
    }

    func leave() {
        state.withLock { $0.current -= 1 }
    }

    var maximum: Int { state.withLock { $0.max } }
}

/// A one-shot event, with timeouts that fail instead of hanging (``HangDeadline``: they only bound how
/// long a failing test takes, and a loaded machine must not turn a slow pass into a failure).
/// Operations block on `wait()`; test bodies `await fired()`, so they never block Swift's cooperative
/// threads (tests run on them).
final class Signal: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let state = Locked<(fired: Bool, waiters: [@Sendable () -> Void])>((false, []))

    func fire() {
        let waiters = state.withLock { state in
            state.fired = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter() }
        semaphore.signal()
    }

    /// Blocks the calling thread: for operations' work, never for test bodies.
    @discardableResult
    func wait(seconds: Double = HangDeadline.seconds) -> Bool {
        semaphore.wait(timeout: .now() + seconds) == .success
    }

    /// Suspends until fired; false after `seconds`.
    func fired(within seconds: Double = HangDeadline.seconds) async -> Bool {
        await withTimeout(seconds) { done in
            let now = self.state.withLock { state in
                if state.fired { return true }
                state.waiters.append(done)
                return false
            }
            if now { done() }
        }
    }
}

/// Runs `start`, which must call the function it is given once the awaited event has happened;
/// false if `seconds` pass first. Who came first is decided on the thread where it happens, not when
/// a busy cooperative pool gets round to resuming the test.
func withTimeout(_ seconds: Double, _ start: @escaping @Sendable (_ done: @escaping @Sendable () -> Void) -> Void) async -> Bool {
    final class Once: Sendable {
        let done = Locked(false)
        func first() -> Bool { done.withLock { done in defer { done = true }; return !done } }
    }
    let once = Once()
    return await withCheckedContinuation { (outer: CheckedContinuation<Bool, Never>) in
        start { if once.first() { outer.resume(returning: true) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            if once.first() { outer.resume(returning: false) }
        }
    }
}

struct Failure: Error, Equatable, CustomStringConvertible {
    let id: String
    init(_ id: String) { self.id = id }
    var description: String { "Failure(\(id))" }
}

/// An operation that records its start and finish into a recorder.
func recording(_ name: String, _ recorder: Recorder, work: @escaping @Sendable () -> Void = {}) -> ClosureOperation {
    ClosureOperation(name: name) {
        recorder.record("\(name).start")
        work()
        recorder.record("\(name).end")
    }
}

/// A condition with a counter of evaluations and an optional generated dependency.
struct ProbeCondition: OperationCondition {
    let label: String
    let satisfied: Bool
    let evaluations: Recorder
    var makeDependency: (@Sendable () -> Operation)?

    var name: String { label }

    func dependency(for operation: AdvancedOperation) -> Operation? { makeDependency?() }

    func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        evaluations.record("\(label).evaluated")
        completion(satisfied ? .satisfied : .failed(Failure(label)))
    }
}

/// A condition that answers only when told to.
final class ManualCondition: OperationCondition, @unchecked Sendable {
    private let pending = Locked<(@Sendable (ConditionResult) -> Void)?>(nil)
    let asked = Signal()

    func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        pending.withLock { $0 = completion }
        asked.fire()
    }

    func answer(_ result: ConditionResult) {
        pending.withLock { $0 }?(result)
    }
}

extension AdvancedOperationQueue {
    /// Waits for the queue to drain; records a test failure instead of hanging.
    func drain(seconds: Double = HangDeadline.seconds, sourceLocation: SourceLocation = #_sourceLocation) async {
        let drained = await withTimeout(seconds) { done in self.whenIdle(done) }
        #expect(drained, "queue did not drain within \(seconds) s", sourceLocation: sourceLocation)
    }
}
