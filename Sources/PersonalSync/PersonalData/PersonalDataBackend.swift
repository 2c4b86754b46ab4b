import ConferenceData
import Operations

/// A place the user's personal changes go after they are saved here (a sync folder, a service).
///
/// ``ChangePersonalDataOperation`` runs every backend's push after each edit; what a push has not
/// sent stays in the outbox (`personal_changes`; for the sync folder, the changes without a clock),
/// so a push that cannot run now sends the change next time.
public protocol PersonalDataBackend: Sendable {
    /// What it is called in messages ("the sync folder").
    var name: String { get }
    /// An operation sending the changes of `store` this backend has not sent; its conditions say
    /// what it needs (the folder there and writable, a login).
    func makePush(store: ConferenceStore) -> AdvancedOperation
}

extension PersonalDataBackend {
    /// This backend's push of `store` once `saving` has saved the change here: not run when saving
    /// failed or was cancelled (nothing new to send).
    public func makePush(store: ConferenceStore, after saving: AdvancedOperation) -> (backend: String, operation: AdvancedOperation) {
        let push = makePush(store: store)
        push.addDependency(saving)
        push.addCondition(NoCancelledDependencies())
        push.addCondition(NoFailedDependencies())
        return (name, push)
    }
}
