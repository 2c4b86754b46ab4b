import ConferenceModel
import ConferenceSync
import Foundation
import PlainText
import TerminalUI

/// The conference's questions answered on the terminal: the login prompt (the password never
/// echoed), alerts as menus, the feedback form. Each runs on the terminal owner's queue, so it never
/// interleaves with progress or messages; a cancelled task ends it at once.
public struct TerminalInteraction: Interaction {
    public let owner: TerminalOwner

    public init(owner: TerminalOwner = .shared) {
        self.owner = owner
    }

    public var canAsk: Bool { owner.terminal.isInteractive }

    /// `username` is shown ready to edit, so a retry only needs the password again. An empty
    /// username is asked for again (it is no answer); Escape, Ctrl-C or Ctrl-D cancel.
    public func credentials(for service: String, username: String?) async throws -> Credentials? {
        try await interact { context in
            guard context.terminal.isInteractive else { throw AccountError.notLoggedIn }
            context.writeLine("Log in to \(service)")
            var typed = username ?? ""
            repeat {
                guard case let .value(answer) = try context.readLine(prompt: "Username: ", initial: typed) else { return .cancelled }
                typed = answer.trimmingCharacters(in: .whitespaces)
            } while typed.isEmpty
            guard case let .value(password) = try context.readLine(prompt: "Password: ", echo: false) else { return .cancelled }
            return .value(Credentials(username: typed, password: password))
        }
    }

    /// Off a terminal, the title and message are printed and the answer is "cancelled", so a
    /// script never waits on a question.
    public func choice(in alert: Alert) async throws -> Int? {
        try await interact { context in
            guard context.terminal.isInteractive else {
                context.print(TextSanitizer.singleLine.sanitize(alert.title) + ": " + TextSanitizer.singleLine.sanitize(alert.message))
                return .cancelled
            }
            return try Menu(title: alert.title, message: alert.message, buttons: alert.buttons).run(in: context)
        }
    }

    public func feedback(on form: FeedbackFormRequest) async throws -> FeedbackAnswer? {
        try await interact { context in
            try FeedbackForm(title: "Feedback: " + form.title, initial: form.initial).run(in: context)
        }
    }

    /// Runs `body` on the owner's queue; cancelling the calling task cancels the interaction.
    private func interact<Answer: Sendable>(_ body: @escaping @Sendable (TerminalContext) throws -> PromptResult<Answer>) async throws -> Answer? {
        let token = InteractionToken()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Answer?, any Error>) in
                owner.interactAsync(token: token, body) { outcome in
                    continuation.resume(with: outcome.map(\.value))
                }
            }
        } onCancel: {
            token.cancel()
        }
    }
}
