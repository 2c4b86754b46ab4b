import CommandLineKit
import ConferenceSync
import Foundation
import Operations

/// `wwdc logout`: the token revoked on the service (when it can be reached) and forgotten here.
enum LogoutCommand {
    static let spec = CommandSpec(
        path: "logout",
        abstract: "Log out: the token is revoked on the service and forgotten here.",
        discussion: "Offline, the token is still forgotten here; it then expires on the service on its own.",
        examples: [("wwdc logout", "")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let store = CredentialStore(folders: Configuration.folders(context.environment))
        guard let credentials = store.load() else {
            context.message("Not logged in.")
            return .success
        }
        let session = AccountSession(service: credentials.service, credentialStore: store, loginMethod: .none,
                                     timeout: try AccountAccess.timeout(context), now: { context.now })
        let logout = LogoutOperation(session: session)
        OperationRunner(arguments, context: context).run(logout)
        if logout.serviceWasTold {
            context.message("Logged out \(credentials.username).")
        } else {
            context.message("Logged out \(credentials.username) here; the service could not be told (it was not reached), so the token stays valid there until it expires.")
        }
        return .success
    }
}
