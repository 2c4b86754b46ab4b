import ConferenceData
import ConferenceModel
import PersonalSync
import Foundation
import Operations

/// Rates a session: checks that it has taken place (before anything is asked), takes the ratings
/// given or asks for them on the feedback form (which logs in first when there is an account),
/// saves them here at once (pending upload), then uploads the outbox and pushes the rating to the
/// other backends (a sync folder) as any personal change.
///
/// Its children say how it went: ``check``, ``saving`` (the form, or saving the ratings given),
/// ``upload`` (nil without an account service), ``pushFailures``.
//
// @unchecked Sendable: the push errors are in a Locked; the rest is immutable after init.
public final class GiveFeedbackOperation: GroupOperation, @unchecked Sendable {
    /// Refuses a session that has not taken place yet.
    public let check: AdvancedOperation
    /// Saves the feedback here: the form (``form``), or the ratings given.
    public let saving: AdvancedOperation
    /// The form, when the ratings are asked for.
    public let form: FeedbackFormOperation?
    /// The upload of the outbox, when the source has an account service.
    public let upload: UploadOutboxOperation?
    private let pushes: [(backend: String, operation: AdvancedOperation)]
    private let pushErrors = Locked<[ObjectIdentifier: [any Error]]>([:])

    /// Feedback on `sessionID` (shown as `title`): `given` ratings, or the form through `interaction`
    /// starting from `existing`. `account` nil: saved here only. `waiting` is told when another
    /// process is uploading the same store. `backends` take the rating once it is saved.
    public convenience init(sessionID: String, title: String, existing: Feedback?, given: FeedbackAnswer?, store: ConferenceStore,
                            account: AccountSession?, interaction: any Interaction, now: @escaping @Sendable () -> Date,
                            waiting: @escaping @Sendable () -> Void = {}, backends: [any PersonalDataBackend] = []) {
        let check = ClosureOperation(name: "session check") {}
        check.addCondition(SessionHasTakenPlace(sessionID: sessionID, store: store, now: now))
        let form = given == nil
            ? FeedbackFormOperation(sessionID: sessionID, title: title, initial: existing, account: account, store: store,
                                    interaction: interaction, now: now)
            : nil
        let saving = form ?? Self.save(given, sessionID: sessionID, store: store, now: now)
        saving.addDependency(check)
        saving.addCondition(NoFailedDependencies())
        let upload = account.map { account in
            UploadOutboxOperation(session: account, store: store) { _ in waiting() }
        }
        if let upload {
            upload.addCondition(NoCancelledDependencies())
            upload.addCondition(NoFailedDependencies())
            upload.addDependency(saving)
        }
        let pushes = backends.map { $0.makePush(store: store, after: saving) }
        self.init(check: check, saving: saving, form: form, upload: upload, pushes: pushes)
    }

    // The children are made in the convenience initialiser: built inside this one, the release
    // compiler (Swift 6.2, CopyPropagation) crashes.
    private init(check: AdvancedOperation, saving: AdvancedOperation, form: FeedbackFormOperation?, upload: UploadOutboxOperation?,
                 pushes: [(backend: String, operation: AdvancedOperation)]) {
        self.check = check
        self.saving = saving
        self.form = form
        self.upload = upload
        self.pushes = pushes
        super.init(operations: [check, saving] + (upload.map { [$0] } ?? []) + pushes.map(\.operation))
        name = "feedback"
    }

    /// The backends the rating goes to besides an account service, by name ("the sync folder").
    public var backendNames: [String] { pushes.map(\.backend) }

    /// The backends whose push failed, with why; the rating waits for their next push.
    public var pushFailures: [(backend: String, error: any Error)] {
        let errors = pushErrors.withLock { $0 }
        return pushes.compactMap { push in
            OperationError.rootCause(in: errors[ObjectIdentifier(push.operation)] ?? []).map { (push.backend, $0) }
        }
    }

    public override func operationDidFinish(_ operation: Operation, withErrors errors: [any Error]) {
        guard pushes.contains(where: { $0.operation === operation }) else { return }
        pushErrors.withLock { $0[ObjectIdentifier(operation)] = errors }
    }

    /// Saves the ratings given as flags.
    private static func save(_ answer: FeedbackAnswer?, sessionID: String, store: ConferenceStore,
                             now: @escaping @Sendable () -> Date) -> AdvancedOperation {
        ClosureOperation(name: "save feedback") {
            guard let answer else { return }
            try FeedbackSaving.save(answer, sessionID: sessionID, in: store, at: now())
        }
    }
}
