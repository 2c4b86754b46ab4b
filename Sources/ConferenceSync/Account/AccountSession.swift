import ConferenceModel
import Foundation
import Operations

/// How a login gets its username and password.
public enum LoginMethod: Sendable {
    /// Ask the person (on a terminal, the password is never echoed).
    case ask(any Interaction)
    /// Given by the caller (a script's, say); kept in memory only.
    case password(username: String, password: String)
    /// No way to ask: a login fails with ``AccountError/notLoggedIn``.
    case none
}

/// The account as this process sees it: the saved token, what the service said about it, and how to
/// log in. The conditions (``LoggedIn``, ``DeveloperStatus``, ``CloudAccess``) read it; the operations
/// they generate fill it.
public final class AccountSession: Sendable {
    private struct State {
        var credentials: AccountCredentials?
        /// Whether the credentials given to this process have been checked by the service yet.
        var checkedGivenCredentials = false
        var user: AccountClient.User?
        var userError: AccountError?
        var cloudAvailable: Bool?
        var cloudError: AccountError?
        /// The service refused the saved token during this process.
        var tokenRejected = false
        /// The person cancelled a login during this process: later logins do not ask again.
        var loginCancelled = false
    }

    /// The account service, or nil when the source offers none.
    public let service: URL?
    public let credentialStore: CredentialStore
    public let loginMethod: LoginMethod
    public let timeout: TimeInterval
    private let now: @Sendable () -> Date
    private let state: Locked<State>

    public init(service: URL?, credentialStore: CredentialStore, loginMethod: LoginMethod, timeout: TimeInterval = 30,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.service = service
        self.credentialStore = credentialStore
        self.loginMethod = loginMethod
        self.timeout = timeout
        self.now = now
        state = Locked(State(credentials: credentialStore.load()))
    }

    /// The saved login, if it is for this service and has not expired.
    public var credentials: AccountCredentials? {
        guard let service, let credentials = state.withLock({ $0.credentials }),
              credentials.service.absoluteString == AccountClient(service: service).service.absoluteString,
              credentials.isValid(at: now()) else { return nil }
        return credentials
    }

    public var isLoggedIn: Bool { credentials != nil }

    /// True while credentials were given (``LoginMethod/password(username:password:)``) and the service has not checked them.
    var hasUncheckedCredentials: Bool {
        guard case .password = loginMethod else { return false }
        return !state.withLock { $0.checkedGivenCredentials }
    }

    /// A client for the service; throws ``AccountError/unavailable`` without one.
    public func client() throws -> AccountClient {
        guard let service else { throw AccountError.unavailable }
        return AccountClient(service: service, timeout: timeout)
    }

    /// The token to send; throws ``AccountError/notLoggedIn`` without a valid one.
    public func token() throws -> String {
        guard service != nil else { throw AccountError.unavailable }
        guard let credentials else { throw AccountError.notLoggedIn }
        return credentials.token
    }

    /// Remembers a new login (in memory and in the 0600 credentials file).
    public func didLogIn(_ credentials: AccountCredentials) throws {
        try credentialStore.save(credentials)
        state.withLock { state in
            state = State(credentials: credentials, checkedGivenCredentials: true)
        }
    }

    /// Forgets the login, here and on the service (which revokes the token). Offline, the token is
    /// still forgotten here; false then, so the caller can say the service was not told.
    public func logOut() async -> Bool {
        let credentials = state.withLock { $0.credentials } ?? credentialStore.load()
        credentialStore.delete()
        state.withLock { $0 = State() }
        guard let credentials else { return true }
        do {
            try await AccountClient(service: credentials.service, timeout: timeout).logout(token: credentials.token)
            return true
        } catch AccountError.sessionExpired {
            return true
        } catch {
            return false
        }
    }

    /// The token was refused: forget it, so the next condition asks for a login again.
    public func tokenRejected() {
        credentialStore.delete()
        state.withLock { $0 = State(tokenRejected: true) }
    }

    /// The person cancelled a login: every login still waiting in this process gives up without
    /// asking again (one "no" answers them all, as one prompt answers them all).
    public func loginWasCancelled() {
        state.withLock { $0.loginCancelled = true }
    }

    /// Whether the person cancelled a login during this process.
    public var wasLoginCancelled: Bool { state.withLock { $0.loginCancelled } }

    /// Why there is no login: the person cancelled one, or there is none.
    var missingLoginError: AccountError {
        wasLoginCancelled ? .loginCancelled : .notLoggedIn
    }

    /// Whether the service refused the saved token during this process (so "not logged in" is
    /// really "log in again").
    public var wasTokenRejected: Bool { state.withLock { $0.tokenRejected } }

    // MARK: What the service said

    public var user: AccountClient.User? { state.withLock { $0.user } }
    public var userError: AccountError? { state.withLock { $0.userError } }
    public var cloudAvailable: Bool? { state.withLock { $0.cloudAvailable } }
    public var cloudError: AccountError? { state.withLock { $0.cloudError } }

    func recordUser(_ result: Result<AccountClient.User, AccountError>) {
        state.withLock { state in
            switch result {
            case let .success(user): state.user = user; state.userError = nil
            case let .failure(error): state.userError = error
            }
        }
    }

    func recordCloud(_ result: Result<Bool, AccountError>) {
        state.withLock { state in
            switch result {
            case let .success(available): state.cloudAvailable = available; state.cloudError = nil
            case let .failure(error): state.cloudError = error
            }
        }
    }
}
