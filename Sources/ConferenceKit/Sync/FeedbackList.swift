import Foundation

/// The account's feedback (its ratings), as a sync imports them.
struct FeedbackList: AccountList {
    var step: SyncStep { .feedback }
    var noun: String { "rating" }
    var staged: WritableKeyPath<SyncContext.Staged, SyncContext.FetchedList<AccountClient.RemoteFeedback>> { \.feedback }

    func fetchPage(_ client: AccountClient, token: String, cursor: String?) async throws -> AccountClient.Page<AccountClient.RemoteFeedback> {
        try await client.feedback(token: token, cursor: cursor)
    }

    func merge(_ items: [AccountClient.RemoteFeedback]?, into db: Database, watermark: Int64, at date: Date) throws -> ChangeCounts {
        try db.mergeFeedback(remote: items, watermark: watermark, at: date)
    }
}
