import CommandLineKit
import ConferenceModel
import ConferenceSync

/// What a command says about a change saved here but not uploaded.
enum UploadReport {
    /// Says why `subject` stays pending: a note when it will go later (offline, not logged in:
    /// exit 0), an interruption (exit 130), or an error (exit 1).
    static func notUploaded(_ subject: String, _ error: any Error, context: CommandContext) -> ExitCode {
        let reason = ErrorWording.commandLine.message(error)
        switch error {
        case let error as AccountError where error.isTransient:
            context.message("Note: \(subject) stays pending (\(reason)); the next 'wwdc sync' uploads it.")
            return .success
        case AccountError.notLoggedIn, AccountError.sessionExpired:
            context.message("Note: \(subject) stays pending: not logged in. Run 'wwdc login', then 'wwdc sync'.")
            return .success
        case AccountError.loginCancelled:
            // Still logged out: a sync alone would not upload it.
            context.message("Note: \(subject) stays pending: not logged in. Run 'wwdc login', then 'wwdc sync'.")
            return .interrupted
        case _ where ErrorPresenter.isInterruption(error):
            context.message("Interrupted: \(subject) stays pending; the next 'wwdc sync' uploads it.")
            return .interrupted
        default:
            context.message("Error: \(subject) was not uploaded: \(reason). It stays pending here.")
            if let hint = ErrorWording.commandLine.hint(error) { context.message("Hint: " + hint) }
            return .failure
        }
    }
}
