import Foundation
import Operations
import TerminalUI

/// Logs in, unless a valid token is already saved and no credentials were given (a login that
/// waited its turn behind another one finds it and asks nothing). Credentials given are always
/// checked by the service: a saved token never stands in for a wrong password.
///
/// On a terminal: a prompt for the username and password (the password never echoed), then the
/// request; refused, an alert offers to retry or cancel. With given credentials: the request only.
/// Only the token is kept. A group operation, exclusive with every other terminal interaction: one
/// prompt on screen at a time, however many operations need a login.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
public final class LoginOperation: GroupOperation, @unchecked Sendable {
    public let session: AccountSession

    public init(session: AccountSession) {
        self.session = session
        super.init()
        name = "login"
        addCondition(ExclusiveCategory(TerminalInteractionOperation<Int>.category))
        addCondition(NoFailedDependencies())
        addCondition(NoCancelledDependencies())
    }

    public override func execute() {
        guard session.service != nil else {
            finish(with: AccountError.unavailable)
            return
        }
        if session.isLoggedIn, !session.hasUncheckedCredentials {
            finish()
            return
        }
        switch session.loginMethod {
        case .none:
            finish(with: AccountError.notLoggedIn)
            return
        case let .password(username, password):
            addOperation(AuthenticateOperation(session: session, login: self, credentials: .given(username: username, password: password)))
        case let .prompt(owner):
            attempt(owner: owner)
        }
        super.execute()
    }

    /// Asks for the username and password, then sends them.
    func attempt(owner: TerminalOwner) {
        let prompt = CredentialsPromptOperation(owner: owner, service: session.service)
        let authenticate = AuthenticateOperation(session: session, login: self, credentials: .prompted(prompt))
        authenticate.addDependency(prompt)
        addOperations([prompt, authenticate])
    }

    /// The service refused what was typed: offer to try again.
    func refused(owner: TerminalOwner) {
        let alert = AlertOperation(title: "Login failed", message: AccountError.invalidCredentials.description,
                                   buttons: ["Retry", "Cancel"], owner: owner) { [self] answer in
            if answer.value == 0 {
                attempt(owner: owner)
            } else {
                cancel(with: AccountError.loginCancelled)
            }
        }
        addOperation(alert)
    }
}

/// Asks for a username and a password on the terminal.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
final class CredentialsPromptOperation: TerminalInteractionOperation<CredentialsPromptOperation.Typed>, @unchecked Sendable {
    struct Typed: Sendable {
        var username: String
        var password: String
    }

    private let service: URL?

    init(owner: TerminalOwner, service: URL?) {
        self.service = service
        super.init(owner: owner)
        name = "login prompt"
    }

    override func interact(in context: TerminalContext) throws -> PromptResult<Typed> {
        guard context.terminal.isInteractive else { throw AccountError.notLoggedIn }
        context.writeLine("Log in to \(service?.host ?? "the account service")")
        guard case let .value(username) = try context.readLine(prompt: "Username: "), !username.isEmpty else { return .cancelled }
        guard case let .value(password) = try context.readLine(prompt: "Password: ", echo: false) else { return .cancelled }
        return .value(Typed(username: username, password: password))
    }
}

/// Sends the credentials and keeps the token.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
final class AuthenticateOperation: AdvancedOperation, @unchecked Sendable {
    enum Credentials {
        case given(username: String, password: String)
        case prompted(CredentialsPromptOperation)
    }

    private let session: AccountSession
    private unowned let login: LoginOperation
    private let credentials: Credentials

    init(session: AccountSession, login: LoginOperation, credentials: Credentials) {
        self.session = session
        self.login = login
        self.credentials = credentials
        super.init()
        name = "authenticate"
        addObserver(TimeoutObserver(timeout: session.timeout))
    }

    override func execute() async throws {
        let username: String
        let password: String
        switch credentials {
        case let .given(given, secret):
            (username, password) = (given, secret)
        case let .prompted(prompt):
            if let error = prompt.errors.first { throw error }
            guard case let .value(typed) = prompt.result else { throw AccountError.loginCancelled }
            (username, password) = (typed.username, typed.password)
        }
        do {
            let credentials = try await session.client().login(username: username, password: password)
            try session.didLogIn(credentials)
        } catch AccountError.invalidCredentials {
            // At a prompt, the user may try again; the retry is part of this login.
            guard case let .prompted(prompt) = credentials else { throw AccountError.invalidCredentials }
            login.refused(owner: prompt.owner)
        }
    }
}
