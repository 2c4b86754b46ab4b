import ConferenceKit
import Foundation
import Operations
import PlainText
import TerminalUI

/// What the commands that change or show personal data (watched, bookmarks, notes) share: the
/// backends their changes go to, running a change, and the marks and bars they print.
enum PersonalDataSupport {
    /// Where personal changes go after they are saved here, besides this machine: none yet. A new
    /// backend is added here, and every command that changes personal data pushes to it.
    static func backends(_ context: CommandContext) throws -> [any PersonalDataBackend] {
        []
    }

    /// Makes `edit` in the store `arguments` name and returns what it did; a push that failed is
    /// reported on stderr (the change stays saved here and waits for the next one).
    static func change(_ edit: PersonalEdit, _ arguments: ParsedArguments, _ context: CommandContext) throws
        -> (results: [PersonalEditResult], labels: [String]) {
        let store = try context.openExistingStore(explicitPath: arguments[SharedOptions.db])
        let operation = ChangePersonalDataOperation(edit: edit, store: store, at: context.now, backends: try backends(context))
        let errors = OperationRunner(arguments, context: context).run(operation)
        if let error = OperationError.rootCause(in: errors.filter { !ErrorPresenter.isInterruption($0) }) { throw error }
        guard operation.results.count == edit.sessionIDs.count else { throw Interrupted() }
        for (backend, error) in operation.pushFailures {
            context.message("Note: not sent to \(backend) yet (\(ErrorWording.commandLine.message(error))); it goes with the next change or sync.")
        }
        return (operation.results, operation.labels)
    }

    /// The sessions `words` name (ids, numbers, links), resolved in the store `arguments` name.
    static func sessions(_ words: [String], _ arguments: ParsedArguments, _ context: CommandContext) throws -> [String] {
        let store = try context.openExistingStore(explicitPath: arguments[SharedOptions.db])
        return try store.read { db in try words.map { try SessionResolver.resolve($0, in: db) } }
    }

    /// A listing's mark: `✓` for watched, the share for one in progress (`42%`), `started` when
    /// the position is unknown.
    static func markText(_ mark: WatchMark) -> String {
        switch mark {
        case .watched: "✓"
        case .inProgress(let share?): "\(min(99, Int((share * 100).rounded(.down))))%"
        case .inProgress(nil): "started"
        }
    }

    /// `██████░░░░░░░░░░` for `share` of `width` cells.
    static func bar(_ share: Double, width: Int = 16) -> String {
        let filled = min(width, max(0, Int((share * Double(width)).rounded())))
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }

    /// When, as people say it: `just now`, `5 minutes ago`, `3 hours ago`, `yesterday`, `4 days
    /// ago`, else the date (`2026-06-09`).
    static func when(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        switch seconds {
        case ..<0: break
        case ..<60: return "just now"
        case ..<3600: return Quantity.text(Int(seconds / 60), "minute") + " ago"
        case ..<86_400: return Quantity.text(Int(seconds / 3600), "hour") + " ago"
        case ..<(2 * 86_400): return "yesterday"
        case ..<(7 * 86_400): return "\(Int(seconds / 86_400)) days ago"
        default: break
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }

    /// The command that plays a session from `seconds` (from the start when nil).
    static func playCommand(_ sessionID: String, at seconds: Double?) -> String {
        "wwdc watch \(sessionID)" + (seconds.map { $0 >= 1 ? " --at " + BrowseSupport.timestamp($0) : "" } ?? "")
    }
}
