import ConferenceModel
import Foundation
import Operations

/// Fails with ``SkippedStep`` when no account is logged in (or the source has no account service):
/// the step is skipped, the sync goes on. Checks what ``LoggedIn`` checks, silently: it never
/// prompts, so it keeps its own name in traces and messages.
struct SkipUnlessLoggedIn: OperationCondition {
    let context: SyncContext
    /// The config the step was handed, which names the account service.
    let config: OperationInput<AppConfig>

    func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        guard let account = context.account(config.value) else {
            completion(.failed(SkippedStep(reason: context.settings.credentialStore == nil ? "accounts off" : "no account service")))
            return
        }
        SilentCondition(LoggedIn(session: account)).evaluate(for: operation) { result in
            guard result.error != nil else { return completion(.satisfied) }
            // An earlier step may have found the token refused: then the user has to log in again.
            completion(.failed(account.wasTokenRejected ? SkippedStep.loginRefused() : SkippedStep(reason: "not logged in")))
        }
    }
}
