import PlainText
import ConferenceKit
import Foundation
import Operations
import TerminalUI

/// What the account commands share: how to log in, and running operations with a trace.
enum AccountSupport {
    static let loginOptions: [CommandSpec.Option] = [
        .init(long: "username", value: "name", help: "Log in as <name> without a prompt; the password comes from --password-stdin or $WWDC_PASSWORD."),
        .init(long: "password-stdin", help: "Read the password from standard input (never from the command line)."),
    ]

    static let traceOption = CommandSpec.Option(long: "trace", value: "file", help: "Write the run's timeline to <file> (Chrome trace-event JSON).")
    static let dbOption = CommandSpec.Option(long: "db", value: "path", help: "The database file (default: $WWDC_DB, else $XDG_DATA_HOME/wwdc/wwdc.sqlite).")

    /// The account of the last synced source, logging in as the arguments and the terminal allow.
    static func session(store: ConferenceStore, arguments: ParsedArguments, context: CommandContext) throws -> AccountSession {
        guard let service = try store.accountService() else {
            if try store.tableCounts()["sessions"] ?? 0 == 0 { throw BrowseError.emptyStore }
            throw AccountError.unavailable
        }
        try ConferenceSource.requireSecure(service)
        return AccountSession(service: service, credentialStore: CredentialStore(environment: context.environment),
                              loginMethod: try loginMethod(arguments, context), timeout: timeout(context), now: { context.now })
    }

    static func timeout(_ context: CommandContext) -> TimeInterval {
        context.environment["WWDC_TIMEOUT"].flatMap(Double.init) ?? 30
    }

    static func loginMethod(_ arguments: ParsedArguments, _ context: CommandContext) throws -> LoginMethod {
        let username = arguments.value("username") ?? context.environment["WWDC_USERNAME"]
        if arguments.flag("password-stdin") {
            guard let username else {
                throw UsageError("'--password-stdin' needs '--username <name>'", spec: arguments.spec)
            }
            let input = FileHandle.standardInput.readDataToEndOfFile()
            var password = String(decoding: input, as: UTF8.self)
            while password.hasSuffix("\n") || password.hasSuffix("\r") { password.removeLast() }
            guard !password.isEmpty else { throw UsageError("no password on standard input", spec: arguments.spec) }
            return .password(username: username, password: password)
        }
        if let username, let password = context.environment["WWDC_PASSWORD"], !password.isEmpty {
            return .password(username: username, password: password)
        }
        if context.terminal.terminal.isInteractive { return .prompt(context.terminal) }
        return .none
    }

    /// Runs `operations` to the end on one queue (with a trace if asked), Ctrl-C cancelling them.
    static func run(_ operations: [AdvancedOperation], arguments: ParsedArguments, context: CommandContext) {
        let queue = AdvancedOperationQueue()
        let trace = arguments.spec.option(named: "trace") != nil ? arguments.value("trace").map { _ in OperationTrace() } : nil
        if let trace { queue.addObserver(TraceObserver(trace: trace)) }
        // Ctrl-C stops everything at once, the operations generated on the way (a login, a user
        // check waiting for a slow server) included.
        SignalGate.shared.install { _ in
            for operation in operations { operation.cancel(with: SyncError.interrupted) }
            for operation in queue.operationsInFlight {
                (operation as? AdvancedOperation)?.cancel(with: SyncError.interrupted) ?? operation.cancel()
            }
        }
        queue.addOperations(operations, waitUntilFinished: false)
        queue.waitUntilAllOperationsAreFinished()
        if let trace, let path = arguments.value("trace") {
            try? trace.chromeTraceJSON().write(to: URL(fileURLWithPath: path))
        }
    }

    /// The error that explains a failed operation (not "a dependency failed").
    static func cause(of errors: [any Error]) -> (any Error)? {
        errors.first { error in
            if let operationError = error as? OperationError {
                switch operationError {
                case .dependenciesFailed, .dependenciesCancelled: return false
                default: return true
                }
            }
            return true
        }
    }

    /// Says why `subject` was saved here but not uploaded: a note when it will go later (offline, not
    /// logged in: exit 0), a cancellation (exit 130), or an error (exit 1).
    static func reportNotUploaded(_ subject: String, _ error: any Error, context: CommandContext) -> ExitCode {
        let reason = describe(error)
        switch error {
        case let error as AccountError where error.isTransient:
            context.message("Note: \(subject) stays pending (\(reason)); the next 'wwdc sync' uploads it.")
            return .success
        case AccountError.notLoggedIn, AccountError.sessionExpired:
            context.message("Note: \(subject) stays pending: not logged in. Run 'wwdc login', then 'wwdc sync'.")
            return .success
        case AccountError.loginCancelled:
            context.message("Note: \(subject) stays pending (login cancelled); the next 'wwdc sync' uploads it.")
            return .interrupted
        case SyncError.interrupted, is CancellationError:
            context.message("Interrupted: \(subject) stays pending; the next 'wwdc sync' uploads it.")
            return .interrupted
        default:
            context.message("Error: \(subject) was not uploaded: \(reason). It stays pending here.")
            if let hint = (error as? LocalizedError)?.recoverySuggestion { context.message("Hint: " + hint) }
            return .failure
        }
    }

    static func describe(_ error: any Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    }
}
