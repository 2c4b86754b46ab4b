import CommandLineKit
import ConferenceSync
import Foundation
import Operations

/// `wwdc login`: logs in to the account service of the synced conference.
enum LoginCommand {
    static let spec = CommandSpec(
        path: "login",
        abstract: "Log in to the account service of the synced conference.",
        discussion: """
        Asks for the username and password on the terminal (the password is not echoed), or takes them \
        from --username with --password-stdin (or $WWDC_PASSWORD). Only the token is kept, in \
        $XDG_CONFIG_HOME/wwdc/credentials.json, readable by you alone.
        """,
        options: SharedOptions.login + [SharedOptions.db],
        examples: [
            ("wwdc login", "Log in at the prompt."),
            ("printf '%s\\n' \"$PASSWORD\" | wwdc login --username ada --password-stdin", "Log in from a script."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let store = try context.openExistingStore(explicitPath: arguments[SharedOptions.db])
        let session = try AccountAccess.session(store: store, login: .init(arguments), context: context)
        if case .none = session.loginMethod, !session.isLoggedIn {
            throw RuntimeError("cannot log in without a terminal",
                               hint: "Use 'wwdc login --username NAME --password-stdin' and pass the password on standard input.")
        }
        let login = LoginOperation(session: session)
        if let error = OperationError.rootCause(in: OperationRunner(arguments, context: context).run(login)) {
            if ErrorPresenter.isInterruption(error) || (error as? AccountError) == .loginCancelled {
                return AccountAccess.loginCancelled(context)
            }
            throw error
        }
        guard let credentials = session.credentials else { throw AccountError.notLoggedIn }
        context.message("Logged in as \(credentials.name) (\(credentials.username)).")
        return .success
    }
}
