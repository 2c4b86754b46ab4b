import CommandLineKit
import ConferenceData
import ConferenceSync
import Foundation
import Operations

/// `wwdc whoami`: who is logged in, as the service says.
enum WhoamiCommand {
    static let spec = CommandSpec(
        path: "whoami",
        abstract: "Show who is logged in, and whether the account is a registered developer.",
        options: [SharedOptions.db, SharedOptions.json],
        examples: [("wwdc whoami", "")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let store = try context.openExistingStore(explicitPath: arguments[SharedOptions.db])
        let session = try AccountAccess.session(store: store, login: .none, context: context)
        guard session.isLoggedIn else { throw AccountError.notLoggedIn }
        let fetch = FetchUserInfoOperation(session: session)
        if let error = OperationError.rootCause(in: OperationRunner(arguments, context: context).run(fetch)) { throw error }
        guard let user = session.user else { throw AccountError.notLoggedIn }
        if arguments[SharedOptions.json] {
            context.output(try JSONOutput.encode(AccountClient.User.document.json(user, DocumentContext(view: .commandLine))) + "\n")
        } else {
            context.output("\(user.name) (\(user.username)), \(user.isDeveloper ? "registered developer" : "not a registered developer")\n")
        }
        return .success
    }
}
