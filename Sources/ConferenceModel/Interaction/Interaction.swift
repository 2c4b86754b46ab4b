import Foundation

/// The person using the app, as the operations that need one see them: asked for a login, shown an
/// alert, given the feedback form. The conference only asks, through ``InteractionOperation``s (one
/// on screen at a time); the command line answers on the terminal, a test with a script.
///
/// Each question returns nil when the person cancelled (or the task was cancelled, which must end
/// the question at once) and throws when nobody can answer.
public protocol Interaction: Sendable {
    /// Whether a person can answer at all (false in a script: operations then fail instead of asking).
    var canAsk: Bool { get }

    /// A username and a password for `service` (its host, for the prompt); `username`, when given,
    /// is offered as the answer (what was typed before a refused login).
    func credentials(for service: String, username: String?) async throws -> Credentials?

    /// The index of the button chosen in `alert`.
    func choice(in alert: Alert) async throws -> Int?

    /// The ratings and comment given on the feedback form for a session.
    func feedback(on form: FeedbackFormRequest) async throws -> FeedbackAnswer?
}

/// What a login prompt answered; the password is kept in memory only.
public struct Credentials: Sendable, Equatable {
    public var username: String
    public var password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }
}

/// A question with buttons; the first button is the default.
public struct Alert: Sendable, Equatable {
    public var title: String
    public var message: String
    public var buttons: [String]

    public init(title: String, message: String, buttons: [String] = ["OK"]) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }
}

/// The feedback form for one session: its heading, and what was given before (to change it).
public struct FeedbackFormRequest: Sendable, Equatable {
    public var title: String
    public var initial: FeedbackAnswer?

    public init(title: String, initial: FeedbackAnswer?) {
        self.title = title
        self.initial = initial
    }
}
