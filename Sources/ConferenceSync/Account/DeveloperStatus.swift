import Foundation
import Operations

/// Satisfied when the logged-in account is a registered developer. Generates the
/// ``FetchUserInfoOperation`` that finds out (which itself requires a login).
public struct DeveloperStatus: OperationCondition {
    public let session: AccountSession

    public init(session: AccountSession) {
        self.session = session
    }

    public var name: String { "DeveloperStatus" }

    public func dependency(for operation: AdvancedOperation) -> Operation? {
        FetchUserInfoOperation(session: session)
    }

    public func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        if let user = session.user, session.isLoggedIn {
            completion(user.isDeveloper ? .satisfied : .failed(AccountError.notDeveloper(username: user.username)))
        } else {
            completion(.failed(session.userError ?? (session.service == nil ? AccountError.unavailable : session.missingLoginError)))
        }
    }
}
