import ConferenceData
import ConferenceModel
import Foundation
import Operations

/// The feedback form: the "segue" of the app. It requires the developer status, whose generated
/// operations log in first, so the form is never shown before the login has finished. What is
/// submitted is saved in the store at once (pending upload); cancelling saves nothing.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
public final class FeedbackFormOperation: InteractionOperation<FeedbackAnswer>, @unchecked Sendable {
    public let sessionID: String
    private let store: ConferenceStore
    private let now: @Sendable () -> Date

    /// The form for `sessionID`, headed `title`, starting from what was given before. Without an
    /// account (a source with no account service) it is not gated.
    public init(sessionID: String, title: String, initial: Feedback?, account: AccountSession?, store: ConferenceStore,
                interaction: any Interaction, now: @escaping @Sendable () -> Date) {
        self.sessionID = sessionID
        self.store = store
        self.now = now
        let request = FeedbackFormRequest(title: title, initial: initial.map(FeedbackAnswer.init))
        super.init(name: "feedback form") { try await interaction.feedback(on: request) }
        if let account { addCondition(DeveloperStatus(session: account)) }
    }

    public override func didAnswer(_ answer: FeedbackAnswer?) throws {
        guard let answer else { return }
        try FeedbackSaving.save(answer, sessionID: sessionID, in: store, at: now())
    }
}

/// Writes feedback to the store as pending upload, keeping the client id of an earlier version.
public enum FeedbackSaving {
    /// A comment over ``Feedback/maximumCommentLength`` is refused, nothing saved.
    public static func save(_ answer: FeedbackAnswer, sessionID: String, in store: ConferenceStore, at date: Date) throws {
        try Feedback.checkComment(answer.comment)
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
