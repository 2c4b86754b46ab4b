import Foundation
import Operations

/// Logs out: the token is forgotten here, and revoked on the service when it can be reached.
//
// @unchecked Sendable: the outcome is in a Locked; the rest is immutable.
public final class LogoutOperation: AdvancedOperation, @unchecked Sendable {
    private let session: AccountSession
    private let told = Locked(false)

    public init(session: AccountSession) {
        self.session = session
        super.init()
        name = "logout"
    }

    /// Whether the service revoked the token (false when it could not be reached).
    public var serviceWasTold: Bool { told.withLock { $0 } }

    public override func execute() async throws {
        let revoked = await session.logOut()
        told.withLock { $0 = revoked }
    }
}
