import CommandLineKit
import ConferenceBackend
import ConferenceData
import ConferenceModel
import ConferenceSync
import ConferenceTerminal
import Foundation

/// The account of the synced conference, as a command reaches it: the service the last sync named,
/// the saved token, and how to log in (given credentials, the terminal, or not at all).
enum AccountAccess {
    /// The login options a command was given (`--username`, `--password-stdin`), and the command
    /// whose usage an error about them shows.
    struct LoginOptions: Sendable {
        var username: String?
        var passwordFromStdin: Bool
        var spec: CommandSpec?

        /// None given: the environment and the terminal decide (`whoami` takes none).
        static let none = LoginOptions(username: nil, passwordFromStdin: false, spec: nil)

        /// The options of a command that declares ``SharedOptions/login``.
        init(_ arguments: ParsedArguments) {
            self.init(username: arguments[SharedOptions.username], passwordFromStdin: arguments[SharedOptions.passwordStdin], spec: arguments.spec)
        }

        init(username: String?, passwordFromStdin: Bool, spec: CommandSpec?) {
            self.username = username
            self.passwordFromStdin = passwordFromStdin
            self.spec = spec
        }
    }

    /// The account of the last synced source, logging in as `login` and the terminal allow.
    /// Throws ``AccountError/unavailable`` when the source has no account service.
    static func session(store: ConferenceStore, login: LoginOptions, context: CommandContext) throws -> AccountSession {
        guard let service = try store.accountService() else {
            if try store.tableCounts()["sessions"] ?? 0 == 0 { throw BrowseError.emptyStore }
            throw AccountError.unavailable
        }
        try ConferenceSource.requireSecure(service)
        return AccountSession(service: service, credentialStore: CredentialStore(folders: Configuration.folders(context.environment)),
                              loginMethod: try loginMethod(login, context), timeout: try timeout(context), now: { context.now })
    }

    /// The account, or nil when the source has no account service (changes then stay here).
    static func sessionIfAvailable(store: ConferenceStore, login: LoginOptions, context: CommandContext) throws -> AccountSession? {
        do {
            return try session(store: store, login: login, context: context)
        } catch AccountError.unavailable {
            return nil
        }
    }

    /// The account, never asking for a login (a change waits in the outbox until one is made, with
    /// 'wwdc login'); nil when the source has no account service. For what cannot ask: the MCP
    /// server, the browser's keys.
    static func sessionWithoutPrompt(store: ConferenceStore, context: CommandContext) throws -> AccountSession? {
        guard let service = try store.accountService() else { return nil }
        try ConferenceSource.requireSecure(service)
        return AccountSession(service: service, credentialStore: CredentialStore(folders: Configuration.folders(context.environment)),
                              loginMethod: .none, timeout: try timeout(context))
    }

    /// The account, a login asked for through `interaction` when one is needed (unless the
    /// environment gives the username and the password); nil when the source has no account
    /// service. For the browser, which asks in dialogs.
    static func session(store: ConferenceStore, asking interaction: any Interaction, context: CommandContext) throws -> AccountSession? {
        guard let service = try store.accountService() else { return nil }
        try ConferenceSource.requireSecure(service)
        var method = try loginMethod(.none, context)
        if case .ask = method { method = .ask(interaction) }
        return AccountSession(service: service, credentialStore: CredentialStore(folders: Configuration.folders(context.environment)),
                              loginMethod: method, timeout: try timeout(context), now: { context.now })
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

    static func loginMethod(_ login: LoginOptions, _ context: CommandContext) throws -> LoginMethod {
        let username = login.username ?? context.environment["WWDC_USERNAME"]
        if login.passwordFromStdin {
            guard let username else {
                throw UsageError("'--password-stdin' needs '--username <name>'", spec: login.spec)
            }
            let input = FileHandle.standardInput.readDataToEndOfFile()
            var password = String(decoding: input, as: UTF8.self)
            while password.hasSuffix("\n") || password.hasSuffix("\r") { password.removeLast() }
            guard !password.isEmpty else { throw UsageError("no password on standard input", spec: login.spec) }
            return .password(username: username, password: password)
        }
        if let username, let password = context.environment["WWDC_PASSWORD"], !password.isEmpty {
            return .password(username: username, password: password)
        }
        if context.terminal.terminal.isInteractive { return .ask(TerminalInteraction(owner: context.terminal)) }
        return .none
    }
}
