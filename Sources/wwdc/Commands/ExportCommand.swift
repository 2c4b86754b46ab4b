import CommandLineKit
import PlainText
import ConferenceData
import ConferenceExport
import ConferenceModel
import Foundation
import TerminalUI

/// `wwdc export`: the schedule or the favorites as an iCalendar file; your favorites, bookmarks,
/// notes and history as JSON, CSV or Markdown.
enum ExportCommand {
    static let ics = Option.flag("ics", help: "Write iCalendar (RFC 5545): the schedule, or --favorites.")
    static let alarm = Option.duration("alarm", value: "time", help: "Add a reminder to each event, this long before it starts: 10m, 1h, ...",
                                       in: 0...(7 * 86_400))
    static let json = SharedOptions.json.help("Write JSON: {favorites, bookmarks, notes, history}, the lists asked for (JSON OUTPUT in 'man wwdc').")
    static let csv = Option.flag("csv", help: "Write CSV (RFC 4180): one list, named by its flag.")
    static let markdown = Option.flag("markdown", help: "Write Markdown, for people: a section per list.")
    static let favorites = SharedOptions.favorites.help("Your favorites (with --ics: only they are in the calendar).")
    static let bookmarks = Option.flag("bookmarks", help: "Your bookmarks, with their times and the command that plays each.")
    static let notes = Option.flag("notes", help: "Your notes on sessions.")
    static let history = Option.flag("history", help: "What you watched and are in the middle of.")

    static let spec = CommandSpec(
        path: "export",
        abstract: "Export the schedule as an iCalendar file, or your favorites, bookmarks, notes and history to share.",
        discussion: """
        --ics: one event per scheduled session (the current event's, or --event's), in UTC, with a \
        stable UID (importing again updates the events instead of duplicating them); --favorites \
        keeps yours. --json, --csv and --markdown export your lists instead, every event's: \
        --favorites (titles, links, times), --bookmarks (times and the command that plays each), \
        --notes and --history (watched and in progress); with --json or --markdown, all four when \
        none is named; CSV holds one. Writes to standard output unless --output is given. Files \
        keep your text exactly; on a terminal it is cleaned of control characters. In CSV, a text \
        field starting with =, +, -, @ or ' gets a ' before it, so that no spreadsheet runs it as a \
        formula.
        """,
        options: [ics, alarm, json, csv, markdown, favorites, bookmarks, notes, history, SharedOptions.event, SharedOptions.output, SharedOptions.db],
        examples: [
            ("wwdc export --ics --favorites --output wwdc.ics", "Your favorites, for your calendar."),
            ("wwdc export --ics --event all > everything.ics", "Every scheduled session of every event."),
            ("wwdc export --ics --favorites --alarm 10m -o wwdc.ics", "Your favorites, each with a reminder ten minutes before."),
            ("wwdc export --markdown --favorites --bookmarks -o team.md", "A list to share with your team."),
            ("wwdc export --csv --bookmarks", "Your bookmarks, for a spreadsheet."),
            ("wwdc export --json > wwdc-personal.json", "All of it."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let formats = [(ics, "--ics"), (json, "--json"), (csv, "--csv"), (markdown, "--markdown")].filter { arguments[$0.0] }.map(\.1)
        guard let format = formats.first else {
            throw UsageError("Choose a format: '--ics', '--json', '--csv' or '--markdown'", spec: spec)
        }
        guard formats.count == 1 else {
            throw UsageError("\(formats[0]) and \(formats[1]) cannot be used together: choose one format", spec: spec)
        }
        let lists = [(favorites, PersonalExport.List.favorites), (bookmarks, .bookmarks), (notes, .notes), (history, .history)]
            .filter { arguments[$0.0] }.map(\.1)
        if format == "--ics" {
            if let list = lists.first(where: { $0 != .favorites }) {
                throw UsageError("--ics writes the schedule or your favorites, not --\(list.rawValue)", spec: spec,
                                 hint: "Export --\(list.rawValue) with --json, --csv or --markdown.")
            }
            return try calendar(favoritesOnly: arguments[favorites], event: arguments[SharedOptions.event], alarm: arguments[alarm],
                                db: arguments[SharedOptions.db], output: arguments[SharedOptions.output], context)
        }
        if arguments[SharedOptions.event] != nil {
            throw UsageError("--event applies to --ics; \(format) exports your lists of every event", spec: spec)
        }
        if arguments[alarm] != nil {
            throw UsageError("--alarm applies to --ics; \(format) has no events to remind of", spec: spec)
        }
        if format == "--csv" && lists.count != 1 {
            throw UsageError(lists.isEmpty ? "--csv writes one list: name it with --favorites, --bookmarks, --notes or --history"
                                           : "--csv writes one list, not \(lists.count): choose one of " + lists.map { "--" + $0.rawValue }.joined(separator: ", "),
                             spec: spec, hint: "--json and --markdown hold several lists in one file.")
        }
        let asked = lists.isEmpty ? PersonalExport.List.allCases : lists
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let export = try store.read { try $0.personalExport(Set(asked)) { id, number in ShellWord.command("wwdc", "watch", id, "--bookmark", String(number)) } }
        let document = switch format {
        case "--json": try JSONOutput.encode(export.json) + "\n"
        case "--csv": export.csv(asked[0])
        default: export.markdown(title: "WWDC: your " + asked.map(\.rawValue).joined(separator: ", "))
        }
        let counts = asked.map { list in
            list == .history ? Quantity.text(export.count(list), "history entry", plural: "history entries")
                             : Quantity.text(export.count(list), String(list.rawValue.dropLast()))
        }.joined(separator: ", ")
        try write(document, to: arguments[SharedOptions.output], context, wrote: counts)
        return .success
    }

    /// The schedule (of `eventName` when given), or the favorites, as an iCalendar document.
    private static func calendar(favoritesOnly: Bool, event eventName: String?, alarm: Int?, db: String?, output: String?,
                                 _ context: CommandContext) throws -> ExitCode {
        let store = try BrowseSupport.openStore(db, context)
        let (events, event) = try store.read { db -> ([CalendarEvent], EventSummary?) in
            let (eventIDs, primary) = try FilterNames.events(eventName, in: db)
            let events = try db.calendarEvents(ScheduleQuery(eventIDs: eventIDs, favoritesOnly: favoritesOnly))
            return (events, eventIDs == nil ? nil : primary)
        }
        let name = (event?.name ?? "WWDC") + (favoritesOnly ? " favorites" : "")
        let document = ICalendarWriter.document(name: name, events: events, stamp: context.now.timeIntervalSince1970,
                                                productID: "-//wwdc//wwdc command line//EN", alarm: alarm)
        try write(document, to: output, context, wrote: Quantity.text(events.count, "session"))
        if events.isEmpty {
            context.message(favoritesOnly ? "Note: no scheduled favorites; the calendar is empty." : "Note: nothing scheduled; the calendar is empty.")
        }
        return .success
    }

    /// Writes `document` to `path` (--output), as it is, or to stdout when nil: as it is in a pipe or
    /// a file, cleaned of control characters on a terminal (the user's notes are printed as they
    /// typed them otherwise).
    private static func write(_ document: String, to path: String?, _ context: CommandContext, wrote: String) throws {
        guard let path else {
            context.output(context.stdoutIsTerminal ? TextSanitizer.multiLine.sanitize(document) : document)
            return
        }
        do {
            try Data(document.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw FileAccessError.write(path, error)
        }
        context.message("Wrote \(wrote) to \(path).")
    }
}
