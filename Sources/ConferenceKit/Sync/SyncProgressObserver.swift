import Foundation
import Operations

/// Tells a progress reporter when the steps of a sync start and how they end.
struct SyncProgressObserver: OperationObserver {
    let reporter: any SyncProgressReporting
    private let started = Locked<[ObjectIdentifier: UInt64]>([:])

    init(reporter: any SyncProgressReporting) {
        self.reporter = reporter
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
        reporter.stepFinished(stepOperation.step, outcome: Self.outcome(of: stepOperation, errors: errors, seconds: seconds))
    }

    static func outcome(of operation: any SyncStepOperation, errors: [any Error], seconds: Double) -> SyncStepOutcome {
        if operation.wasSkipped {
            let reasons = errors.compactMap { ($0 as? SkippedStep)?.reason }
            return SyncStepOutcome(status: .skipped, detail: reasons.first, seconds: seconds)
        }
        if let cause = OperationError.rootCause(in: errors) {
            return SyncStepOutcome(status: .failed, detail: ErrorText.message(cause), seconds: seconds)
        }
        if operation.isCancelled || !errors.isEmpty {
            let detail = errors.isEmpty ? nil : "an earlier step failed"
            return SyncStepOutcome(status: .cancelled, detail: detail, seconds: seconds)
        }
        return SyncStepOutcome(status: .succeeded, detail: operation.resultDetail, seconds: seconds)
    }
}
