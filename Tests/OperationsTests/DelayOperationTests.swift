import Foundation
import Operations
import Testing

@Suite("Delay")
struct DelayOperationTests {
    @Test("waits at least the interval")
    func waitsAtLeast() async {
        let queue = AdvancedOperationQueue()
        let delay = DelayOperation(0.1)
        let began = DispatchTime.now()
        queue.addOperation(delay)
        await queue.drain()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - began.uptimeNanoseconds) / 1e9
        #expect(elapsed >= 0.1)
        #expect(!delay.isCancelled)
    }

    @Test("zero, negative and past finish at once", arguments: [0.0, -5.0])
    func immediate(interval: Double) async {
        let queue = AdvancedOperationQueue()
        let delays = [DelayOperation(interval), DelayOperation(until: Date(timeIntervalSinceNow: interval - 60))]
        // "At once" means inside execute(), on the thread that started it: a timer, however short,
        // would finish it from another thread.
        let threads = Recorder()
        for delay in delays {
            delay.addObserver(BlockObserver(start: { _ in threads.record("start \(Thread.current.hashValue)") },
                                            finish: { _, _ in threads.record("finish \(Thread.current.hashValue)") }))
        }
        queue.addOperations(delays, waitUntilFinished: false)
        await queue.drain()
        #expect(delays.allSatisfy { $0.isFinished })
        let events = threads.events
        #expect(events.count == 4)
        for start in events.filter({ $0.hasPrefix("start ") }) {
            #expect(events.contains("finish " + start.dropFirst("start ".count)), "\(events)")
        }
    }

    @Test("cancellable mid-delay")
    func cancellable() async {
        let queue = AdvancedOperationQueue()
        let delay = DelayOperation(3600)
        let started = Signal()
        delay.addObserver(BlockObserver(start: { _ in started.fire() }))
        queue.addOperation(delay)
        #expect(await started.fired())
        delay.cancel()
        // A delay that ignored the cancellation would take an hour.
        await queue.drain()
        #expect(delay.isFinished && delay.isCancelled)
    }
}
