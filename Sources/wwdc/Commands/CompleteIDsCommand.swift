import CommandLineKit
import ConferenceData
import Foundation
import SQLiteDatabase
import TerminalUI

/// `wwdc __complete-ids`: the ids the completion scripts offer, one per line (hidden).
enum CompleteIDsCommand {
    static let events = Option.flag("events", help: "List event ids instead of session ids.")
    static let describe = Option.flag("describe", help: "Add a tab and the title to each line.")
    static let list = Option.text("list", value: "name", help: "Print this list instead, one value a line, those starting with <prefix> (any case).",
                                  choices: StoredList.allCases.map(\.rawValue))

    static let prefix = Argument.optionalText("prefix", help: "Only ids starting with <prefix>; digits also match numbers in the current event.")

    static let spec = CommandSpec(
        path: "__complete-ids",
        abstract: "List session ids (or event ids) for shell completion.",
        discussion: "Used by the scripts of 'wwdc completion'. Prints nothing, successfully, when the store is missing or empty.",
        options: [events, describe, list, SharedOptions.db],
        arguments: [prefix],
        examples: [("wwdc __complete-ids wwdc2026-10", "")],
        hidden: true)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let prefix = arguments[Self.prefix] ?? ""
        let describe = arguments[Self.describe]
        // Completion must never print an error into the user's command line.
        guard let path = try? Configuration.storePath(flag: arguments[SharedOptions.db], context.environment),
              let store = try? ConferenceStore.openForBrowsing(path: path) else { return .success }
        let lines: [String] = (try? store.read { db -> [String] in
            if let name = arguments[list], let list = StoredList(rawValue: name) {
                return try values(of: list, prefix: prefix, in: db)
            }
            if arguments[events] {
                return try db.events().filter { $0.id.hasPrefix(prefix) }.map { describe ? $0.id + "\t" + BrowseSupport.cell($0.name) : $0.id }
            }
            var entries = try db.sessionIDs(prefix: prefix)
            if !prefix.isEmpty, prefix.allSatisfy({ $0.isASCII && $0.isNumber }), let current = try SessionResolver.currentEvent(in: db) {
                entries = try db.sessionIDs(prefix: current + "-" + prefix).map { (String($0.id.dropFirst(current.count + 1)), $0.title) } + entries
            }
            return entries.map { describe ? $0.id + "\t" + BrowseSupport.cell($0.title) : $0.id }
        }) ?? []
        // One candidate a line (the store's text comes out on one line); none that a command line
        // would take for an option.
        let offered = lines.filter { !$0.hasPrefix("-") }
        context.output(offered.isEmpty ? "" : offered.joined(separator: "\n") + "\n")
        return .success
    }

    /// The values of `list` starting with `prefix` (any case).
    static func values(of list: StoredList, prefix: String, in db: Database) throws -> [String] {
        let values: [String]
        switch list {
        case .favorites:
            let ids = try db.favorites().map(\.sessionID)
            var numbers: [String] = []
            // The current event's favorites by number too, as `favorite remove 101` takes them.
            if let current = try SessionResolver.currentEvent(in: db) {
                numbers = ids.filter { $0.hasPrefix(current + "-") }.map { String($0.dropFirst(current.count + 1)) }
            }
            values = (prefix.first?.isNumber == true ? numbers : []) + ids
        case .tracks: values = try db.tracks().map(\.name)
        case .topics: values = try db.topics().map(\.name)
        case .types: values = try db.sessionTypes()
        case .platforms: values = try db.platformNames()
        case .days: values = try eventDays(in: db)
        }
        let wanted = prefix.lowercased()
        var seen = Set<String>()
        return values.map(BrowseSupport.cell).filter { $0.lowercased().hasPrefix(wanted) && !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The current event's days in its own time zone: each weekday (`mon`), then each date.
    static func eventDays(in db: Database) throws -> [String] {
        guard let current = try SessionResolver.currentEvent(in: db),
              let event = try db.events().first(where: { $0.id == current }), let start = event.startTime else { return [] }
        func date(_ time: Double) -> LocalDate { LocalTime(secondsSince1970: time, utcOffset: event.utcOffset ?? 0).date }
        let first = date(start), last = date(max(event.endTime ?? start, start))
        let dates = (0...min(last.daysSince1970 - first.daysSince1970, 31)).map { first.adding(days: $0) }
        return dates.map { String(LocalDate.weekdayNames[$0.weekday].prefix(3)).lowercased() } + dates.map(\.description)
    }
}
