import Foundation
import Operations

/// Imports the user's favorites or feedback during a sync: first uploads what is pending here, then
/// fetches the service's list page after page until the cursor runs out (each page operation produces
/// the next, like the talk's `CKQueryOperation` loop). Skipped, silently, when no account is logged in.
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
        let uploaded = step == .favorites ? staged.uploadedFavorites.count : staged.uploadedFeedback.count
        let noun = step == .favorites ? "favorites" : "ratings"
        let refused = staged.refusedUploads.count
        return "\(count) \(noun) in \(pages) page\(pages == 1 ? "" : "s")" + (uploaded > 0 ? ", \(uploaded) uploaded" : "")
            + (refused > 0 ? ", \(refused) refused by the service (kept here)" : "")
    }

    override func execute() {
        guard let account = context.account else {
            finish(with: SkippedStep(reason: "not logged in"))
            return
        }
        let upload = UploadPendingOperation(step: step, context: context, session: account)
        let firstPage = FetchPageOperation(step: step, context: context, session: account, cursor: nil, number: 1)
        firstPage.addDependency(upload)
        addOperations([upload, firstPage])
        super.execute()
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

/// Uploads the favorites or feedback changed here since the last sync (idempotent: a retried upload
/// never duplicates on the server).
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
final class UploadPendingOperation: AccountOperation, @unchecked Sendable {
    private let step: SyncStep
    private let context: SyncContext

    init(step: SyncStep, context: SyncContext, session: AccountSession) {
        self.step = step
        self.context = context
        super.init(session: session, requiresLogin: false)
        name = "upload pending \(step.rawValue)"
    }

    override func execute() async throws {
        try await withClient { client, token in
            if step == .favorites {
                for favorite in try context.store.read({ try $0.favorites(in: .pending) }) {
                    try Task.checkCancellation()
                    do {
                        if favorite.isFavorite {
                            try await client.putFavorite(token: token, sessionID: favorite.sessionID)
                        } else {
                            try await client.deleteFavorite(token: token, sessionID: favorite.sessionID)
                        }
                    } catch let error as AccountError where error.isRefusal {
                        // One item the service will never take must not stop every sync: it stays here.
                        context.stage { $0.refusedUploads.append("\(favorite.sessionID): \(error.description)") }
                        continue
                    }
                    context.stage { $0.uploadedFavorites[favorite.sessionID] = favorite.isFavorite }
                }
            } else {
                for feedback in try context.store.read({ try $0.allFeedback(in: .pending) }) {
                    try Task.checkCancellation()
                    do {
                        try await client.postFeedback(token: token, AccountClient.RemoteFeedback(feedback))
                    } catch let error as AccountError where error.isRefusal {
                        context.stage { $0.refusedUploads.append("\(feedback.sessionID): \(error.description)") }
                        continue
                    }
                    context.stage { $0.uploadedFeedback.insert(feedback.clientID) }
                }
            }
        }
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
            completion(result.error == nil ? .satisfied : .failed(SkippedStep(reason: "not logged in")))
        }
    }
}

extension AccountClient.RemoteFeedback {
    init(_ feedback: Feedback) {
        self.init(id: feedback.clientID.uuidString.lowercased(), sessionId: feedback.sessionID, overall: feedback.overall,
                  content: feedback.content, presentation: feedback.presentation, comment: feedback.comment)
    }
}
