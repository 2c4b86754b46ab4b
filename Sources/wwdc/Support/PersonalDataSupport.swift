import CommandLineKit
import ConferenceData
import ConferenceModel
import PersonalSync
import Foundation
import Operations
import PlainText
import TerminalUI

/// What the commands that change or show personal data (watched, bookmarks, notes) share: the
/// backends their changes go to, running a change, and the command that plays from a moment.
enum PersonalDataSupport {
    /// Where personal changes go after they are saved here, besides this machine: the sync folder,
    /// when one is set. A new backend is added here, and every command that changes personal data
    /// pushes to it.
    static func backends(_ context: CommandContext) throws -> [any PersonalDataBackend] {
        try SyncFolderSupport.settings(flag: nil, context).map { [SyncFolderBackend(settings: $0)] } ?? []
    }

    /// Makes `edit` in the store at `storePath` (`--db`; nil for the default) with `runner`, and
    /// returns what it did; a push that failed is reported on stderr (the change stays saved here
    /// and waits for the next one).
    static func change(_ edit: PersonalEdit, storePath: String?, runner: OperationRunner, _ context: CommandContext) throws
        -> (results: [PersonalEditResult], labels: [String]) {
        let store = try context.openExistingStore(explicitPath: storePath)
        let operation = ChangePersonalDataOperation(edit: edit, store: store, at: context.now, backends: try backends(context))
        let errors = runner.run(operation)
        if let error = OperationError.rootCause(in: errors.filter { !ErrorPresenter.isInterruption($0) }) { throw error }
        guard operation.results.count == edit.sessionIDs.count else { throw Interrupted() }
        reportPushFailures(operation.pushFailures, context)
        return (operation.results, operation.labels)
    }

    /// Says which backends did not take a change yet, and why (it waits in the outbox).
    static func reportPushFailures(_ failures: [(backend: String, error: any Error)], _ context: CommandContext) {
        for (backend, error) in failures {
            context.message("Note: not sent to \(backend) yet (\(ErrorWording.commandLine.message(error))); it goes with the next change or sync.")
        }
    }

    /// The sessions `words` name (ids, numbers, links), resolved in the store at `storePath` (`--db`;
    /// nil for the default).
    static func sessions(_ words: [String], storePath: String?, _ context: CommandContext) throws -> [String] {
        let store = try context.openExistingStore(explicitPath: storePath)
        return try store.read { db in try words.map { try BrowseSupport.session($0, in: db, context) } }
    }

    /// The command that plays a session from `seconds` (from the start when nil).
    static func playCommand(_ sessionID: String, at seconds: Double?) -> String {
        ShellWord.command(["wwdc", "watch", sessionID] + (seconds.flatMap { $0 >= 1 ? ["--at", VideoTime.text($0)] : nil } ?? []))
    }
}
