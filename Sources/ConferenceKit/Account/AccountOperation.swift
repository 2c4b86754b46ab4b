import Foundation
import Operations

/// An operation that talks to the account service with the saved token.
///
/// It requires a login (``LoggedIn``, which generates the login when needed), and does not run when
/// one of its ordinary dependencies failed: then neither does the login it would have generated, so
/// nobody is asked for a password for nothing.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
open class AccountOperation: AdvancedOperation, @unchecked Sendable {
    public let session: AccountSession

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

/// Asks the service who the user is (name, developer status): what ``DeveloperStatus`` checks.
//
// @unchecked Sendable: see AccountOperation.
public final class FetchUserInfoOperation: AccountOperation, @unchecked Sendable {
    public init(session: AccountSession) {
        super.init(session: session)
        name = "user info"
    }

    public override func execute() async throws {
        do {
            let user = try await withClient { client, token in try await client.me(token: token) }
            session.recordUser(.success(user))
        } catch let error as AccountError {
            session.recordUser(.failure(error))
            throw error
        }
    }
}

/// Asks the service whether the account's cloud storage is available: what ``CloudAccess`` checks.
//
// @unchecked Sendable: see AccountOperation.
public final class CheckCloudOperation: AccountOperation, @unchecked Sendable {
    public init(session: AccountSession) {
        super.init(session: session)
        name = "cloud access"
    }

    public override func execute() async throws {
        do {
            let available = try await withClient { client, token in try await client.cloudAvailable(token: token) }
            session.recordCloud(.success(available))
        } catch let error as AccountError {
            session.recordCloud(.failure(error))
            throw error
        }
    }
}
