import Foundation
import Operations
import Testing

@Suite("Conditions")
struct ConditionTests {
    @Test("a passing condition lets the work run")
    func passingCondition() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let operation = recording("work", recorder)
        operation.addCondition(ProbeCondition(label: "pass", satisfied: true, evaluations: recorder))
        queue.addOperation(operation)
        await queue.drain()
        #expect(recorder.events == ["pass.evaluated", "work.start", "work.end"])
        #expect(operation.errors.isEmpty)
        #expect(!operation.isCancelled)
    }

    @Test("a failing condition: the work never runs, the operation ends cancelled with exactly that error")
    func failingCondition() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let operation = recording("work", recorder)
        let finishErrors = Recorder()
        operation.addCondition(ProbeCondition(label: "fail", satisfied: false, evaluations: recorder))
        operation.addObserver(BlockObserver(finish: { _, errors in
            for error in errors { finishErrors.record(String(describing: error)) }
        }))
        queue.addOperation(operation)
        await queue.drain()
        #expect(recorder.events == ["fail.evaluated"])
        #expect(operation.isCancelled)
        #expect(operation.isFinished)
        #expect(finishErrors.events == ["Failure(fail)"])
        #expect(operation.errors.count == 1)
        #expect((operation.errors.first as? Failure) == Failure("fail"))
    }

    @Test("one failing condition among several fails the operation")
    func oneFailingAmongSeveral() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let operation = recording("work", recorder)
        operation.addCondition(ProbeCondition(label: "a", satisfied: true, evaluations: recorder))
        operation.addCondition(ProbeCondition(label: "b", satisfied: false, evaluations: recorder))
        operation.addCondition(ProbeCondition(label: "c", satisfied: true, evaluations: recorder))
        queue.addOperation(operation)
        await queue.drain()
        #expect(recorder.index(of: "work.start") == nil)
        #expect(Set(recorder.events) == ["a.evaluated", "b.evaluated", "c.evaluated"])
        #expect(operation.isCancelled)
        #expect(operation.errors.compactMap { $0 as? Failure } == [Failure("b")])
    }

    @Test("a generated dependency runs before the operation, after its ordinary dependencies finished")
    func generatedDependencyOrder() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let ordinary = recording("ordinary", recorder, work: { Thread.sleep(forTimeInterval: 0.05) })
        let operation = recording("work", recorder)
        operation.addDependency(ordinary)
        operation.addCondition(ProbeCondition(label: "cond", satisfied: true, evaluations: recorder,
                                              makeDependency: { recording("generated", recorder) }))
        // The operation first, so nothing but the engine orders the generated dependency after `ordinary`.
        queue.addOperation(operation)
        queue.addOperation(ordinary)
        await queue.drain()
        #expect(recorder.events == ["ordinary.start", "ordinary.end", "generated.start", "generated.end",
                                    "cond.evaluated", "work.start", "work.end"])
    }

    @Test("SilentCondition: its dependency never runs, its evaluation still decides")
    func silentCondition() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let passes = recording("passes", recorder)
        passes.addCondition(SilentCondition(ProbeCondition(label: "p", satisfied: true, evaluations: recorder,
                                                           makeDependency: { recording("gen-p", recorder) })))
        let fails = recording("fails", recorder)
        fails.addCondition(SilentCondition(ProbeCondition(label: "f", satisfied: false, evaluations: recorder,
                                                          makeDependency: { recording("gen-f", recorder) })))
        queue.addOperations([passes, fails], waitUntilFinished: false)
        await queue.drain()
        #expect(recorder.index(of: "gen-p.start") == nil)
        #expect(recorder.index(of: "gen-f.start") == nil)
        #expect(recorder.index(of: "passes.end") != nil)
        #expect(recorder.index(of: "fails.start") == nil)
        #expect(fails.isCancelled)
    }

    @Test("NegatedCondition inverts")
    func negatedCondition() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let runs = recording("runs", recorder)
        runs.addCondition(NegatedCondition(ProbeCondition(label: "no", satisfied: false, evaluations: recorder)))
        let blocked = recording("blocked", recorder)
        blocked.addCondition(NegatedCondition(ProbeCondition(label: "yes", satisfied: true, evaluations: recorder)))
        queue.addOperations([runs, blocked], waitUntilFinished: false)
        await queue.drain()
        #expect(recorder.index(of: "runs.end") != nil)
        #expect(recorder.index(of: "blocked.start") == nil)
        #expect(blocked.isCancelled)
        guard case .negatedConditionSatisfied? = blocked.errors.first as? OperationError else {
            Issue.record("expected negatedConditionSatisfied, got \(blocked.errors)")
            return
        }
    }

    @Test("NoCancelledDependencies: a cancelled dependency stops the operation and the queue drains")
    func noCancelledDependencies() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let dependency = recording("dependency", recorder)
        let guarded = recording("guarded", recorder)
        guarded.addDependency(dependency)
        guarded.addCondition(NoCancelledDependencies())
        let unguarded = recording("unguarded", recorder)
        unguarded.addDependency(dependency)
        dependency.cancel()
        queue.addOperations([guarded, unguarded, dependency], waitUntilFinished: false)
        await queue.drain()
        #expect(recorder.index(of: "guarded.start") == nil)
        #expect(guarded.isCancelled && guarded.isFinished)
        #expect(guarded.errors.first as? OperationError == .dependenciesCancelled(operation: "guarded", dependencies: ["dependency"]))
        // Without the condition, the operation runs after its dependency was cancelled.
        #expect(recorder.index(of: "unguarded.end") != nil)
        #expect(recorder.index(of: "dependency.start") == nil)
    }

    @Test("NoCancelledDependencies inside a group: the group drains and finishes")
    func noCancelledDependenciesInGroup() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let dependency = recording("dependency", recorder)
        let guarded = recording("guarded", recorder)
        guarded.addDependency(dependency)
        guarded.addCondition(NoCancelledDependencies())
        let group = GroupOperation(operations: [dependency, guarded])
        dependency.cancel()
        queue.addOperation(group)
        await queue.drain()
        #expect(group.isFinished)
        #expect(recorder.events.isEmpty)
        #expect(guarded.isCancelled)
    }

    @Test("NoFailedDependencies: a dependency that finished with errors stops the operation")
    func noFailedDependencies() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let failing = ClosureOperation(name: "failing") { throw Failure("boom") }
        let guarded = recording("guarded", recorder)
        guarded.addDependency(failing)
        guarded.addCondition(NoFailedDependencies())
        queue.addOperations([failing, guarded], waitUntilFinished: false)
        await queue.drain()
        #expect(recorder.events.isEmpty)
        #expect(guarded.errors.first as? OperationError == .dependenciesFailed(operation: "guarded", dependencies: ["failing"]))
    }

    @Test("conditions are not evaluated while the queue is suspended")
    func notEvaluatedWhileSuspended() async {
        let queue = AdvancedOperationQueue()
        queue.isSuspended = true
        let recorder = Recorder()
        let operation = recording("work", recorder)
        operation.addCondition(ProbeCondition(label: "cond", satisfied: true, evaluations: recorder))
        let unconditioned = recording("plain", recorder)
        queue.addOperations([operation, unconditioned], waitUntilFinished: false)
        // Enqueueing parks the operation synchronously, so an evaluation would already show here.
        #expect(recorder.events.isEmpty)
        #expect(operation.state == .pending)
        queue.isSuspended = false
        await queue.drain()
        #expect(recorder.index(of: "cond.evaluated")! < recorder.index(of: "work.start")!)
        #expect(recorder.index(of: "plain.end") != nil)
    }

    @Test("conditions are not evaluated before the parent group executes")
    func notEvaluatedBeforeGroupExecutes() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let gate = Signal()
        let blocker = ClosureOperation(name: "blocker") { gate.wait() }
        let child = recording("child", recorder)
        child.addCondition(ProbeCondition(label: "cond", satisfied: true, evaluations: recorder))
        let group = GroupOperation(operations: [child])
        group.addDependency(blocker)
        queue.addOperations([group, blocker], waitUntilFinished: false)
        // The child was enqueued (on the group's suspended queue) when the group was made.
        #expect(recorder.events.isEmpty)
        #expect(child.state == .pending)
        gate.fire()
        await queue.drain()
        #expect(recorder.events == ["cond.evaluated", "child.start", "child.end"])
    }
}
