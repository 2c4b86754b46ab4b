import CommandLineKit
import ConferenceBackend
import ConferenceData
import ConferenceSync
import ConferenceTerminal
import Foundation

/// The account of the synced conference, as a command reaches it: the service the last sync named,
/// the saved token, and how to log in (given credentials, the terminal, or not at all).
enum AccountAccess {
    /// The account of the last synced source, logging in as the arguments and the terminal allow.
    /// Throws ``AccountError/unavailable`` when the source has no account service.
    static func session(store: ConferenceStore, arguments: ParsedArguments, context: CommandContext) throws -> AccountSession {
        guard let service = try store.accountService() else {
            if try store.tableCounts()["sessions"] ?? 0 == 0 { throw BrowseError.emptyStore }
            throw AccountError.unavailable
        }
        try ConferenceSource.requireSecure(service)
        return AccountSession(service: service, credentialStore: CredentialStore(folders: Configuration.folders(context.environment)),
                              loginMethod: try loginMethod(arguments, context), timeout: try timeout(context), now: { context.now })
    }

    /// The account, or nil when the source has no account service (changes then stay here).
    static func sessionIfAvailable(store: ConferenceStore, arguments: ParsedArguments, context: CommandContext) throws -> AccountSession? {
        do {
            return try session(store: store, arguments: arguments, context: context)
        } catch AccountError.unavailable {
            return nil
        }
    }

    /// A login cancelled by the person, from whichever command asked for it: one line, exit 130.
    static func loginCancelled(_ context: CommandContext) -> ExitCode {
        context.message("Login cancelled.")
        return .interrupted
    }

    /// The time limit of each request to the service (`WWDC_TIMEOUT`, default 30 s).
    static func timeout(_ context: CommandContext) throws -> TimeInterval {
        try Configuration.requestTimeout(context.environment)
    }

    static func loginMethod(_ arguments: ParsedArguments, _ context: CommandContext) throws -> LoginMethod {
        // `whoami` takes no login options: the environment and the terminal decide.
        let given = arguments.declares(SharedOptions.username) ? arguments[SharedOptions.username] : nil
        let username = given ?? context.environment["WWDC_USERNAME"]
        if arguments.declares(SharedOptions.passwordStdin), arguments[SharedOptions.passwordStdin] {
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
        if context.terminal.terminal.isInteractive { return .ask(TerminalInteraction(owner: context.terminal)) }
        return .none
    }
}
