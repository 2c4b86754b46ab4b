import Foundation
import Operations
import TerminalUI

/// The feedback form on the terminal: the "segue" of the app. It requires the developer status, whose
/// generated operations log in first, so the form is never drawn before the login has finished. What
/// is submitted is saved in the store at once (pending upload); Ctrl-C saves nothing.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
public final class FeedbackFormOperation: TerminalInteractionOperation<FeedbackForm.Answer>, @unchecked Sendable {
    public let sessionID: String
    private let title: String
    private let initial: Feedback?
    private let store: ConferenceStore
    private let now: @Sendable () -> Date

    /// Without an account (a source with no account service) the form is not gated.
    public init(sessionID: String, title: String, initial: Feedback?, account: AccountSession?, store: ConferenceStore,
                owner: TerminalOwner, now: @escaping @Sendable () -> Date) {
        self.sessionID = sessionID
        self.title = title
        self.initial = initial
        self.store = store
        self.now = now
        super.init(owner: owner)
        name = "feedback form"
        if let account { addCondition(DeveloperStatus(session: account)) }
    }

    public override func interact(in context: TerminalContext) throws -> PromptResult<FeedbackForm.Answer> {
        let answer = initial.map { FeedbackForm.Answer(overall: $0.overall, content: $0.content, presentation: $0.presentation, comment: $0.comment) }
        return try FeedbackForm(title: "Feedback: " + title, initial: answer).run(in: context)
    }

    public override func didAnswer(_ result: PromptResult<FeedbackForm.Answer>) -> [any Error] {
        guard case let .value(answer) = result else { return [] }
        do {
            try FeedbackSaving.save(answer, sessionID: sessionID, in: store, at: now())
            return []
        } catch {
            return [error]
        }
    }
}

/// Writes feedback to the store as pending upload, keeping the client id of an earlier version.
public enum FeedbackSaving {
    public static func save(_ answer: FeedbackForm.Answer, sessionID: String, in store: ConferenceStore, at date: Date) throws {
        try store.write { db in
            if let existing = try db.feedback(sessionID: sessionID), existing.syncState == .synced {
                throw FeedbackError.alreadyUploaded(session: sessionID)
            }
            try db.saveFeedback(Feedback(sessionID: sessionID, overall: answer.overall, content: answer.content,
                                         presentation: answer.presentation, comment: answer.comment,
                                         syncState: .pending, createdAt: date))
        }
    }
}
