import CommandLineKit
import ConferenceKit
import Foundation
import Operations

/// Runs the one operation a command builds, to its end: on a queue of its own, the run's timeline
/// written to `--trace` when the command takes it, and Ctrl-C cancelling the operation and
/// everything it generated at once (a login waiting for a slow server included).
struct OperationRunner {
    let context: CommandContext
    /// Where the timeline goes (Chrome trace events); nil for none.
    var tracePath: String?
    /// Observers of every operation of the run.
    var observers: [any OperationObserver] = []
    /// What an interrupted operation is cancelled with; nil leaves Ctrl-C to the operation (a player
    /// in the same process group gets it too, and the command waits for it to end).
    var interruption: (any Error)? = Interrupted()

    /// The signal (SIGINT or SIGTERM) that interrupted a run of this process, if one did; it decides
    /// the exit status of an interruption (``ExitCode/accountingFor(signal:)``).
    static var interruptingSignal: Int32? { received.withLock { $0 } }
    private static let received = Locked<Int32?>(nil)

    /// A runner for `arguments`' command: with its `--trace` when it takes one.
    init(_ arguments: ParsedArguments, context: CommandContext) {
        self.context = context
        tracePath = arguments.declares(SharedOptions.trace) ? arguments[SharedOptions.trace] : nil
    }

    /// Runs `operation` and returns the errors it finished with.
    @discardableResult
    func run(_ operation: AdvancedOperation) -> [any Error] {
        let queue = AdvancedOperationQueue()
        let trace = tracePath.map { _ in OperationTrace() }
        if let trace { queue.addObserver(TraceObserver(trace: trace)) }
        for observer in observers { queue.addObserver(observer) }
        let interruption = interruption
        SignalGate.shared.install { signal in
            Self.received.withLock { $0 = $0 ?? signal }
            guard let interruption else { return }
            operation.cancel(with: interruption)
            for other in queue.operationsInFlight {
                (other as? AdvancedOperation)?.cancel(with: interruption) ?? other.cancel()
            }
        }
        queue.addOperation(operation)
        queue.waitUntilAllOperationsAreFinished()
        if let trace, let tracePath {
            do {
                try trace.chromeTraceJSON().write(to: URL(fileURLWithPath: tracePath))
            } catch {
                context.message("Warning: " + FileAccessError.write(tracePath, error).description + "; the command itself is done.")
            }
        }
        return operation.errors
    }
}
