import ConferenceModel
import Foundation
import Operations

/// Tells a progress reporter when the steps of a sync start and how they end.
struct SyncProgressObserver: OperationObserver {
    let reporter: any SyncProgressReporting
    /// How a failure or a skip reads in a step's detail.
    let wording: ErrorWording
    private let started = Locked<[ObjectIdentifier: UInt64]>([:])

    init(reporter: any SyncProgressReporting, wording: ErrorWording = .plain) {
        self.reporter = reporter
        self.wording = wording
    }

    func operationDidStart(_ operation: AdvancedOperation) {
        guard let step = (operation as? any SyncStepOperation)?.step else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        started.withLock { $0[ObjectIdentifier(operation)] = now }
        reporter.stepStarted(step)
    }

    func operationDidFinish(_ operation: AdvancedOperation, errors: [any Error]) {
        guard let stepOperation = operation as? any SyncStepOperation else { return }
        let began = started.withLock { $0.removeValue(forKey: ObjectIdentifier(operation)) }
        let seconds = began.map { Double(DispatchTime.now().uptimeNanoseconds - $0) / 1e9 } ?? 0
        reporter.stepFinished(stepOperation.step, outcome: outcome(of: stepOperation, errors: errors, seconds: seconds))
    }

    func outcome(of operation: any SyncStepOperation, errors: [any Error], seconds: Double) -> SyncStepOutcome {
        if operation.wasSkipped {
            let skip = errors.first { $0 is SkippedStep }
            return SyncStepOutcome(status: .skipped, detail: skip.map(wording.message), seconds: seconds)
        }
        if let cause = OperationError.rootCause(in: errors) {
            return SyncStepOutcome(status: .failed, detail: wording.message(cause), seconds: seconds)
        }
        if operation.isCancelled || !errors.isEmpty {
            let detail = errors.isEmpty ? nil : "an earlier step failed"
            return SyncStepOutcome(status: .cancelled, detail: detail, seconds: seconds)
        }
        return SyncStepOutcome(status: .succeeded, detail: operation.resultDetail, seconds: seconds)
    }
}
