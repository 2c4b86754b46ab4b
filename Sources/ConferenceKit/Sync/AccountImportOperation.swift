import Foundation
import Operations

/// Imports the user's favorites or feedback during a sync: fetches the service's list page after
/// page until the cursor runs out (each page operation produces the next, like the talk's
/// `CKQueryOperation` loop). Runs after the uploads step, so the lists hold what was uploaded.
/// Skipped, silently, when no account is logged in; skipped, saying so, when the service no longer
/// takes the token.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
class AccountImportOperation: GroupOperation, SyncStepOperation, @unchecked Sendable {
    let step: SyncStep
    let context: SyncContext

    init(step: SyncStep, context: SyncContext) {
        self.step = step
        self.context = context
        super.init()
        name = step.rawValue
        addCondition(SkipUnlessLoggedIn(context: context))
    }

    var resultDetail: String? {
        let staged = context.snapshot
        let pages = step == .favorites ? staged.favoritePages : staged.feedbackPages
        let count = step == .favorites ? staged.remoteFavorites?.count ?? 0 : staged.remoteFeedback?.count ?? 0
        let noun = step == .favorites ? "favorites" : "ratings"
        return "\(count) \(noun) in \(pages) page\(pages == 1 ? "" : "s")"
    }

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
        addOperation(FetchPageOperation(step: step, context: context, session: account, cursor: nil, number: 1))
        super.execute()
    }

    override func errorsFromChildren(_ errors: [any Error]) -> [any Error] {
        SkippedStep.forAccount(errors)
    }
}

/// The favorites import step.
//
// @unchecked Sendable: see AccountImportOperation.
final class FavoritesImportOperation: AccountImportOperation, @unchecked Sendable {
    init(context: SyncContext) {
        super.init(step: .favorites, context: context)
    }
}

/// The feedback import step.
//
// @unchecked Sendable: see AccountImportOperation.
final class FeedbackImportOperation: AccountImportOperation, @unchecked Sendable {
    init(context: SyncContext) {
        super.init(step: .feedback, context: context)
    }
}

/// Uploads the outbox before the account's lists are fetched. Never fails the sync: what the
/// service would not take (not a registered developer, no cloud, offline) stays here, and the step
/// says why.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
final class UploadsOperation: GroupOperation, SyncStepOperation, @unchecked Sendable {
    let step = SyncStep.uploads
    private let context: SyncContext
    private let upload = Locked<UploadOutboxOperation?>(nil)

    init(context: SyncContext) {
        self.context = context
        super.init()
        name = step.rawValue
        addCondition(SkipUnlessLoggedIn(context: context))
    }

    var resultDetail: String? {
        guard let outcome = context.snapshot.uploads else { return nil }
        var parts = [outcome.uploaded.isEmpty ? "nothing to upload" : "\(outcome.uploaded.count) change\(outcome.uploaded.count == 1 ? "" : "s") uploaded"]
        if !outcome.refused.isEmpty { parts.append("\(outcome.refused.count) refused by the service (kept here)") }
        return parts.joined(separator: ", ")
    }

    override func execute() {
        guard let account = context.account else {
            finish(with: SkippedStep(reason: "not logged in"))
            return
        }
        let operation = UploadOutboxOperation(session: account, store: context.store)
        operation.addObserver(BlockObserver(finish: { [context] operation, _ in
            context.stage { $0.uploads = (operation as? UploadOutboxOperation)?.result }
        }))
        upload.withLock { $0 = operation }
        addOperation(operation)
        super.execute()
    }

    override func errorsFromChildren(_ errors: [any Error]) -> [any Error] {
        let pending = (try? context.store.read { try $0.outbox().count }) ?? 0
        let note = pending > 0 ? "; \(pending) change\(pending == 1 ? "" : "s") stay here" : ""
        return SkippedStep.forAccount(errors, note: note)
    }
}

/// Fetches one page of the favorites or feedback list, and produces the operation for the next page.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
final class FetchPageOperation: AccountOperation, @unchecked Sendable {
    private let step: SyncStep
    private let context: SyncContext
    private let cursor: String?
    private let number: Int

    init(step: SyncStep, context: SyncContext, session: AccountSession, cursor: String?, number: Int) {
        self.step = step
        self.context = context
        self.cursor = cursor
        self.number = number
        super.init(session: session, requiresLogin: false)
        name = "\(step.rawValue) page \(number)"
    }

    override func execute() async throws {
        let next: String? = try await withClient { client, token in
            if step == .favorites {
                let page = try await client.favorites(token: token, cursor: cursor)
                context.stage { staged in
                    staged.remoteFavorites = (staged.remoteFavorites ?? []) + page.items
                    staged.favoritePages += 1
                }
                return page.nextCursor
            } else {
                let page = try await client.feedback(token: token, cursor: cursor)
                context.stage { staged in
                    staged.remoteFeedback = (staged.remoteFeedback ?? []) + page.items
                    staged.feedbackPages += 1
                }
                return page.nextCursor
            }
        }
        if let next {
            produceOperation(FetchPageOperation(step: step, context: context, session: session, cursor: next, number: number + 1))
        }
    }
}

/// Fails with ``SkippedStep`` when no account is logged in (or the source has no account service):
/// the step is skipped, the sync goes on. A silent ``LoggedIn``: it never prompts.
struct SkipUnlessLoggedIn: OperationCondition {
    let context: SyncContext

    var name: String { "LoggedIn" }

    func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        guard let account = context.account else {
            completion(.failed(SkippedStep(reason: context.settings.credentialStore == nil ? "accounts off" : "no account service")))
            return
        }
        SilentCondition(LoggedIn(session: account)).evaluate(for: operation) { result in
            guard result.error != nil else { return completion(.satisfied) }
            // An earlier step may have found the token refused: then the user has to log in again.
            completion(.failed(account.wasTokenRejected ? SkippedStep.loginRefused() : SkippedStep(reason: "not logged in")))
        }
    }
}

extension SkippedStep {
    /// A step skipped because the service no longer takes the saved login.
    static func loginRefused(note: String = "") -> SkippedStep {
        SkippedStep(reason: "the service no longer takes the login: run 'wwdc login' again" + note)
    }

    /// A sync's account step that the account itself stopped (the token refused, not a developer, no
    /// cloud, the service down): skipped with the reason, so the feeds still land. An interruption
    /// stays what it is.
    static func forAccount(_ errors: [any Error], note: String = "") -> [any Error] {
        guard let cause = SyncSummary.rootCause(in: errors) else { return errors }
        switch cause {
        case AccountError.sessionExpired:
            return [loginRefused(note: note)]
        case let error as AccountError:
            return [SkippedStep(reason: error.description + note)]
        default:
            return errors
        }
    }
}

extension AccountClient.RemoteFeedback {
    init(_ feedback: Feedback) {
        self.init(id: feedback.clientID.uuidString.lowercased(), sessionId: feedback.sessionID, overall: feedback.overall,
                  content: feedback.content, presentation: feedback.presentation, comment: feedback.comment)
    }
}
