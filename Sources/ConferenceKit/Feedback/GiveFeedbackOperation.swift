import Foundation
import Operations

/// Rates a session: checks that it has taken place (before anything is asked), takes the ratings
/// given or asks for them on the feedback form (which logs in first when there is an account),
/// saves them here at once (pending upload), then uploads the outbox.
///
/// Its children say how it went: ``check``, ``saving`` (the form, or saving the ratings given),
/// ``upload`` (nil without an account service).
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
public final class GiveFeedbackOperation: GroupOperation, @unchecked Sendable {
    /// Refuses a session that has not taken place yet.
    public let check: AdvancedOperation
    /// Saves the feedback here: the form (``form``), or the ratings given.
    public let saving: AdvancedOperation
    /// The form, when the ratings are asked for.
    public let form: FeedbackFormOperation?
    /// The upload of the outbox, when the source has an account service.
    public let upload: UploadOutboxOperation?

    /// Feedback on `sessionID` (shown as `title`): `given` ratings, or the form through `interaction`
    /// starting from `existing`. `account` nil: saved here only. `waiting` is told when another
    /// process is uploading the same store.
    public convenience init(sessionID: String, title: String, existing: Feedback?, given: FeedbackAnswer?, store: ConferenceStore,
                            account: AccountSession?, interaction: any Interaction, now: @escaping @Sendable () -> Date,
                            waiting: @escaping @Sendable () -> Void = {}) {
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
        self.init(check: check, saving: saving, form: form, upload: upload)
    }

    // The children are made in the convenience initialiser: built inside this one, the release
    // compiler (Swift 6.2, CopyPropagation) crashes.
    private init(check: AdvancedOperation, saving: AdvancedOperation, form: FeedbackFormOperation?, upload: UploadOutboxOperation?) {
        self.check = check
        self.saving = saving
        self.form = form
        self.upload = upload
        super.init(operations: [check, saving] + (upload.map { [$0] } ?? []))
        name = "feedback"
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
