import Foundation
import Operations
import Testing

/// The race-prone paths, many times over: run under `swift test --sanitize=thread` and `--sanitize=address`.
@Suite("Stress")
struct StressTests {
    @Test("cancel a dependent and drop every reference to it before its dependency finishes")
    func cancelAndDropDependent() async {
        for _ in 0..<100 {
            let queue = AdvancedOperationQueue()
            let release = Signal()
            let dependency = ClosureOperation(name: "dependency") { release.wait() }
            do {
                let dependent = ClosureOperation(name: "dependent") {}
                dependent.addDependency(dependency)
                queue.addOperations([dependency, dependent], waitUntilFinished: false)
                dependent.cancel()
            }
            release.fire()
            await queue.drain()
            #expect(dependency.isFinished)
        }
    }

    @Test("cancel a group before it runs")
    func cancelGroupBeforeRun() async {
        for _ in 0..<100 {
            let queue = AdvancedOperationQueue()
            let gate = ClosureOperation(name: "gate") {}
            let group = GroupOperation(operations: (0..<5).map { ClosureOperation(name: "c\($0)") {} })
            group.addDependency(gate)
            queue.addOperations([group, gate], waitUntilFinished: false)
            group.cancel()
            await queue.drain()
            #expect(group.isFinished)
        }
    }

    @Test("release a finished 100,000-long chain")
    func releaseLongChain() async {
        let queue = AdvancedOperationQueue()
        var last: AdvancedOperation?
        do {
            var operations: [AdvancedOperation] = []
            operations.reserveCapacity(100_000)
            for index in 0..<100_000 {
                let operation = ClosureOperation(name: nil) {}
                if index > 0 { operation.addDependency(operations[index - 1]) }
                operations.append(operation)
            }
            queue.addOperations(operations, waitUntilFinished: false)
            last = operations.last
        }
        await queue.drain()
        #expect(last?.isFinished == true)
        // Only the last is held now; releasing it must not recurse through the chain.
        #expect(last?.dependencies.isEmpty == true)
        last = nil
    }

    @Test("concurrent cancels, finishes and enqueues on many small graphs")
    func chaos() async {
        for round in 0..<100 {
            let queue = AdvancedOperationQueue()
            let operations = (0..<20).map { index in
                ClosureOperation(name: "r\(round)-\(index)") { continuation in
                    DispatchQueue.global().async { continuation([]) }
                }
            }
            for index in 1..<operations.count where index % 3 != 0 {
                operations[index].addDependency(operations[index - 1])
            }
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                for (index, operation) in operations.enumerated() where index % 4 == worker {
                    queue.addOperation(operation)
                    if index % 5 == 0 { operation.cancel() }
                }
            }
            await queue.drain()
            #expect(operations.allSatisfy { $0.isFinished })
        }
    }
}
