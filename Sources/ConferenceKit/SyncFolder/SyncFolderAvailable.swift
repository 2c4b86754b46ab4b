import Foundation
import Operations

/// Satisfied when the sync folder is there and writable (the sync folder's cloud access: no login
/// to generate). Checked within the folder's time limit.
public struct SyncFolderAvailable: OperationCondition {
    public let settings: SyncFolderSettings

    public init(settings: SyncFolderSettings) {
        self.settings = settings
    }

    public var name: String { "SyncFolderAvailable" }

    public func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        let settings = settings
        Task {
            do {
                _ = try await TimeLimited<Bool>.run(seconds: settings.timeLimit, path: settings.path) { () throws -> Bool in
                    try settings.folder.checkReachable()
                    return true
                }
                completion(.satisfied)
            } catch {
                completion(.failed(error))
            }
        }
    }
}
