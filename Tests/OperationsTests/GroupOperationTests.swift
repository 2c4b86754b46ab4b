import Foundation
import Operations
import Testing

@Suite("Groups")
struct GroupOperationTests {
    @Test("a group finishes after every child and every produced operation")
    func finishesAfterChildrenAndProduced() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let producer = ClosureOperation(name: "producer") { continuation in
            recorder.record("producer.start")
            continuation([])
        }
        let child = recording("child", recorder, work: { Thread.sleep(forTimeInterval: 0.01) })
        let group = GroupOperation(operations: [producer, child])
        producer.addObserver(BlockObserver(start: { operation in
            operation.produceOperation(recording("produced", recorder, work: { Thread.sleep(forTimeInterval: 0.03) }))
        }))
        group.addObserver(BlockObserver(finish: { _, _ in recorder.record("group.end") }))
        queue.addOperation(group)
        await queue.drain()
        let events = recorder.events
        #expect(events.last == "group.end")
        #expect(events.contains("produced.end"))
        #expect(events.contains("child.end"))
    }

    /// Adds `second` when `first` finishes, waits until `second` has finished, then adds `third`.
    final class FollowingGroup: GroupOperation, @unchecked Sendable {
        let recorder: Recorder
        let secondDone = DispatchSemaphore(value: 0)

        init(recorder: Recorder) {
            self.recorder = recorder
            super.init(operations: [recording("first", recorder)])
        }

        override func operationDidFinish(_ operation: Operation, withErrors errors: [any Error]) {
            guard operation.name == "first" else { return }
            let second = recording("second", recorder)
            second.addObserver(BlockObserver(finish: { [secondDone] _, _ in secondDone.signal() }))
            addOperation(second)
            secondDone.wait()
            addOperation(recording("third", recorder))
        }
    }

    @Test("children a group adds as a child finishes run before the group finishes, however fast each ends")
    func childrenAddedOnFinish() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let group = FollowingGroup(recorder: recorder)
        group.addObserver(BlockObserver(finish: { _, _ in recorder.record("group.end") }))
        queue.addOperation(group)
        await queue.drain()
        await group.innerQueue.drain()
        // The finished child is still in flight while the group hears of it: the queue cannot look
        // idle between it and the children it brings.
        #expect(recorder.events.last == "group.end", "\(recorder.events)")
        #expect(recorder.events.contains("third.end"), "\(recorder.events)")
    }

    @Test("five failing children give the group five errors")
    func aggregatesErrors() async {
        let queue = AdvancedOperationQueue()
        let children = (1...5).map { index in
            ClosureOperation(name: "child\(index)") { throw Failure("child\(index)") }
        }
        let group = GroupOperation(operations: children + [ClosureOperation(name: "fine") {}])
        queue.addOperation(group)
        await queue.drain()
        let errors = group.errors.compactMap { $0 as? Failure }.map(\.id).sorted()
        #expect(errors == ["child1", "child2", "child3", "child4", "child5"])
    }

    @Test("a group cancelled before it runs cancels its children and still finishes")
    func cancelledBeforeRunning() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let children = (1...3).map { recording("child\($0)", recorder) }
        let group = GroupOperation(operations: children)
        group.cancel()
        queue.addOperation(group)
        await queue.drain()
        #expect(group.isFinished && group.isCancelled)
        #expect(recorder.events.isEmpty)
        #expect(children.allSatisfy { $0.isCancelled && $0.isFinished })
        #expect(group.innerQueue.isIdle)
    }

    @Test("a group cancelled while running cancels its children and still finishes; later children are cancelled")
    func cancelledWhileRunning() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let started = Signal()
        let slow = ClosureOperation(name: "slow") { continuation in
            started.fire()
            // Honours cancellation: finishes when cancelled (the group's cancel reaches it).
            _ = continuation
        }
        slow.addObserver(BlockObserver(cancel: { $0.finish() }))
        let waiting = recording("waiting", recorder)
        waiting.addDependency(slow)
        let group = GroupOperation(operations: [slow, waiting])
        queue.addOperation(group)
        #expect(await started.fired())
        group.cancel()
        let late = recording("late", recorder)
        group.addOperation(late)
        await queue.drain()
        #expect(group.isFinished && group.isCancelled)
        #expect(slow.isCancelled && waiting.isCancelled && late.isCancelled)
        #expect(recorder.events.isEmpty)
    }

    @Test("nested groups finish inside out")
    func nestedGroups() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let inner = GroupOperation(operations: [recording("leaf", recorder)])
        inner.addObserver(BlockObserver(finish: { _, _ in recorder.record("inner.end") }))
        let outer = GroupOperation(operations: [inner])
        outer.addObserver(BlockObserver(finish: { _, _ in recorder.record("outer.end") }))
        queue.addOperation(outer)
        await queue.drain()
        #expect(recorder.events == ["leaf.start", "leaf.end", "inner.end", "outer.end"])
    }

    @Test("two children finishing together: the group finishes only once both finishes were heard, with both errors")
    func childrenFinishingTogether() async {
        /// Hears the first child's finish slowly: the second child finishes meanwhile.
        final class SlowListener: GroupOperation, @unchecked Sendable {
            let recorder: Recorder
            let hearingFirst = Signal()
            let heardSecond = Signal()
            init(recorder: Recorder) {
                self.recorder = recorder
                super.init()
            }
            override func operationDidFinish(_ operation: Operation, withErrors errors: [any Error]) {
                if operation.name == "first" {
                    hearingFirst.fire()
                    heardSecond.wait()
                    // The first child still counts: the queue cannot be idle, nor the group finished.
                    recorder.record(innerQueue.isIdle ? "first heard with the queue idle" : "first heard")
                } else {
                    recorder.record("second heard")
                    heardSecond.fire()
                }
            }
        }
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let group = SlowListener(recorder: recorder)
        group.addOperation(ClosureOperation(name: "first") { throw Failure("first") })
        group.addOperation(ClosureOperation(name: "second") {
            group.hearingFirst.wait()
            throw Failure("second")
        })
        group.addObserver(BlockObserver(finish: { _, _ in recorder.record("group.end") }))
        queue.addOperation(group)
        await queue.drain()
        #expect(recorder.events == ["second heard", "first heard", "group.end"])
        #expect(group.errors.compactMap { ($0 as? Failure)?.id }.sorted() == ["first", "second"])
    }

    @Test("an empty group finishes")
    func emptyGroup() async {
        let queue = AdvancedOperationQueue()
        let group = GroupOperation()
        queue.addOperation(group)
        await queue.drain()
        #expect(group.isFinished && !group.isCancelled)
    }
}
