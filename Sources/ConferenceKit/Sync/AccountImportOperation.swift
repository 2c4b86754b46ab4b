import Foundation
import Operations

/// Imports one of the user's account lists during a sync: fetches the service's list page after
/// page until the cursor runs out (each page operation produces the next, like the talk's
/// `CKQueryOperation` loop). Runs after the uploads step, so the list holds what was uploaded.
/// Skipped, silently, when no account is logged in; skipped, saying so, when the service no longer
/// takes the token.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
final class AccountImportOperation<List: AccountList>: GroupOperation, SyncStepOperation, @unchecked Sendable {
    let list: List
    private let context: SyncContext

    init(_ list: List, context: SyncContext) {
        self.list = list
        self.context = context
        super.init()
        name = list.step.rawValue
        addCondition(SkipUnlessLoggedIn(context: context))
    }

    var step: SyncStep { list.step }

    var resultDetail: String? { list.detail(of: context.snapshot) }

    override func execute() {
        guard let account = context.account else {
            finish(with: SkippedStep(reason: "not logged in"))
            return
        }
        do {
            // Local changes after this moment are newer than the list: the merge leaves them alone.
            let watermark = try context.store.read { try $0.changeWatermark() }
            context.stage { $0.watermark = min($0.watermark ?? watermark, watermark) }
        } catch {
            finish(with: error)
            return
        }
        addOperation(FetchPageOperation(list, context: context, session: account, cursor: nil, number: 1))
        super.execute()
    }

    override func errorsFromChildren(_ errors: [any Error]) -> [any Error] {
        SkippedStep.forAccount(errors)
    }
}
