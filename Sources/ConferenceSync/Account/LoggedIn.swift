import Foundation
import Operations

/// Satisfied when a valid login token is saved for the account service. Generates the
/// ``LoginOperation`` that makes it so.
public struct LoggedIn: OperationCondition {
    public let session: AccountSession

    public init(session: AccountSession) {
        self.session = session
    }

    public var name: String { "LoggedIn" }

    public func dependency(for operation: AdvancedOperation) -> Operation? {
        LoginOperation(session: session)
    }

    public func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        if session.service == nil {
            completion(.failed(AccountError.unavailable))
        } else if session.isLoggedIn {
            completion(.satisfied)
        } else {
            completion(.failed(session.missingLoginError))
        }
    }
}
