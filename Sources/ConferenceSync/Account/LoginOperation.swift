import ConferenceModel
import Foundation
import Operations

/// Logs in, unless a valid token is already saved and no credentials were given (a login that
/// waited its turn behind another one finds it and asks nothing). Credentials given are always
/// checked by the service: a saved token never stands in for a wrong password.
///
/// With a person to ask: a prompt for the username and password, then the request; refused, an
/// alert offers to retry (the username typed is offered again) or cancel. Cancelled once, every
/// other login of the process gives up without asking (``AccountSession/wasLoginCancelled``). With
/// given credentials: the request only. Only the token is kept. A group operation, exclusive with everything that asks the person: one prompt at a time,
/// however many operations need a login.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
public final class LoginOperation: GroupOperation, @unchecked Sendable {
    public let session: AccountSession

    public init(session: AccountSession) {
        self.session = session
        super.init()
        name = "login"
        addCondition(ExclusiveCategory(InteractionOperation<Credentials>.category))
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
            addOperation(AuthenticateOperation(session: session, login: self,
                                               credentials: .given(Credentials(username: username, password: password))))
        case .ask where session.wasLoginCancelled:
            finish(with: AccountError.loginCancelled)
            return
        case let .ask(interaction):
            attempt(interaction, username: nil)
        }
        super.execute()
    }

    /// Asks for the username (`username` offered to edit) and password, then sends them.
    func attempt(_ interaction: any Interaction, username: String?) {
        let service = session.service?.host ?? "the account service"
        let prompt = InteractionOperation<Credentials>(name: "login prompt") {
            guard interaction.canAsk else { throw AccountError.notLoggedIn }
            return try await interaction.credentials(for: service, username: username)
        }
        let authenticate = AuthenticateOperation(session: session, login: self, credentials: .prompted(prompt, interaction))
        authenticate.addDependency(prompt)
        addOperations([prompt, authenticate])
    }

    /// The service refused what was typed as `username`: offer to try again.
    func refused(_ interaction: any Interaction, username: String) {
        let question = Alert(title: "Login failed", message: AccountError.invalidCredentials.description, buttons: ["Retry", "Cancel"])
        addOperation(InteractionOperation.alert(question, interaction: interaction) { [self] answer in
            if answer == 0 {
                attempt(interaction, username: username)
            } else {
                session.loginWasCancelled()
                cancel(with: AccountError.loginCancelled)
            }
        })
    }
}

/// Sends the credentials and keeps the token.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
final class AuthenticateOperation: AdvancedOperation, @unchecked Sendable {
    enum Source {
        case given(Credentials)
        case prompted(InteractionOperation<Credentials>, any Interaction)
    }

    private let session: AccountSession
    // Strong: the retry belongs to the login, which must outlive this request whoever else lets it
    // go (a queue releases a group once it has finished). The child leaves the group's queue when
    // it finishes, so no cycle outlives it.
    private let login: LoginOperation
    private let credentials: Source

    init(session: AccountSession, login: LoginOperation, credentials: Source) {
        self.session = session
        self.login = login
        self.credentials = credentials
        super.init()
        name = "authenticate"
        addObserver(TimeoutObserver(timeout: session.timeout))
    }

    override func execute() async throws {
        let typed: Credentials
        switch credentials {
        case let .given(given):
            typed = given
        case let .prompted(prompt, _):
            if let error = prompt.errors.first { throw error }
            guard let answer = prompt.answer else {
                session.loginWasCancelled()
                throw AccountError.loginCancelled
            }
            typed = answer
        }
        do {
            let credentials = try await session.client().login(username: typed.username, password: typed.password)
            try session.didLogIn(credentials)
        } catch AccountError.invalidCredentials {
            // Asked, the person may try again; the retry is part of this login.
            guard case let .prompted(_, interaction) = credentials else { throw AccountError.invalidCredentials }
            login.refused(interaction, username: typed.username)
        }
    }
}
