import ConferenceData
import Foundation
import Operations

/// Changes the user's watch progress, bookmarks or notes: saved here at once as versioned changes
/// (never lost), then pushed to each backend. A push that fails leaves the change waiting in the
/// outbox for the next one; it is reported (``pushFailures``), not raised.
///
/// Its errors are those of saving here (a bookmark with no time to put it at, a number that is not
/// a bookmark's).
//
// @unchecked Sendable: mutable state is in a Locked; the rest is immutable.
public final class ChangePersonalDataOperation: GroupOperation, @unchecked Sendable {
    public let edit: PersonalEdit
    /// Saves the edit here; the pushes wait for it.
    public let save: AdvancedOperation
    private let outcome: Locked<Outcome>

    private struct Outcome {
        var results: [PersonalEditResult] = []
        var labels: [String] = []
        var saveErrors: [any Error] = []
        var pushErrors: [ObjectIdentifier: [any Error]] = [:]
    }

    private let pushes: [(backend: String, operation: AdvancedOperation)]

    /// Makes `edit` at `date` in `store`, then pushes it to `backends` (none: it stays on this machine).
    public convenience init(edit: PersonalEdit, store: ConferenceStore, at date: Date, backends: [any PersonalDataBackend] = []) {
        let outcome = Locked(Outcome())
        let save = ClosureOperation(name: "save personal data") {
            let (results, labels) = try store.write { db in
                let results = try db.edit(edit, at: date)
                return (results, try results.map { try db.sessionLabel(id: $0.sessionID).id })
            }
            outcome.withLock {
                $0.results = results
                $0.labels = labels
            }
        }
        let pushes = backends.map { $0.makePush(store: store, after: save) }
        self.init(edit: edit, save: save, pushes: pushes, outcome: outcome)
    }

    // The children are made in the convenience initialiser, as GiveFeedbackOperation's are.
    private init(edit: PersonalEdit, save: AdvancedOperation, pushes: [(backend: String, operation: AdvancedOperation)],
                 outcome: Locked<Outcome>) {
        self.edit = edit
        self.save = save
        self.pushes = pushes
        self.outcome = outcome
        super.init(operations: [save] + pushes.map(\.operation))
        name = "change personal data"
    }

    /// What the edit did, session by session; empty until saved.
    public var results: [PersonalEditResult] { outcome.withLock { $0.results } }
    /// The sessions' ids cleaned for printing, beside ``results``.
    public var labels: [String] { outcome.withLock { $0.labels } }
    /// The backends whose push failed, with why; the change waits for their next push.
    public var pushFailures: [(backend: String, error: any Error)] {
        let errors = outcome.withLock { $0.pushErrors }
        return pushes.compactMap { push in
            OperationError.rootCause(in: errors[ObjectIdentifier(push.operation)] ?? []).map { (push.backend, $0) }
        }
    }

    public override func operationDidFinish(_ operation: Operation, withErrors errors: [any Error]) {
        outcome.withLock {
            if operation === save { $0.saveErrors = errors } else { $0.pushErrors[ObjectIdentifier(operation)] = errors }
        }
    }

    /// Only saving here can fail the operation.
    public override func errorsFromChildren(_ errors: [any Error]) -> [any Error] {
        outcome.withLock { $0.saveErrors }
    }
}
