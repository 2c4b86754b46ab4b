import Foundation
import Operations
import Testing

@Suite("Mutual exclusivity")
struct ExclusivityTests {
    @Test("no overlap among 50 operations of one category, added from several threads, across two queues")
    func noOverlap() async {
        let category = "overlap-\(UUID().uuidString)"
        let queues = [AdvancedOperationQueue(), AdvancedOperationQueue()]
        for queue in queues { queue.maxConcurrentOperationCount = 8 }
        let meter = OverlapMeter()
        let others = OverlapMeter()
        DispatchQueue.concurrentPerform(iterations: 5) { thread in
            for index in 0..<10 {
                let operation = ClosureOperation(name: "x\(thread)-\(index)") {
                    meter.enter()
                    Thread.sleep(forTimeInterval: 0.001)
                    meter.leave()
                }
                operation.addCondition(ExclusiveCategory(category))
                // Unrelated operations keep the queues busy in parallel.
                let unrelated = ClosureOperation(name: "u\(thread)-\(index)") {
                    others.enter()
                    Thread.sleep(forTimeInterval: 0.001)
                    others.leave()
                }
                queues[(thread + index) % 2].addOperations([operation, unrelated], waitUntilFinished: false)
            }
        }
        for queue in queues { await queue.drain() }
        #expect(meter.maximum == 1)
        #expect(others.maximum >= 1)
    }

    @Test("MutuallyExclusive<T> keeps operations apart by type")
    func typedCategory() async {
        enum Tag {}
        let queue = AdvancedOperationQueue()
        let meter = OverlapMeter()
        for index in 0..<20 {
            let operation = ClosureOperation(name: "t\(index)") {
                meter.enter()
                Thread.sleep(forTimeInterval: 0.001)
                meter.leave()
            }
            operation.addCondition(MutuallyExclusive<Tag>())
            queue.addOperation(operation)
        }
        await queue.drain()
        #expect(meter.maximum == 1)
    }

    @Test("two exclusive operations where one depends on the other both complete")
    func dependentExclusiveOperations() async {
        let category = "dependent-\(UUID().uuidString)"
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let first = recording("first", recorder)
        let second = recording("second", recorder)
        first.addCondition(ExclusiveCategory(category))
        second.addCondition(ExclusiveCategory(category))
        second.addDependency(first)
        // The dependent first: the original sample made `first` wait for `second` here, and deadlocked.
        queue.addOperation(second)
        queue.addOperation(first)
        await queue.drain()
        #expect(recorder.events == ["first.start", "first.end", "second.start", "second.end"])
    }

    @Test("a group exclusive with its own child completes, and its children still exclude each other")
    func groupExclusiveWithChild() async {
        let category = "group-\(UUID().uuidString)"
        let queue = AdvancedOperationQueue()
        let meter = OverlapMeter()
        let children = (0..<10).map { index in
            let child = ClosureOperation(name: "child\(index)") {
                meter.enter()
                Thread.sleep(forTimeInterval: 0.001)
                meter.leave()
            }
            child.addCondition(ExclusiveCategory(category))
            return child
        }
        let group = GroupOperation(operations: children)
        group.addCondition(ExclusiveCategory(category))
        let outsider = ClosureOperation(name: "outsider") {}
        outsider.addCondition(ExclusiveCategory(category))
        queue.addOperations([group, outsider], waitUntilFinished: false)
        await queue.drain()
        #expect(group.isFinished && !group.isCancelled)
        #expect(children.allSatisfy { $0.isFinished && !$0.isCancelled })
        #expect(meter.maximum == 1)
    }

    @Test("a cancelled operation waiting for its category gives way")
    func cancelledWhileWaiting() async {
        let category = "waiting-\(UUID().uuidString)"
        let queue = AdvancedOperationQueue()
        let release = Signal()
        let holder = ClosureOperation(name: "holder") { release.wait() }
        holder.addCondition(ExclusiveCategory(category))
        let waiter = ClosureOperation(name: "waiter") {}
        waiter.addCondition(ExclusiveCategory(category))
        let after = ClosureOperation(name: "after") {}
        after.addCondition(ExclusiveCategory(category))
        queue.addOperation(holder)
        queue.addOperations([waiter, after], waitUntilFinished: false)
        waiter.cancel()
        release.fire()
        await queue.drain()
        #expect(waiter.isCancelled && waiter.isFinished)
        #expect(after.isFinished && !after.isCancelled)
    }
}
