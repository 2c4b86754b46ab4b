import ConferenceData
import ConferenceModel
import PersonalSync
import Foundation
import Operations

/// Adds or removes favorites: saved here at once (never lost), then the outbox uploaded, which logs
/// in when needed. When the upload fails for a reason that may pass (the service down, a time-out)
/// and there is a person to ask, an alert offers to try again now or leave it for the next sync.
///
/// Its errors are those of saving here; how the upload went is in ``upload`` and ``uploadFailure``.
//
// @unchecked Sendable: mutable state is in a Locked; the rest is immutable.
public final class ChangeFavoritesOperation: GroupOperation, @unchecked Sendable {
    /// The sessions changed, and whether they are now favorites.
    public let sessionIDs: [String]
    public let favorite: Bool
    private let store: ConferenceStore
    private let account: @Sendable () throws -> AccountSession?
    private let interaction: (any Interaction)?
    private let waiting: @Sendable () -> Void
    private let outcome = Locked(Outcome())

    private struct Outcome {
        var labels: [String] = []
        var unchanged: Set<String> = []
        var hasAccountService = false
        var upload: UploadOutboxOperation?
        var uploadErrors: [any Error] = []
        var saveErrors: [any Error] = []
        var pushes: [(backend: String, operation: AdvancedOperation)] = []
        var pushErrors: [ObjectIdentifier: [any Error]] = [:]
    }

    /// Changes `sessionIDs` at `date`. `account` names the account to upload with once the change
    /// is saved here (nil: the source has no account service; the change stays on this machine);
    /// `saved` hears the sessions' printable labels as soon as they are saved, each with whether it
    /// changed (a session already in the state asked for is left as it is); `waiting` is told
    /// when another process is uploading the same store.
    public init(sessionIDs: [String], favorite: Bool, store: ConferenceStore, at date: Date,
                account: @escaping @Sendable () throws -> AccountSession?, interaction: (any Interaction)?,
                saved: @escaping @Sendable ([(label: String, changed: Bool)]) -> Void = { _ in },
                waiting: @escaping @Sendable () -> Void = {}, backends: [any PersonalDataBackend] = []) {
        self.sessionIDs = sessionIDs
        self.favorite = favorite
        self.store = store
        self.account = account
        self.interaction = interaction
        self.waiting = waiting
        super.init()
        name = favorite ? "add favorites" : "remove favorites"
        addOperation(ClosureOperation(name: Self.saveStep) { [self] in
            let results = try store.write { db in
                try sessionIDs.map { id -> (label: String, changed: Bool) in
                    // Asking again for what is already so writes nothing: no new version to upload.
                    let changed = try (db.favorite(sessionID: id)?.isFavorite ?? false) != favorite
                    if changed { try db.setFavorite(sessionID: id, favorite, syncState: .pending, at: date) }
                    return (try db.sessionLabel(id: id).id, changed)
                }
            }
            outcome.withLock {
                $0.labels = results.map(\.label)
                $0.unchanged = Set(zip(sessionIDs, results).filter { !$1.changed }.map(\.0))
            }
            saved(results)
            // The other backends (a sync folder) take the change as they take any personal change.
            if results.contains(where: \.changed) {
                for backend in backends {
                    let push = backend.makePush(store: store)
                    outcome.withLock { $0.pushes.append((backend.name, push)) }
                    addOperation(push)
                }
            }
            guard let session = try self.account() else { return }
            outcome.withLock { $0.hasAccountService = true }
            startUpload(session)
        })
    }

    private static let saveStep = "save favorites"

    /// The sessions' ids, cleaned for printing, in the order given.
    public var labels: [String] { outcome.withLock { $0.labels } }
    /// The sessions (of ``sessionIDs``) that were already in the state asked for, and left so.
    public var unchangedSessionIDs: Set<String> { outcome.withLock { $0.unchanged } }
    /// Whether the source has an account service to upload to.
    public var hasAccountService: Bool { outcome.withLock { $0.hasAccountService } }
    /// The last upload run (its outcome says what the service took and refused).
    public var upload: UploadOutboxOperation? { outcome.withLock { $0.upload } }
    /// Why the last upload failed as a whole (offline, not logged in, interrupted); nil when it did not.
    public var uploadFailure: (any Error)? { OperationError.rootCause(in: outcome.withLock { $0.uploadErrors }) }

    /// Whether the change went somewhere besides this machine: an account service or another backend.
    public var hasBackend: Bool { outcome.withLock { $0.hasAccountService || !$0.pushes.isEmpty } }

    /// The backends (other than the account service) whose push failed, with why; the change waits for their next push.
    public var pushFailures: [(backend: String, error: any Error)] {
        let (pushes, errors) = outcome.withLock { ($0.pushes, $0.pushErrors) }
        return pushes.compactMap { push in
            OperationError.rootCause(in: errors[ObjectIdentifier(push.operation)] ?? []).map { (push.backend, $0) }
        }
    }

    private func startUpload(_ session: AccountSession) {
        let upload = UploadOutboxOperation(session: session, store: store) { [waiting] _ in waiting() }
        outcome.withLock {
            $0.upload = upload
            $0.uploadErrors = []
        }
        addOperation(upload)
    }

    public override func operationDidFinish(_ operation: Operation, withErrors errors: [any Error]) {
        if (operation as? ClosureOperation)?.name == Self.saveStep {
            outcome.withLock { $0.saveErrors = errors }
            return
        }
        if outcome.withLock({ $0.pushes.contains { $0.operation === operation } }) {
            outcome.withLock { $0.pushErrors[ObjectIdentifier(operation)] = errors }
            return
        }
        guard let upload = operation as? UploadOutboxOperation, upload === self.upload else { return }
        outcome.withLock { $0.uploadErrors = errors }
        guard let interaction, interaction.canAsk, !isCancelled,
              let error = OperationError.rootCause(in: errors) as? AccountError, error.isTransient else { return }
        let alert = Alert(title: "Upload failed", message: ErrorText.message(error) + ". Try again now, or leave it for the next sync?",
                          buttons: ["Retry", "Later"])
        addOperation(InteractionOperation.alert(alert, interaction: interaction) { [self] answer in
            if answer == 0 { startUpload(upload.session) }
        })
    }

    /// Only saving here (and finding the account) can fail the operation; the upload's failure is
    /// reported, not raised.
    public override func errorsFromChildren(_ errors: [any Error]) -> [any Error] {
        outcome.withLock { $0.saveErrors }
    }
}
