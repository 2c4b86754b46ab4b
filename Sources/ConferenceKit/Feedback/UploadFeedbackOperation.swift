import Foundation
import Operations

/// Uploads every feedback still pending here (the one just given, and any left by an earlier command),
/// each with its client id, so a retried upload never makes a second copy on the server.
//
// @unchecked Sendable: mutable state is in a Locked; the rest is immutable.
public final class UploadFeedbackOperation: AdvancedOperation, @unchecked Sendable {
    private let account: AccountSession
    private let store: ConferenceStore
    private let uploadedIDs = Locked<[String]>([])

    public init(account: AccountSession, store: ConferenceStore) {
        self.account = account
        self.store = store
        super.init()
        name = "upload feedback"
        addCondition(DeveloperStatus(session: account))
        addObserver(TimeoutObserver(timeout: account.timeout))
    }

    /// The sessions whose feedback was uploaded.
    public var uploaded: [String] { uploadedIDs.withLock { $0 } }

    public override func execute() async throws {
        let client = try account.client()
        let token = try account.token()
        for feedback in try store.read({ try $0.allFeedback(in: .pending) }) {
            try Task.checkCancellation()
            try await client.postFeedback(token: token, AccountClient.RemoteFeedback(feedback))
            try store.write { db in
                // Only if nobody changed it meanwhile.
                if let current = try db.feedback(sessionID: feedback.sessionID), current == feedback {
                    try db.setFeedbackSyncState(sessionID: feedback.sessionID, .synced)
                }
            }
            uploadedIDs.withLock { $0.append(feedback.sessionID) }
        }
    }
}
