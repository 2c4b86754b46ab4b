import CommandLineKit
import ConferenceData
import ConferenceModel
import ConferenceSync
import Foundation
import Operations
import PlainText

/// How a failure reaches the user, for every command and the top level alike: one `Error:` line in
/// wwdc's words (cleaned: it may quote what was typed or what a server said), a `Hint:` when there
/// is one (the usage line for a bad command line), and the exit status it means.
enum ErrorPresenter {
    /// Prints `error` on stderr; returns 64 for a bad command line (a link that names no session among
    /// it), 130 for an interruption, else 1.
    static func present(_ error: any Error, context: CommandContext) -> ExitCode {
        switch error {
        case var usage as UsageError:
            usage.message = TextSanitizer.singleLine.sanitize(usage.message)
            usage.hint = usage.hint.map(TextSanitizer.multiLine.sanitize)
            context.message(WWDC.help.usageError(usage).trimmingCharacters(in: .newlines))
            return .usage
        case let runtime as RuntimeError:
            print(message: runtime.message, hint: runtime.hint, context: context)
            return .failure
        case BrowseError.notASessionLink:
            // What was typed where a session goes is no session at all: the command line is wrong.
            print(message: ErrorWording.commandLine.message(error), hint: ErrorWording.commandLine.hint(error), context: context)
            return .usage
        default:
            print(message: ErrorWording.commandLine.message(error), hint: ErrorWording.commandLine.hint(error), context: context)
            return isInterruption(error) ? .interrupted : .failure
        }
    }

    /// Whether `error` says the command was interrupted (Ctrl-C, a cancelled task).
    static func isInterruption(_ error: any Error) -> Bool {
        error is Interrupted || error is CancellationError || (error as? SyncError) == .interrupted
    }

    private static func print(message: String, hint: String?, context: CommandContext) {
        context.message("Error: " + TextSanitizer.singleLine.sanitize(message))
        if let hint { context.message("Hint: " + TextSanitizer.singleLine.sanitize(hint)) }
    }
}
