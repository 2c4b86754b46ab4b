import CommandLineKit
import ConferenceData
import ConferenceSync
import Foundation
import Operations
import PlainText

/// `wwdc pass`: downloads the attendee pass (registered developers only).
enum PassCommand {
    static let spec = CommandSpec(
        path: "pass",
        abstract: "Download your attendee pass (registered developers only; logs in first when needed).",
        discussion: """
        On a terminal, a pass that is not plain text (escape sequences, other control characters, \
        bytes that are not UTF-8) is not printed, as curl refuses binary output to a terminal: it is \
        saved to attendee-pass.pem in wwdc's data folder ($XDG_DATA_HOME/wwdc), which wwdc names.
        """,
        options: [SharedOptions.output.help("Write the pass to <file> (default: standard output).")]
            + SharedOptions.login + [SharedOptions.db, SharedOptions.trace],
        examples: [("wwdc pass --output pass.pem", "")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let store = try context.openExistingStore(explicitPath: arguments[SharedOptions.db])
        let session = try AccountAccess.session(store: store, login: .init(arguments), context: context)
        let download = DownloadPassOperation(session: session)
        if let error = OperationError.rootCause(in: OperationRunner(arguments, context: context).run(download)) {
            if (error as? AccountError) == .loginCancelled { return AccountAccess.loginCancelled(context) }
            if ErrorPresenter.isInterruption(error) { return .interrupted }
            throw error
        }
        guard let pass = download.pass else { throw AccountError.notLoggedIn }
        if let path = arguments[SharedOptions.output] {
            try save(pass, to: path)
            context.message("Saved your pass to \(path).")
        } else if context.stdoutIsTerminal, TextSanitizer.multiLine.printable(bytes: pass) == nil {
            // As curl refuses binary output to a terminal: the service's bytes could drive it
            // (escape sequences, the clipboard, links, text reversed).
            let path = try StoreLocation.dataFolder(Configuration.folders(context.environment)) + "/" + defaultFileName
            try StoreLocation.prepareFolder(for: path)
            try save(pass, to: path)
            context.message("Your pass is not plain text, so it was not written to the terminal: saved it to \(path) (--output FILE saves it elsewhere).")
        } else {
            FileHandle.standardOutput.write(pass)
        }
        return .success
    }

    /// The file a pass that a terminal cannot show goes to, in wwdc's data folder.
    static let defaultFileName = "attendee-pass.pem"

    /// Writes the pass to `path`, readable by its owner only from the moment the file exists.
    private static func save(_ pass: Data, to path: String) throws {
        try PrivateFile.write(pass, to: path)
    }
}
