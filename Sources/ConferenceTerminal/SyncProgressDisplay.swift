import ConferenceSync
import Foundation
import Operations
import TerminalUI

/// Shows a sync's steps on stderr through the terminal owner: live lines on a terminal, plain lines
/// in a pipe. With `verbose`, every operation gets a line too; with `quiet`, none at all (the
/// summary that follows says how it went).
public final class SyncProgressDisplay: SyncProgressReporting {
    private let progress: LiveProgress
    private let verbose: Bool
    private let quiet: Bool
    private let tasks = Locked<[String: LiveProgress.LineID]>([:])

    public init(owner: TerminalOwner, verbose: Bool, quiet: Bool = false) {
        progress = LiveProgress(owner: owner)
        self.verbose = verbose
        self.quiet = quiet
    }

    public func stepStarted(_ step: SyncStep) {
        guard !quiet else { return }
        let id = progress.begin(step.title)
        tasks.withLock { $0[step.rawValue] = id }
    }

    public func stepProgressed(_ step: SyncStep, done: Int, total: Int) {
        guard !quiet else { return }
        guard let id = tasks.withLock({ $0[step.rawValue] }) else { return }
        progress.update(id, detail: "\(done) of \(total)")
    }

    public func stepFinished(_ step: SyncStep, outcome: SyncStepOutcome) {
        guard !quiet else { return }
        let started = tasks.withLock { $0[step.rawValue] }
        // A step that never began because an earlier one failed adds nothing to that failure's
        // own line and the error that follows (a verbose display and the summary still list it).
        if started == nil, outcome.status == .cancelled, !verbose { return }
        let id = started ?? progress.begin(step.title)
        switch outcome.status {
        case .succeeded: progress.finish(id, .succeeded, detail: outcome.detail)
        case .skipped: progress.finish(id, .skipped(outcome.detail ?? "skipped"))
        case .failed: progress.finish(id, .failed(outcome.detail ?? "failed"))
        case .cancelled: progress.finish(id, .skipped(outcome.detail ?? "cancelled"))
        }
    }

    /// With `verbose`: a line per operation (downloads, parses), not only per step.
    public var operationObserver: BlockObserver {
        BlockObserver(
            start: { [self] operation in
                guard !(operation is SyncOperation), !SyncStep.allCases.map(\.rawValue).contains(operation.displayName) else { return }
                let id = progress.begin("  " + operation.displayName)
                tasks.withLock { $0["op:\(ObjectIdentifier(operation).hashValue)"] = id }
            },
            finish: { [self] operation, errors in
                guard let id = tasks.withLock({ $0.removeValue(forKey: "op:\(ObjectIdentifier(operation).hashValue)") }) else { return }
                if errors.isEmpty {
                    progress.finish(id, .succeeded)
                } else {
                    progress.finish(id, .failed(errors.map { "\($0)" }.joined(separator: "; ")))
                }
            })
    }

    public func stop() {
        progress.stop()
    }
}
