import ConferenceKit
import Foundation
import TerminalUI

/// `wwdc __complete-ids`: the ids the completion scripts offer, one per line (hidden).
enum CompleteIDsCommand {
    static let events = Option.flag("events", help: "List event ids instead of session ids.")
    static let describe = Option.flag("describe", help: "Add a tab and the title to each line.")

    static let spec = CommandSpec(
        path: "__complete-ids",
        abstract: "List session ids (or event ids) for shell completion.",
        discussion: "Used by the scripts of 'wwdc completion'. Prints nothing, successfully, when the store is missing or empty.",
        options: [events, describe, SharedOptions.db],
        arguments: [.init(name: "prefix", help: "Only ids starting with <prefix>; digits also match numbers in the current event.", optional: true)],
        examples: [("wwdc __complete-ids wwdc2026-10", "")],
        hidden: true)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let prefix = arguments.argument(0) ?? ""
        let describe = arguments[Self.describe]
        // Completion must never print an error into the user's command line.
        guard let path = try? StoreLocation.resolve(explicitPath: arguments[SharedOptions.db], environment: context.environment),
              let store = try? ConferenceStore.openForBrowsing(path: path) else { return .success }
        let lines: [String] = (try? store.read { db -> [String] in
            if arguments[events] {
                return try db.events().filter { $0.id.hasPrefix(prefix) }.map { describe ? $0.id + "\t" + BrowseSupport.cell($0.name) : $0.id }
            }
            var entries = try db.sessionIDs(prefix: prefix)
            if !prefix.isEmpty, prefix.allSatisfy({ $0.isASCII && $0.isNumber }), let current = try SessionResolver.currentEvent(in: db) {
                entries = try db.sessionIDs(prefix: current + "-" + prefix).map { (String($0.id.dropFirst(current.count + 1)), $0.title) } + entries
            }
            return entries.map { describe ? $0.id + "\t" + BrowseSupport.cell($0.title) : $0.id }
        }) ?? []
        context.output(lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n")
        return .success
    }
}
