import ConferenceModel
import Foundation
import Operations

/// Stops the sync when the server's config requires a newer wwdc than this one.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
final class VersionCheckOperation: AdvancedOperation, SyncStepOperation, @unchecked Sendable {
    let step = SyncStep.versionCheck
    private let context: SyncContext
    private let config = OperationInput<AppConfig>()

    init(context: SyncContext, config configStep: DownloadConfigOperation) {
        self.context = context
        super.init()
        name = step.rawValue
        injectResult(from: configStep, into: config) { $0.feed }
    }

    var resultDetail: String? {
        guard let minimum = config.value?.minimumSupportedAppVersion else { return nil }
        return "\(context.settings.appVersion) (server requires \(minimum))"
    }

    override func execute() {
        guard let config = config.value else {
            finish()
            return
        }
        if config.requiresUpgrade(from: context.settings.appVersion) {
            let error = SyncError.upgradeRequired(minimum: config.minimumSupportedAppVersion.description,
                                                  current: context.settings.appVersion.description)
            // With a person to tell, say it as the app did: an alert (it waits its turn behind any other).
            if let interaction = context.settings.interaction, interaction.canAsk {
                let alert = Alert(title: "Update required", message: "\(error.description). \(error.recoverySuggestion ?? "")")
                produceOperation(InteractionOperation.alert(alert, interaction: interaction))
            }
            finish(with: error)
        } else {
            finish()
        }
    }
}
