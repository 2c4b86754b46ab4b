import Foundation
import Operations
import Testing

@Suite("Critical sections")
struct CriticalSectionTests {
    @Test("a signal during a critical operation is held back until it finishes, then delivered")
    func signalDeferred() async {
        let gate = SignalGate(signals: [SIGUSR2])
        let delivered = Signal()
        let recorder = Recorder()
        gate.install { signal in
            recorder.record("signal \(signal)")
            delivered.fire()
        }
        let queue = AdvancedOperationQueue()
        let inside = Signal()
        let leave = Signal()
        let critical = ClosureOperation(name: "save") {
            inside.fire()
            leave.wait()
            recorder.record("save finished")
        }
        critical.addObserver(CriticalSectionObserver(gate: gate))
        queue.addOperation(critical)
        #expect(await inside.fired())
        #expect(gate.isInCriticalSection)
        kill(getpid(), SIGUSR2)
        // Nothing may arrive while the save runs; a wrong gate delivers within this bound.
        #expect(!(await delivered.fired(within: 0.2)))
        leave.fire()
        #expect(await delivered.fired())
        await queue.drain()
        #expect(recorder.events == ["save finished", "signal \(SIGUSR2)"])
    }

    @Test("outside a critical section a signal is delivered at once")
    func signalImmediate() async {
        let gate = SignalGate(signals: [SIGUSR1])
        let delivered = Signal()
        gate.install { _ in delivered.fire() }
        kill(getpid(), SIGUSR1)
        #expect(await delivered.fired())
    }
}
