import Foundation
import Operations
import Testing

@Suite("Observers")
struct ObserverTests {
    private func counting(_ recorder: Recorder) -> BlockObserver {
        BlockObserver(
            start: { _ in recorder.record("start") },
            cancel: { _ in recorder.record("cancel") },
            produce: { _, _ in recorder.record("produce") },
            finish: { _, _ in recorder.record("finish") })
    }

    @Test("each observer callback fires exactly once")
    func exactlyOnce() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let operation = ClosureOperation(name: "subject") { continuation in
            continuation([])
        }
        operation.addObserver(counting(recorder))
        operation.addObserver(BlockObserver(start: { operation in
            operation.produceOperation(ClosureOperation(name: "produced") {})
            operation.cancel()
            operation.cancel()
        }))
        queue.addOperation(operation)
        await queue.drain()
        #expect(recorder.events == ["start", "produce", "cancel", "finish"])
    }

    @Test("concurrent finish calls notify once")
    func concurrentFinish() async {
        for _ in 0..<100 {
            let queue = AdvancedOperationQueue()
            let recorder = Recorder()
            let operation = ClosureOperation(name: "racer") { continuation in
                DispatchQueue.concurrentPerform(iterations: 8) { index in
                    continuation([Failure("f\(index)")])
                }
            }
            operation.addObserver(counting(recorder))
            queue.addOperation(operation)
            await queue.drain()
            #expect(recorder.count("finish") == 1)
            #expect(operation.errors.count == 1)
        }
    }

    @Test("errors from finish(with:) and cancel(with:) are what errors returns")
    func errorsAggregate() async {
        let queue = AdvancedOperationQueue()
        let finishErrors = Recorder()
        let operation = ClosureOperation(name: "subject") { continuation in
            continuation([Failure("finish")])
        }
        operation.addObserver(BlockObserver(start: { $0.cancel(with: Failure("cancel")) },
                                            finish: { _, errors in
                                                for error in errors { finishErrors.record("\(error)") }
                                            }))
        queue.addOperation(operation)
        await queue.drain()
        #expect(operation.errors.compactMap { $0 as? Failure } == [Failure("cancel"), Failure("finish")])
        #expect(finishErrors.events == ["Failure(cancel)", "Failure(finish)"])
    }

    @Test("an operation cancelled before it starts reports cancel and finish, never start")
    func cancelledBeforeStart() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let operation = ClosureOperation(name: "subject") {}
        operation.addObserver(counting(recorder))
        operation.cancel()
        queue.addOperation(operation)
        await queue.drain()
        #expect(recorder.events == ["cancel", "finish"])
    }

    @Test("timeout: a long operation that ignores cancellation is cancelled with a timeout error and finished")
    func timeoutCancelsAndFinishes() async {
        let queue = AdvancedOperationQueue()
        let operation = ClosureOperation(name: "stuck") { _ in }
        operation.addObserver(TimeoutObserver(timeout: 0.05))
        queue.addOperation(operation)
        await queue.drain()
        #expect(operation.isFinished && operation.isCancelled)
        #expect(operation.errors.first as? OperationError == .timedOut(operation: "stuck", after: 0.05))
    }

    @Test("timeout: no effect once appliesWhile says the limited part is over; the operation finishes on its own")
    func timeoutNoLongerApplies() async {
        let queue = AdvancedOperationQueue()
        let consulted = Signal()
        let operation = ClosureOperation(name: "reading") { _ in }
        operation.addObserver(TimeoutObserver(timeout: 0.02, appliesWhile: { consulted.fire(); return false }))
        queue.addOperation(operation)
        #expect(await consulted.fired())
        #expect(!operation.isCancelled && !operation.isFinished)
        operation.finish()
        await queue.drain()
        #expect(operation.errors.isEmpty)
    }

    @Test("timeout: no effect on an operation that finished in time")
    func timeoutAfterFinish() async {
        let queue = AdvancedOperationQueue()
        let fired = Signal()
        let operation = ClosureOperation(name: "quick") {}
        operation.addObserver(TimeoutObserver(timeout: 0.02))
        queue.addOperation(operation)
        await queue.drain()
        // Wait until the timer has certainly run: a later timer on the same global queue fires after it.
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { fired.fire() }
        #expect(await fired.fired())
        #expect(!operation.isCancelled)
        #expect(operation.errors.isEmpty)
    }

    @Test("the activity counter counts operations in flight")
    func activityCounter() async {
        let changes = Recorder()
        let counter = ActivityCounter { changes.record("\($0)") }
        let queue = AdvancedOperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.addObserver(ActivityObserver(counter: counter))
        for index in 0..<3 { queue.addOperation(ClosureOperation(name: "a\(index)") {}) }
        await queue.drain()
        #expect(changes.events == ["1", "0", "1", "0", "1", "0"])
        #expect(counter.count == 0)
    }

    @Test("the trace records every operation as a span, exportable as Chrome trace events")
    func trace() async throws {
        let trace = OperationTrace()
        let queue = AdvancedOperationQueue()
        queue.addObserver(TraceObserver(trace: trace))
        let first = ClosureOperation(name: "first") {}
        let second = ClosureOperation(name: "second") {}
        second.addDependency(first)
        queue.addOperations([first, second], waitUntilFinished: false)
        await queue.drain()
        let spans = trace.spans
        #expect(spans.map(\.name) == ["first", "second"])
        #expect(spans[0].end <= spans[1].start)
        let json = try JSONSerialization.jsonObject(with: trace.chromeTraceJSON()) as? [String: Any]
        let events = json?["traceEvents"] as? [[String: Any]]
        #expect(events?.count == 2)
        #expect(events?.first?["ph"] as? String == "X")
    }
}
