import Foundation
import Operations

/// Runs the one operation a command builds, to its end: on a queue of its own, the run's timeline
/// written to a trace file when asked, and Ctrl-C (or SIGTERM) cancelling the operation and
/// everything it generated at once (a login waiting for a slow server included).
public struct OperationRunner {
    /// Where the timeline goes (Chrome trace events); nil for none.
    public var tracePath: String?
    /// Observers of every operation of the run.
    public var observers: [any OperationObserver] = []
    /// What an interrupted operation is cancelled with; nil leaves Ctrl-C to the operation (a player
    /// in the same process group gets it too, and the command waits for it to end).
    public var interruption: (any Error)? = Interrupted()
    /// What Ctrl-C (or SIGTERM) does when ``interruption`` is nil: how a command that leaves the
    /// signal to its operation asks it to end (a player told to quit, what it played still kept).
    public var whenInterrupted: (@Sendable (Int32) -> Void)?
    /// Told when the timeline could not be written (the command itself is done).
    var traceNotWritten: @Sendable (_ path: String, _ error: any Error) -> Void

    /// The signal (SIGINT or SIGTERM) that interrupted a run of this process, if one did; it decides
    /// the exit status of an interruption (``ExitCode/accountingFor(signal:)``).
    public static var interruptingSignal: Int32? { received.withLock { $0 } }
    private static let received = Locked<Int32?>(nil)

    public init(tracePath: String?, traceNotWritten: @escaping @Sendable (_ path: String, _ error: any Error) -> Void) {
        self.tracePath = tracePath
        self.traceNotWritten = traceNotWritten
    }

    /// Runs `operation` and returns the errors it finished with.
    @discardableResult
    public func run(_ operation: AdvancedOperation) -> [any Error] {
        let queue = AdvancedOperationQueue()
        return observing(queue) {
            run(operation, on: queue)
        }
    }

    /// Runs `body` with the run's trace and observers on `queue`, a queue of the caller's (a
    /// full-screen program's, whose keys add operations to it); the trace written after.
    public func observing<T, E: Error>(_ queue: AdvancedOperationQueue, _ body: () throws(E) -> T) throws(E) -> T {
        let trace = tracePath.map { _ in OperationTrace() }
        if let trace { queue.addObserver(TraceObserver(trace: trace)) }
        for observer in observers { queue.addObserver(observer) }
        defer {
            if let trace, let tracePath {
                do {
                    try trace.chromeTraceJSON().write(to: URL(fileURLWithPath: tracePath))
                } catch {
                    traceNotWritten(tracePath, error)
                }
            }
        }
        return try body()
    }

    private func run(_ operation: AdvancedOperation, on queue: AdvancedOperationQueue) -> [any Error] {
        let interruption = interruption
        let whenInterrupted = whenInterrupted
        SignalGate.shared.install { signal in
            Self.received.withLock { $0 = $0 ?? signal }
            guard let interruption else {
                whenInterrupted?(signal)
                return
            }
            operation.cancel(with: interruption)
            for other in queue.operationsInFlight {
                (other as? AdvancedOperation)?.cancel(with: interruption) ?? other.cancel()
            }
        }
        queue.addOperation(operation)
        queue.waitUntilAllOperationsAreFinished()
        return operation.errors
    }
}
