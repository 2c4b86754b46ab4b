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
        queue.addOperations(delays, waitUntilFinished: false)
        // "At once" means well before any real timer could fire; a wrong implementation waits ≥ 60 s here.
        await queue.drain(seconds: 5)
        #expect(delays.allSatisfy { $0.isFinished })
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
        await queue.drain(seconds: 5)
        #expect(delay.isFinished && delay.isCancelled)
    }
}
