import ConferenceData
import ConferenceModel
import Foundation
import Operations

/// Uploads the store's outbox: every local change to a favorite or a feedback not yet on the
/// service, oldest first. The one upload operation: `favorite`, `feedback` and `sync` all use it.
///
/// It declares what an upload needs, once: a registered developer (``DeveloperStatus``, which
/// needs a login) and cloud access (``CloudAccess``); and it is mutually exclusive per store across
/// processes (a lock beside the database, waited for), so each change is sent by one process. An
/// upload is acknowledged only for the version it sent: a change made meanwhile stays pending and
/// is sent next, so the last change always wins. A favorite's upload carries the store's writer id
/// and the change's version, and the service refuses an earlier change arriving after a later one
/// (a request of a process given up on, still on its way): the last change wins there too. The
/// service may refuse one change (4xx): it stays here, reported, and the others go on.
//
// @unchecked Sendable: the outcome is in a Locked; the rest is immutable.
public final class UploadOutboxOperation: AdvancedOperation, @unchecked Sendable {
    /// What one run did.
    public struct Outcome: Sendable {
        /// The changes the service now holds.
        public var uploaded: [OutboxEntry] = []
        /// Changes the service refused, with its reason: kept here, not retried in this run.
        public var refused: [(entry: OutboxEntry, error: AccountError)] = []
    }

    public let session: AccountSession
    private let store: ConferenceStore
    private let outcome = Locked(Outcome())

    /// `waiting` is told when another process is uploading this store's outbox and this one waits.
    public init(session: AccountSession, store: ConferenceStore, waiting: @escaping @Sendable (Int32?) -> Void = { _ in }) {
        self.session = session
        self.store = store
        super.init()
        name = "upload outbox"
        addCondition(DeveloperStatus(session: session))
        addCondition(CloudAccess(session: session))
        CrossProcessLock(path: store.path + ".upload-lock", waits: true, waiting: waiting) { failure in
            switch failure {
            case .busy: AccountError.network(endpoint: "outbox", detail: "another wwdc is uploading")
            case .unavailable(let reason): FileAccessError.cannotLock(path: store.path + ".upload-lock", reason: reason)
            }
        }.guard(self)
    }

    /// What it uploaded and what the service refused.
    public var result: Outcome { outcome.withLock { $0 } }

    public override func execute() async throws {
        let client = try session.client()
        let token = try session.token()
        let writer = try store.write { try $0.changeWriter() }
        var attempted = Set<OutboxEntry>()
        var raised = Set<String>()
        // Until the outbox holds nothing new: a change made while uploading is sent in this run too.
        while let entry = try store.read({ try $0.outbox() }).first(where: { !attempted.contains($0) }) {
            try Task.checkCancellation()
            attempted.insert(entry)
            do {
                var outcome = AccountClient.WriteOutcome.applied
                switch entry {
                case .favorite(let favorite):
                    // Versioned: a request of an earlier change still on its way cannot undo this one.
                    let change = AccountClient.ChangeStamp(writer: writer, version: favorite.version)
                    outcome = favorite.isFavorite
                        ? try await client.putFavorite(token: token, sessionID: favorite.sessionID, change: change)
                        : try await client.deleteFavorite(token: token, sessionID: favorite.sessionID, change: change)
                case .feedback(let feedback):
                    try await client.postFeedback(token: token, AccountClient.RemoteFeedback(feedback))
                }
                if case let .superseded(version) = outcome {
                    // The service applied a later version of this store's than the change made here:
                    // the counter is behind (a copy of the store, a backup put back). What was
                    // changed here is still the latest: raised above it and sent again, once.
                    if raised.insert(entry.sessionID).inserted {
                        _ = try store.write { try $0.raiseVersion(of: entry, above: version) }
                        continue
                    }
                    throw AccountError.service(endpoint: "account/favorites", status: 409, message: "the service keeps refusing this change as stale")
                }
            } catch let error as AccountError where error.isRefusal {
                outcome.withLock { $0.refused.append((entry, error)) }
                continue
            } catch AccountError.sessionExpired {
                session.tokenRejected()
                throw AccountError.sessionExpired
            }
            _ = try store.write { try $0.acknowledge(entry) }
            outcome.withLock { $0.uploaded.append(entry) }
        }
    }
}

extension AccountClient.RemoteFeedback {
    /// The service's form of a feedback given here.
    init(_ feedback: Feedback) {
        self.init(id: feedback.clientID.uuidString.lowercased(), sessionId: feedback.sessionID, overall: feedback.overall,
                  content: feedback.content, presentation: feedback.presentation, comment: feedback.comment)
    }
}
