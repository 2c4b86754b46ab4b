import Foundation
import Operations
import Testing

@Suite("Queue")
struct QueueTests {
    @Test("maxConcurrentOperationCount = 1 runs one at a time, in priority order among those ready")
    func priorityOrder() async {
        let queue = AdvancedOperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        let recorder = Recorder()
        let meter = OverlapMeter()
        let priorities: [(String, Operation.QueuePriority)] = [
            ("low", .low), ("normal", .normal), ("veryHigh", .veryHigh), ("veryLow", .veryLow), ("high", .high),
        ]
        for (name, priority) in priorities {
            let operation = recording(name, recorder, work: { meter.enter(); meter.leave() })
            operation.queuePriority = priority
            queue.addOperation(operation)
        }
        queue.isSuspended = false
        await queue.drain()
        #expect(recorder.events.filter { $0.hasSuffix(".start") } == [
            "veryHigh.start", "high.start", "normal.start", "low.start", "veryLow.start",
        ])
        #expect(meter.maximum == 1)
    }

    @Test("5,000 chained operations, each with a condition, never stall")
    func longConditionedChain() async {
        let queue = AdvancedOperationQueue()
        let counter = Locked(0)
        var previous: AdvancedOperation?
        var operations: [AdvancedOperation] = []
        for index in 0..<5_000 {
            let operation = ClosureOperation(name: "link\(index)") { counter.withLock { $0 += 1 } }
            operation.addCondition(BlockCondition { true })
            if let previous { operation.addDependency(previous) }
            operations.append(operation)
            previous = operation
        }
        queue.addOperations(operations, waitUntilFinished: false)
        await queue.drain()
        #expect(counter.withLock { $0 } == 5_000)
    }

    @Test("a 1,000-node random DAG completes in a topological order")
    func randomDAG() async {
        var generator = SplitMix64(seed: 42)
        let queue = AdvancedOperationQueue()
        let order = Locked<[Int]>([])
        let nodes = (0..<1_000).map { index in
            ClosureOperation(name: "n\(index)") { order.withLock { $0.append(index) } }
        }
        var edges: [(Int, Int)] = []
        for index in 1..<nodes.count {
            for _ in 0..<Int(generator.next() % 4) {
                let dependency = Int(generator.next() % UInt64(index))
                nodes[index].addDependency(nodes[dependency])
                edges.append((dependency, index))
            }
        }
        // Enqueued in a shuffled order, so only the dependencies order the run.
        var shuffled = nodes
        shuffled.shuffle(using: &generator)
        queue.addOperations(shuffled, waitUntilFinished: false)
        await queue.drain()
        let ran = order.withLock { $0 }
        #expect(ran.count == 1_000)
        var position = [Int: Int]()
        for (offset, node) in ran.enumerated() { position[node] = offset }
        let violations = edges.filter { position[$0.0]! > position[$0.1]! }
        #expect(violations.isEmpty)
    }

    @Test("a cycle is refused with its members named")
    func cycleRefused() async throws {
        let queue = AdvancedOperationQueue()
        let a = ClosureOperation(name: "A") {}
        let b = ClosureOperation(name: "B") {}
        let c = ClosureOperation(name: "C") {}
        b.addDependency(a)
        c.addDependency(b)
        a.addDependency(c)  // closes A → B → C → A
        #expect(throws: OperationError.dependencyCycle(["A", "B", "C"])) { try queue.add(a) }
        // Through addOperation it fails at once instead of hanging.
        queue.addOperations([a, b, c], waitUntilFinished: false)
        await queue.drain()
        #expect(a.isCancelled)
        #expect(a.errors.first as? OperationError == .dependencyCycle(["A", "B", "C"]))
        #expect("\(OperationError.dependencyCycle(["A", "B", "C"]))" == "dependency cycle: A → B → C → A")
    }

    @Test("dependencies across queues, and plain Foundation operations mixed in")
    func crossQueueAndPlain() async {
        let first = AdvancedOperationQueue()
        let second = AdvancedOperationQueue()
        let plainQueue = OperationQueue()
        let recorder = Recorder()
        let engine = recording("engine", recorder)
        let plain = BlockOperation { recorder.record("plain") }
        let afterPlain = recording("afterPlain", recorder)
        plain.addDependency(engine)
        afterPlain.addDependency(plain)
        second.addOperation(afterPlain)
        plainQueue.addOperation(plain)
        first.addOperation(engine)
        await first.drain()
        await second.drain()
        #expect(recorder.events == ["engine.start", "engine.end", "plain", "afterPlain.start", "afterPlain.end"])
    }

    @Test("the delegate hears will-add and did-finish")
    func delegate() async {
        final class Delegate: AdvancedOperationQueueDelegate {
            let recorder = Recorder()
            func operationQueue(_ queue: AdvancedOperationQueue, willAdd operation: Operation) {
                recorder.record("add \(operation.displayName)")
            }
            func operationQueue(_ queue: AdvancedOperationQueue, didFinish operation: Operation, errors: [any Error]) {
                recorder.record("finish \(operation.displayName) \(errors.count)")
            }
        }
        let delegate = Delegate()
        let queue = AdvancedOperationQueue()
        queue.delegate = delegate
        queue.addOperation(ClosureOperation(name: "x") { throw Failure("x") })
        await queue.drain()
        #expect(delegate.recorder.events == ["add x", "finish x 1"])
    }

    @Test("async execute: a thrown error finishes the operation with it; cancellation reaches the task")
    func asyncExecute() async {
        let queue = AdvancedOperationQueue()
        let failing = ClosureOperation(name: "failing", async: { throw Failure("async") })
        let started = Signal()
        let sleeper = ClosureOperation(name: "sleeper", async: {
            started.fire()
            try await Task.sleep(nanoseconds: 3_600_000_000_000)
        })
        queue.addOperations([failing, sleeper], waitUntilFinished: false)
        #expect(await started.fired())
        sleeper.cancel()
        // A task that missed the cancellation would sleep for an hour.
        await queue.drain()
        #expect(failing.errors.first as? Failure == Failure("async"))
        #expect(sleeper.isCancelled && sleeper.isFinished)
        #expect(sleeper.errors.isEmpty)
    }

    @Test("finishedErrors() waits without blocking a thread")
    func awaitFinish() async {
        let queue = AdvancedOperationQueue()
        let operation = ClosureOperation(name: "x") { throw Failure("x") }
        queue.addOperation(operation)
        let errors = await operation.finishedErrors()
        #expect(errors.first as? Failure == Failure("x"))
    }
}

/// A small deterministic random number generator for reproducible graphs.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
