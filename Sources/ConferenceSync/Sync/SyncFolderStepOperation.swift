import ConferenceData
import PersonalSync
import Foundation
import Operations
import PlainText

/// Exchanges the personal data with the sync folder: what was changed here goes out, what the
/// other machines changed comes in. Never fails the sync: a folder that is not there, not
/// writable or too slow to answer skips the step with the reason, and the changes made here wait.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
final class SyncFolderStepOperation: GroupOperation, SyncStepOperation, OutputOperation, @unchecked Sendable {
    let step = SyncStep.syncFolder
    let output = OperationOutput<SyncFolderReport>()
    private let context: SyncContext
    private let exchange: SyncFolderOperation

    init(context: SyncContext, settings: SyncFolderSettings) {
        self.context = context
        exchange = SyncFolderOperation(settings: settings, store: context.store, mode: .exchange, now: context.settings.now)
        super.init(operations: [exchange])
        name = step.rawValue
    }

    var resultDetail: String? {
        guard let report = output.value else { return nil }
        var parts = [Quantity.text(report.sent, "change") + " sent" + (report.newFolder ? " (the whole state: a new folder)" : ""),
                     "\(report.received) received" + (report.received > 0 ? " from " + Quantity.text(report.machines, "machine") : "")]
        if report.conflictCopies > 0 { parts.append(Quantity.text(report.conflictCopies, "conflict copy", plural: "conflict copies") + " read") }
        if !report.damage.isEmpty { parts.append(Quantity.text(report.damage.count, "damaged file") + " read up to the damage") }
        if !report.skipped.isEmpty { parts.append("unusable changes skipped") }
        if report.postponed > 0 { parts.append("\(report.postponed) dated ahead of this clock left for later") }
        if !report.unread.isEmpty { parts.append(Quantity.text(report.unread.count, "file") + " left for the next sync") }
        if report.stopped != nil { parts.append("stopped at the time limit") }
        return parts.joined(separator: ", ")
    }

    override func operationDidFinish(_ operation: Operation, withErrors errors: [any Error]) {
        if let report = exchange.report { output.set(report) }
    }

    override func errorsFromChildren(_ errors: [any Error]) -> [any Error] {
        guard let cause = OperationError.rootCause(in: errors) else { return [] }
        let waiting = (try? context.store.read { try $0.unclockedPersonalChanges().count }) ?? 0
        let note = waiting > 0 ? "; " + Quantity.text(waiting, "change") + (waiting == 1 ? " waits here" : " wait here") : ""
        return [SkippedStep(reason: context.settings.wording.message(cause), note: note)]
    }
}
