import ConferenceData
import ConferenceModel
import Foundation
import Operations

/// Imports one of the user's account lists during a sync: fetches the service's list page after
/// page until the cursor runs out (each page operation produces the next, like the talk's
/// `CKQueryOperation` loop); its output is the list, for the save step to merge. Runs after the
/// uploads step, so the list holds what was uploaded. Skipped, silently, when no account is logged
/// in; skipped, saying so, when the service no longer takes the token.
//
// @unchecked Sendable: mutable state is in a Locked; the rest is immutable.
final class AccountImportOperation<Item: Sendable>: GroupOperation, SyncStepOperation, OutputOperation, @unchecked Sendable {
    let list: AccountList<Item>
    let output = OperationOutput<FetchedList<Item>>()
    private let context: SyncContext
    private let config = OperationInput<AppConfig>()
    /// The change counter read before the first page (nil: the step did not run), and the pages
    /// fetched, by number.
    private let fetched = Locked<(watermark: Int64?, pages: [Int: [Item]])>((nil, [:]))

    init(_ list: AccountList<Item>, context: SyncContext, config configStep: DownloadConfigOperation) {
        self.list = list
        self.context = context
        super.init()
        name = list.step.rawValue
        injectResult(from: configStep, into: config) { $0.feed }
        addCondition(SkipUnlessLoggedIn(context: context, config: config))
    }

    var step: SyncStep { list.step }

    var resultDetail: String? { list.detail(of: output.value) }

    override func execute() {
        guard let account = context.account(config.value) else {
            finish(with: SkippedStep(reason: "not logged in"))
            return
        }
        do {
            // Local changes after this moment are newer than the list: the merge leaves them alone.
            let watermark = try context.store.read { try $0.changeWatermark() }
            fetched.withLock { $0.watermark = watermark }
        } catch {
            finish(with: error)
            return
        }
        addOperation(FetchPageOperation(list, session: account, cursor: nil, number: 1))
        super.execute()
    }

    override func operationDidFinish(_ operation: Operation, withErrors errors: [any Error]) {
        guard let page = operation as? FetchPageOperation<Item>, let items = page.output.value?.items else { return }
        fetched.withLock { $0.pages[page.number] = items }
    }

    override func errorsFromChildren(_ errors: [any Error]) -> [any Error] {
        // The pages that came, even when a later one did not: the merge takes what was fetched.
        let (watermark, pages) = fetched.withLock { ($0.watermark, $0.pages) }
        if let watermark {
            let fetched = pages.isEmpty ? nil : list.usable(pages.keys.sorted().flatMap { pages[$0] ?? [] })
            output.set(FetchedList(items: fetched?.items, pages: pages.count, watermark: watermark, skipped: fetched?.skipped ?? []))
        }
        return SkippedStep.forAccount(errors)
    }
}
