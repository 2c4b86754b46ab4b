import Foundation
import Operations
import Testing

@Suite("Cancellation", .serialized)
struct CancellationTests {
    @Test("cancel on a suspended queue, then resume: cancelled, finished, the work never ran")
    func cancelOnSuspendedQueue() async {
        let queue = AdvancedOperationQueue()
        queue.isSuspended = true
        let recorder = Recorder()
        let plain = recording("plain", recorder)
        let conditioned = recording("conditioned", recorder)
        conditioned.addCondition(ProbeCondition(label: "cond", satisfied: true, evaluations: recorder))
        queue.addOperations([plain, conditioned], waitUntilFinished: false)
        plain.cancel()
        conditioned.cancel()
        queue.isSuspended = false
        await queue.drain()
        #expect(recorder.events.isEmpty)
        #expect(plain.isCancelled && plain.isFinished)
        #expect(conditioned.isCancelled && conditioned.isFinished)
    }

    @Test("cancel while pending on an unfinished dependency: it leaves the queue at once")
    func cancelWhilePendingOnDependency() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let release = Signal()
        let dependency = ClosureOperation(name: "dependency") { release.wait() }
        let dependent = recording("dependent", recorder)
        dependent.addDependency(dependency)
        let finished = Signal()
        dependent.whenFinished { _ in finished.fire() }
        queue.addOperations([dependency, dependent], waitUntilFinished: false)
        dependent.cancel()
        // It finishes while its dependency is still running.
        #expect(await finished.fired())
        #expect(!dependency.isFinished)
        release.fire()
        await queue.drain()
        #expect(recorder.events.isEmpty)
        #expect(dependent.isCancelled)
    }

    @Test("cancel while a slow condition evaluates: it finishes promptly as cancelled")
    func cancelDuringSlowCondition() async {
        let queue = AdvancedOperationQueue()
        let recorder = Recorder()
        let condition = ManualCondition()
        let operation = recording("work", recorder)
        operation.addCondition(condition)
        let finished = Signal()
        operation.whenFinished { _ in finished.fire() }
        queue.addOperation(operation)
        #expect(await condition.asked.fired())
        #expect(operation.state == .evaluatingConditions)
        operation.cancel()
        #expect(await finished.fired())
        // The late answer changes nothing.
        condition.answer(.satisfied)
        await queue.drain()
        #expect(recorder.events.isEmpty)
        #expect(operation.isCancelled && operation.isFinished)
    }

    @Test("cancelling at any point of its life ends in finished, without Foundation's complaint", arguments: [
        "before enqueue", "pending", "evaluating conditions", "executing", "finished",
    ])
    func cancelAtAnyPoint(point: String) async throws {
        let capture = try CapturedStandardOutput()
        for _ in 0..<20 { await cancelOnce(at: point) }
        let output = capture.finish()
        #expect(!output.contains("without being started"), "Foundation said: \(output)")
    }

    private func cancelOnce(at point: String) async {
        let queue = AdvancedOperationQueue()
        let release = Signal()
        let blocker = ClosureOperation(name: "blocker") { release.wait() }
        let condition = ManualCondition()
        let running = Signal()
        let operation = ClosureOperation(name: "subject") { continuation in
            running.fire()
            // Work that honours cancellation only by being finished from outside: the continuation is dropped.
            _ = continuation
        }
        switch point {
        case "before enqueue":
            operation.cancel()
            queue.addOperation(operation)
        case "pending":
            operation.addDependency(blocker)
            queue.addOperations([blocker, operation], waitUntilFinished: false)
            operation.cancel()
        case "evaluating conditions":
            operation.addCondition(condition)
            queue.addOperation(operation)
            #expect(await condition.asked.fired())
            operation.cancel()
        case "executing":
            queue.addOperation(operation)
            #expect(await running.fired())
            operation.cancel()
            operation.finish()
        default:
            let done = ClosureOperation(name: "done") {}
            queue.addOperation(done)
            await queue.drain()
            done.cancel()
            #expect(!done.isCancelled)
            release.fire()
            await queue.drain()
            return
        }
        release.fire()
        await queue.drain()
        #expect(operation.isFinished)
        #expect(operation.isCancelled)
    }
}

/// Captures what is written to file descriptor 1 until `finish()` (Foundation prints its complaints there).
final class CapturedStandardOutput {
    private let saved: Int32
    private let fd: Int32
    private let file = FileManager.default.temporaryDirectory.appendingPathComponent("stdout-\(UUID().uuidString)")

    init() throws {
        fflush(nil)
        saved = dup(1)
        fd = open(file.path, O_CREAT | O_RDWR | O_TRUNC, 0o600)
        guard saved >= 0, fd >= 0 else { throw Failure("cannot redirect stdout") }
        dup2(fd, 1)
    }

    func finish() -> String {
        fflush(nil)
        dup2(saved, 1)
        close(saved)
        defer {
            close(fd)
            unlink(file.path)
        }
        lseek(fd, 0, SEEK_SET)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
