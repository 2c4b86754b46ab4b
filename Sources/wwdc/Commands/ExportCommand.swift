import CommandLineKit
import PlainText
import ConferenceKit
import Foundation
import TerminalUI

/// `wwdc export --ics`: the schedule or the favorites as an iCalendar file.
enum ExportCommand {
    static let ics = Option.flag("ics", help: "Write iCalendar (RFC 5545); the only format for now.")
    static let alarm = Option.duration("alarm", value: "time", help: "Add a reminder to each event, this long before it starts: 10m, 1h, ...",
                                       in: 0...(7 * 86_400))

    static let spec = CommandSpec(
        path: "export",
        abstract: "Export the schedule, or your favorites, as an iCalendar (.ics) file.",
        discussion: """
        One event per scheduled session, in UTC, with a stable UID (importing again updates the events \
        instead of duplicating them). Writes to standard output unless --output is given.
        """,
        options: [ics, alarm, SharedOptions.favorites, SharedOptions.event, SharedOptions.output, SharedOptions.db],
        examples: [
            ("wwdc export --ics --favorites --output wwdc.ics", "Your favorites, for your calendar."),
            ("wwdc export --ics --event all > everything.ics", "Every scheduled session of every event."),
            ("wwdc export --ics --favorites --alarm 10m -o wwdc.ics", "Your favorites, each with a reminder ten minutes before."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        guard arguments[ics] else {
            throw UsageError("Choose a format: '--ics'", spec: spec)
        }
        let favoritesOnly = arguments[SharedOptions.favorites]
        let store = try BrowseSupport.openStore(arguments, context)
        let (events, event) = try store.read { db -> ([CalendarEvent], EventSummary?) in
            let (eventIDs, primary) = try BrowseSupport.events(arguments, in: db)
            let events = try db.calendarEvents(ScheduleQuery(eventIDs: eventIDs, favoritesOnly: favoritesOnly))
            return (events, eventIDs == nil ? nil : primary)
        }
        let name = (event?.name ?? "WWDC") + (favoritesOnly ? " favorites" : "")
        let document = ICalendarWriter.document(name: name, events: events, stamp: context.now.timeIntervalSince1970,
                                                productID: "-//wwdc//wwdc command line//EN", alarm: arguments[alarm])
        if let path = arguments[SharedOptions.output] {
            do {
                try Data(document.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw FileAccessError.write(path, error)
            }
            context.message("Wrote \(Quantity.text(events.count, "session")) to \(path).")
        } else {
            context.output(document)
        }
        if events.isEmpty {
            context.message(favoritesOnly ? "Note: no scheduled favorites; the calendar is empty." : "Note: nothing scheduled; the calendar is empty.")
        }
        return .success
    }
}
