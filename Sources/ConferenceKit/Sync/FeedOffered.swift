import Operations

/// Satisfied when the source offers the feed in the language synced; a feed it does not offer skips
/// its step ("not offered by this source"), except `contents`, without which there is nothing to sync.
struct FeedOffered: OperationCondition {
    let kind: FeedKind
    let context: SyncContext

    var name: String { "FeedOffered(\(kind.rawValue))" }

    func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        do {
            if try context.url(for: kind) != nil {
                completion(.satisfied)
            } else if kind == .contents {
                completion(.failed(SyncError.contentsNotOffered(language: context.language)))
            } else {
                completion(.failed(SkippedStep(reason: "not offered by this source")))
            }
        } catch {
            completion(.failed(error))
        }
    }
}
