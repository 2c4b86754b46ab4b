import Foundation
import Operations

/// Downloads the attendee pass: only for a registered developer, so it requires ``DeveloperStatus``
/// (which requires a login).
//
// @unchecked Sendable: the pass is in a Locked; the rest is immutable.
public final class DownloadPassOperation: AdvancedOperation, @unchecked Sendable {
    private let session: AccountSession
    private let downloaded = Locked<Data?>(nil)

    public init(session: AccountSession) {
        self.session = session
        super.init()
        name = "download pass"
        addCondition(DeveloperStatus(session: session))
        addObserver(TimeoutObserver(timeout: session.timeout))
    }

    /// The pass file; nil until downloaded.
    public var pass: Data? { downloaded.withLock { $0 } }

    public override func execute() async throws {
        let data = try await session.client().pass(token: session.token())
        downloaded.withLock { $0 = data }
    }
}
