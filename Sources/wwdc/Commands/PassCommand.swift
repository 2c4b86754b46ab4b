import CommandLineKit
import ConferenceKit
import Foundation
import Operations

/// `wwdc pass`: downloads the attendee pass (registered developers only).
enum PassCommand {
    static let spec = CommandSpec(
        path: "pass",
        abstract: "Download your attendee pass (registered developers only; logs in first when needed).",
        options: [SharedOptions.output.help("Write the pass to <file> (default: standard output).")]
            + SharedOptions.login + [SharedOptions.db, SharedOptions.trace],
        examples: [("wwdc pass --output pass.pem", "")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let store = try context.openExistingStore(explicitPath: arguments[SharedOptions.db])
        let session = try AccountAccess.session(store: store, arguments: arguments, context: context)
        let download = DownloadPassOperation(session: session)
        if let error = OperationError.rootCause(in: OperationRunner(arguments, context: context).run(download)) {
            if (error as? AccountError) == .loginCancelled { return AccountAccess.loginCancelled(context) }
            if ErrorPresenter.isInterruption(error) { return .interrupted }
            throw error
        }
        guard let pass = download.pass else { throw AccountError.notLoggedIn }
        if let path = arguments[SharedOptions.output] {
            let url = URL(fileURLWithPath: path)
            do {
                try pass.write(to: url, options: .atomic)
            } catch {
                throw FileAccessError.write(url.path, error)
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
            context.message("Saved your pass to \(path).")
        } else {
            FileHandle.standardOutput.write(pass)
        }
        return .success
    }
}
