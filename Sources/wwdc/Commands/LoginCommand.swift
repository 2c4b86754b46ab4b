import ConferenceKit
import Foundation
import Operations

/// `wwdc login`, `wwdc logout`, `wwdc whoami`.
enum LoginCommand {
    static let spec = CommandSpec(
        path: "login",
        abstract: "Log in to the account service of the synced conference.",
        discussion: """
        Asks for the username and password on the terminal (the password is not echoed), or takes them \
        from --username with --password-stdin (or $WWDC_PASSWORD). Only the token is kept, in \
        $XDG_CONFIG_HOME/wwdc/credentials.json, readable by you alone.
        """,
        options: AccountSupport.loginOptions + [AccountSupport.dbOption],
        examples: [
            ("wwdc login", "Log in at the prompt."),
            ("printf '%s\\n' \"$PASSWORD\" | wwdc login --username ada --password-stdin", "Log in from a script."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let store = try context.openExistingStore(explicitPath: arguments.value("db"))
        let session = try AccountSupport.session(store: store, arguments: arguments, context: context)
        if case .none = session.loginMethod, !session.isLoggedIn {
            throw RuntimeError("cannot log in without a terminal",
                               hint: "Use 'wwdc login --username NAME --password-stdin' and pass the password on standard input.")
        }
        let login = LoginOperation(session: session)
        AccountSupport.run([login], arguments: arguments, context: context)
        if let error = AccountSupport.cause(of: login.errors) {
            if (error as? SyncError) == .interrupted || (error as? AccountError) == .loginCancelled {
                context.message("Login cancelled.")
                return .interrupted
            }
            throw error
        }
        guard let credentials = session.credentials else { throw AccountError.notLoggedIn }
        context.message("Logged in as \(credentials.name) (\(credentials.username)).")
        return .success
    }
}

enum LogoutCommand {
    static let spec = CommandSpec(
        path: "logout",
        abstract: "Log out: the token is revoked on the service and forgotten here.",
        discussion: "Offline, the token is still forgotten here; it then expires on the service on its own.",
        examples: [("wwdc logout", "")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let store = CredentialStore(environment: context.environment)
        guard let credentials = store.load() else {
            context.message("Not logged in.")
            return .success
        }
        let session = AccountSession(service: credentials.service, credentialStore: store, loginMethod: .none,
                                     timeout: AccountSupport.timeout(context), now: { context.now })
        let logout = LogoutOperation(session: session)
        AccountSupport.run([logout], arguments: arguments, context: context)
        if logout.serviceWasTold {
            context.message("Logged out \(credentials.username).")
        } else {
            context.message("Logged out \(credentials.username) here; the service could not be told (it was not reached), so the token stays valid there until it expires.")
        }
        return .success
    }
}

enum WhoamiCommand {
    static let spec = CommandSpec(
        path: "whoami",
        abstract: "Show who is logged in, and whether the account is a registered developer.",
        options: [AccountSupport.dbOption, .init(long: "json", help: "Print JSON.")],
        examples: [("wwdc whoami", "")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let store = try context.openExistingStore(explicitPath: arguments.value("db"))
        let session = try AccountSupport.session(store: store, arguments: arguments, context: context)
        guard session.isLoggedIn else { throw AccountError.notLoggedIn }
        let fetch = FetchUserInfoOperation(session: session)
        AccountSupport.run([fetch], arguments: arguments, context: context)
        if let error = AccountSupport.cause(of: fetch.errors) { throw error }
        guard let user = session.user else { throw AccountError.notLoggedIn }
        if arguments.flag("json") {
            context.output(try JSONOutput.encode(user) + "\n")
        } else {
            context.output("\(user.name) (\(user.username)), \(user.isDeveloper ? "registered developer" : "not a registered developer")\n")
        }
        return .success
    }
}
