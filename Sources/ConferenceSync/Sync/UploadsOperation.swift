import ConferenceModel
import PlainText
import Foundation
import Operations

/// Uploads the outbox before the account's lists are fetched. Never fails the sync: what the
/// service would not take (not a registered developer, no cloud, offline) stays here, and the step
/// says why.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
final class UploadsOperation: GroupOperation, SyncStepOperation, OutputOperation, @unchecked Sendable {
    let step = SyncStep.uploads
    /// What the upload did, whether or not it went through.
    let output = OperationOutput<UploadOutboxOperation.Outcome>()
    private let context: SyncContext
    private let config = OperationInput<AppConfig>()

    init(context: SyncContext, config configStep: DownloadConfigOperation) {
        self.context = context
        super.init()
        name = step.rawValue
        injectResult(from: configStep, into: config) { $0.feed }
        addCondition(SkipUnlessLoggedIn(context: context, config: config))
    }

    var resultDetail: String? {
        guard let outcome = output.value else { return nil }
        var parts = [outcome.uploaded.isEmpty ? "nothing to upload" : Quantity.text(outcome.uploaded.count, "change") + " uploaded"]
        if !outcome.refused.isEmpty { parts.append("\(outcome.refused.count) refused by the service (kept here)") }
        return parts.joined(separator: ", ")
    }

    override func execute() {
        guard let account = context.account(config.value) else {
            finish(with: SkippedStep(reason: "not logged in"))
            return
        }
        let operation = UploadOutboxOperation(session: account, store: context.store)
        operation.addObserver(BlockObserver(finish: { [output] operation, _ in
            if let upload = operation as? UploadOutboxOperation { output.set(upload.result) }
        }))
        addOperation(operation)
        super.execute()
    }

    override func errorsFromChildren(_ errors: [any Error]) -> [any Error] {
        let pending = (try? context.store.read { try $0.outbox().count }) ?? 0
        let note = pending > 0 ? "; " + Quantity.text(pending, "change") + (pending == 1 ? " stays here" : " stay here") : ""
        return SkippedStep.forAccount(errors, note: note)
    }
}
