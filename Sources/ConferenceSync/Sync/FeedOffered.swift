import ConferenceModel
import Operations

/// Satisfied when the source offers the feed in the language synced; a feed it does not offer skips
/// its step ("not offered by this source"), except `contents`, without which there is nothing to sync.
struct FeedOffered: OperationCondition {
    let kind: FeedKind
    let context: SyncContext
    /// The config the step was handed, which names the feeds.
    let config: OperationInput<AppConfig>

    var name: String { "FeedOffered(\(kind.rawValue))" }

    func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        let config = config.value
        do {
            if try context.url(for: kind, config: config) != nil {
                completion(.satisfied)
            } else if kind == .contents {
                completion(.failed(SyncError.contentsNotOffered(language: context.language(config))))
            } else {
                completion(.failed(SkippedStep(reason: "not offered by this source")))
            }
        } catch {
            completion(.failed(error))
        }
    }
}
