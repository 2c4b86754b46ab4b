import ConferenceModel
import Foundation
import Operations

/// An operation that talks to the account service with the saved token.
///
/// It does not run when one of its ordinary dependencies failed. By default it also requires a login
/// (``LoggedIn``, which generates the login when needed; after a failed dependency, neither runs, so
/// nobody is asked for a password for nothing).
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
open class AccountOperation: AdvancedOperation, @unchecked Sendable {
    public let session: AccountSession

    /// `requiresLogin: false` leaves the login to the caller (a sync step that skips itself without
    /// one); without a token the operation then fails with ``AccountError/notLoggedIn``.
    public init(session: AccountSession, requiresLogin: Bool = true) {
        self.session = session
        super.init()
        addCondition(NoFailedDependencies())
        addCondition(NoCancelledDependencies())
        if requiresLogin { addCondition(LoggedIn(session: session)) }
        addObserver(TimeoutObserver(timeout: session.timeout))
    }

    /// Runs `body` with a client and the token; a refused token is forgotten.
    func withClient<T>(_ body: (AccountClient, String) async throws -> T) async throws -> T {
        let client = try session.client()
        let token = try session.token()
        do {
            return try await body(client, token)
        } catch AccountError.sessionExpired {
            session.tokenRejected()
            throw AccountError.sessionExpired
        }
    }
}

/// Asks the service one thing about the account and records the answer, or the error, in the
/// session, where a condition (``DeveloperStatus``, ``CloudAccess``) reads it.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
public final class AccountQueryOperation<Answer: Sendable>: AccountOperation, @unchecked Sendable {
    private let ask: @Sendable (AccountClient, String) async throws -> Answer
    private let record: @Sendable (AccountSession, Result<Answer, AccountError>) -> Void

    init(session: AccountSession, name: String, ask: @escaping @Sendable (AccountClient, String) async throws -> Answer,
         record: @escaping @Sendable (AccountSession, Result<Answer, AccountError>) -> Void) {
        self.ask = ask
        self.record = record
        super.init(session: session)
        self.name = name
    }

    public override func execute() async throws {
        do {
            let answer = try await withClient(ask)
            record(session, .success(answer))
        } catch let error as AccountError {
            record(session, .failure(error))
            throw error
        }
    }
}

/// Asks the service who the user is (name, developer status): what ``DeveloperStatus`` checks.
public typealias FetchUserInfoOperation = AccountQueryOperation<AccountClient.User>

extension AccountQueryOperation where Answer == AccountClient.User {
    public convenience init(session: AccountSession) {
        self.init(session: session, name: "user info", ask: { client, token in try await client.me(token: token) },
                  record: { session, result in session.recordUser(result) })
    }
}

/// Asks the service whether the account's cloud storage is available: what ``CloudAccess`` checks.
public typealias CheckCloudOperation = AccountQueryOperation<Bool>

extension AccountQueryOperation where Answer == Bool {
    public convenience init(session: AccountSession) {
        self.init(session: session, name: "cloud access", ask: { client, token in try await client.cloudAvailable(token: token) },
                  record: { session, result in session.recordCloud(result) })
    }
}
