import Foundation
import Operations
import Testing

/// Produces `make()`'s value as its output, after `gate` fires when there is one; throws what `make` throws.
private final class Producer<Value: Sendable>: AdvancedOperation, OutputOperation, @unchecked Sendable {
    let output = OperationOutput<Value>()
    private let make: @Sendable () throws -> Value
    private let gate: Signal?
    private let recorder: Recorder?

    init(_ name: String, recorder: Recorder? = nil, gate: Signal? = nil, make: @escaping @Sendable () throws -> Value) {
        self.make = make
        self.gate = gate
        self.recorder = recorder
        super.init()
        self.name = name
    }

    override func execute() async throws {
        if let gate { #expect(gate.wait(), "\(displayName): the gate never opened") }
        output.set(try make())
        recorder?.record("\(displayName).produced")
    }
}

/// Reads its input when it runs, and produces `transform` of it.
private final class Consumer<Input: Sendable, Value: Sendable>: AdvancedOperation, OutputOperation, @unchecked Sendable {
    let input = OperationInput<Input>()
    let output = OperationOutput<Value>()
    /// What the input held when the operation ran (outer nil: it did not run).
    let seen = Locked<Input??>(nil)
    private let transform: @Sendable (Input?) -> Value?

    init(_ name: String, from producer: some OutputOperation<Input>, transform: @escaping @Sendable (Input?) -> Value?) {
        self.transform = transform
        super.init()
        self.name = name
        injectResult(from: producer, into: input)
    }

    override func execute() {
        let value = input.value
        seen.withLock { $0 = .some(value) }
        if let produced = transform(value) { output.set(produced) }
        finish()
    }
}

@Suite("Result injection")
struct ResultInjectionTests {
    @Test("an operation receives what the one it was injected from produced, and runs only after that one finished")
    func receivesOutput() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let gate = Signal()
        let producer = Producer("producer", recorder: recorder, gate: gate) { [3, 1, 4] }
        let consumer = Consumer("consumer", from: producer) { (numbers: [Int]?) in numbers.map { $0.reduce(0, +) } }
        consumer.addObserver(BlockObserver(start: { _ in recorder.record("consumer.start") }))
        #expect(consumer.dependencies.contains { $0 === producer }, "injecting makes the consumer wait for the producer")
        queue.addOperations([consumer, producer], waitUntilFinished: false)
        #expect(consumer.input.value == nil, "nothing produced yet")
        gate.fire()
        await queue.drain()
        #expect(recorder.events == ["producer.produced", "consumer.start"])
        #expect(consumer.seen.withLock { $0 } == .some([3, 1, 4]))
        #expect(consumer.output.value == 8)
        #expect(producer.output.value == [3, 1, 4], "the producer keeps its output")
    }

    @Test("through a transformation; nil when the transformation gives nil")
    func transformation() async {
        let queue = AdvancedOperationQueue()
        let producer = Producer("producer") { "wwdc" }
        let reader = ClosureOperation { }
        let length = OperationInput<Int>()
        let missing = OperationInput<Int>()
        reader.injectResult(from: producer, into: length) { $0.count }
        reader.injectResult(from: producer, into: missing) { _ in nil }
        queue.addOperations([producer, reader], waitUntilFinished: false)
        await queue.drain()
        #expect(length.value == 4)
        #expect(missing.value == nil)
        #expect(reader.dependencies.isEmpty, "a finished operation lets go of its dependencies; the inputs stay readable")
    }

    @Test("a producer that failed or was cancelled produced nothing: the input is nil, and the consumer's conditions decide whether it runs")
    func nothingProduced() async {
        let queue = AdvancedOperationQueue()
        let failing = Producer<Int>("failing") { throw Failure("no number") }
        let runsAnyway = Consumer("runs anyway", from: failing) { (number: Int?) in number }
        let guarded = Consumer("guarded", from: failing) { (number: Int?) in number }
        guarded.addCondition(NoFailedDependencies())
        let cancelled = Producer("cancelled") { 7 }
        cancelled.cancel()
        let afterCancelled = Consumer("after cancelled", from: cancelled) { (number: Int?) in number.map { $0 + 1 } }
        queue.addOperations([failing, runsAnyway, guarded, cancelled, afterCancelled], waitUntilFinished: false)
        await queue.drain()
        #expect(failing.output.value == nil)
        #expect(runsAnyway.seen.withLock { $0 } == .some(nil), "it ran, and its input was nil")
        #expect(guarded.seen.withLock { $0 } == nil, "NoFailedDependencies kept it from running")
        #expect(guarded.isCancelled)
        #expect(afterCancelled.seen.withLock { $0 } == .some(nil))
        #expect(afterCancelled.output.value == nil)
    }

    @Test("fan-out, fan-in and a chain: each operation's output is the input of those after it")
    func graph() async {
        let queue = AdvancedOperationQueue()
        let source = Producer("source") { 2 }
        let double = Consumer("double", from: source) { (value: Int?) in value.map { $0 * 2 } }
        let square = Consumer("square", from: source) { (value: Int?) in value.map { $0 * $0 } }
        let sum = ClosureOperation { }
        let doubled = OperationInput<Int>()
        let squared = OperationInput<Int>()
        sum.injectResult(from: double, into: doubled)
        sum.injectResult(from: square, into: squared)
        let chainEnd = Consumer("chain end", from: double) { (value: Int?) in value.map { "\($0)!" } }
        queue.addOperations([chainEnd, sum, square, double, source], waitUntilFinished: false)
        await queue.drain()
        #expect(doubled.value == 4 && squared.value == 4)
        #expect(chainEnd.output.value == "4!")
    }

    @Test("a long chain, each operation the input of the next, does not keep its finished operations alive")
    func longChainReleases() async {
        let queue = AdvancedOperationQueue()
        weak var first: Producer<Int>?
        var last: Consumer<Int, Int>?
        do {
            let head = Producer("head") { 0 }
            first = head
            var previous: any OutputOperation<Int> = head
            var chain: [AdvancedOperation] = [head]
            for index in 1...2_000 {
                let next = Consumer("link \(index)", from: previous) { (value: Int?) in value.map { $0 + 1 } }
                chain.append(next)
                previous = next
            }
            last = chain.last as? Consumer<Int, Int>
            queue.addOperations(chain, waitUntilFinished: false)
        }
        await queue.drain()
        #expect(last?.output.value == 2_000)
        #expect(first == nil, "the last operation's input holds the output before it, not the operations before it")
        #expect(last?.input.value == 1_999)
    }

    @Test("many producers and consumers at once: each consumer reads its own producer's final output", .timeLimit(.minutes(2)))
    func concurrent() async {
        let queue = AdvancedOperationQueue()
        queue.maxConcurrentOperationCount = 8
        var consumers: [Consumer<[Int], Int>] = []
        var operations: [AdvancedOperation] = []
        for index in 0..<500 {
            let producer = Producer("producer \(index)") { Array(repeating: index, count: 64) }
            let consumer = Consumer("consumer \(index)", from: producer) { (values: [Int]?) in values?.reduce(0, +) }
            consumers.append(consumer)
            operations += index.isMultiple(of: 2) ? [consumer, producer] : [producer, consumer]
        }
        queue.addOperations(operations, waitUntilFinished: false)
        await queue.drain()
        for (index, consumer) in consumers.enumerated() {
            #expect(consumer.output.value == index * 64, "\(consumer.displayName)")
        }
    }
}
