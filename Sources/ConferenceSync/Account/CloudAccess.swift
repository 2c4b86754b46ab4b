import Foundation
import Operations

/// Satisfied when the logged-in account's cloud storage is available. Generates the
/// ``CheckCloudOperation`` that finds out (which itself requires a login).
public struct CloudAccess: OperationCondition {
    public let session: AccountSession

    public init(session: AccountSession) {
        self.session = session
    }

    public var name: String { "CloudAccess" }

    public func dependency(for operation: AdvancedOperation) -> Operation? {
        CheckCloudOperation(session: session)
    }

    public func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        if session.cloudAvailable == true, session.isLoggedIn {
            completion(.satisfied)
        } else if session.cloudAvailable == false, let username = session.credentials?.username {
            completion(.failed(AccountError.cloudUnavailable(username: username)))
        } else {
            completion(.failed(session.cloudError ?? (session.service == nil ? AccountError.unavailable : session.missingLoginError)))
        }
    }
}
