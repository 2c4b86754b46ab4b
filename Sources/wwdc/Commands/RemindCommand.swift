import CommandLineKit
import ConferenceData
import ConferenceMedia
import ConferenceModel
import Foundation
import PlainText
import TerminalUI

/// `wwdc remind`: the favorites starting soon, with where and how to watch.
enum RemindCommand {
    static let within = Option.duration("within", value: "time", help: "How far ahead to look: 10m, 1h, 1h30m, ... (default 15m).",
                                        in: 60...(7 * 86_400))

    static let spec = CommandSpec(
        path: "remind",
        abstract: "List your favorites starting soon, with their room and how to watch the stream.",
        discussion: """
        The favorites that start within --within from now (WWDC_NOW fixes the clock), first to start \
        first. With notify = desktop in the config file, each is also a desktop notification (through \
        notify-send). 'wwdc notify install' runs this on a schedule.
        """,
        options: [within, SharedOptions.local, SharedOptions.json, SharedOptions.db],
        examples: [
            ("wwdc remind", "Favorites starting in the next 15 minutes."),
            ("wwdc remind --within 1h --json", "In the next hour, as JSON."),
        ])

    static let defaultWindow = 15 * 60

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let window = arguments[within] ?? defaultWindow
        _ = try DesktopNotifier.isWanted(context)
        let zone = BrowseSupport.zone(local: arguments[SharedOptions.local])
        let now = context.now.timeIntervalSince1970
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let (items, current) = try store.read { db in
            // After now, up to the end of the window: a run on the hour reminds of the sessions on the
            // next hour, not of those starting as it runs.
            (try db.schedule(ScheduleQuery(day: .instants(now.nextUp..<(now + Double(window)).nextUp), favoritesOnly: true)),
             try SessionResolver.currentEvent(in: db))
        }
        let reminders = items.compactMap { Reminder($0, now: now, currentEvent: current) }
        if arguments[SharedOptions.json] {
            let watch = Dictionary(reminders.map { ($0.item.sessionID, $0.watch) }) { first, _ in first }
            let documents = DocumentContext(view: .commandLine, zone: zone, now: now, commands: DocumentCommands(play: { id, _ in watch[id] }))
            context.output(try JSONOutput.encode(ScheduleItem.reminder.json(reminders.map(\.item), documents)) + "\n")
        } else if reminders.isEmpty {
            context.message("No favorite starts within \(Option<Int?>.durationText(window)).")
        } else {
            context.output(render(reminders, zone: zone, width: context.outputWidth, style: context.outputStyle))
        }
        try DesktopNotifier.send(reminders.map(\.notification), runner: OperationRunner(arguments, context: context), context: context) { more in
            DesktopNotification(summary: "WWDC · \(more) more favorites soon", body: "Run 'wwdc remind' for the whole list.")
        }
        return .success
    }

    /// A favorite starting soon.
    struct Reminder {
        var item: ScheduleItem
        var start: Double
        /// Seconds until it starts.
        var secondsUntil: Int
        var minutes: Int
        /// `wwdc watch 101`: the number in the current event, else the id.
        var watch: String

        init?(_ item: ScheduleItem, now: Double, currentEvent: String?) {
            guard let start = item.startTime else { return nil }
            self.item = item
            self.start = start
            secondsUntil = Int(start - now)
            minutes = Int(((start - now) / 60).rounded(.up))
            let name = item.eventID == currentEvent ? item.number.map(String.init) ?? item.sessionID : item.sessionID
            watch = ShellWord.command("wwdc", "watch", name)
        }

        var whenText: String { minutes <= 0 ? "now" : "in " + RelativeTime.duration(minutes: minutes) }

        var notification: DesktopNotification {
            DesktopNotification(summary: "WWDC · starts " + whenText + (item.room.map { " · " + $0 } ?? ""),
                                body: item.title + "\n" + watch)
        }
    }

    /// One line each: when, the title, the room, and the command to watch.
    static func render(_ reminders: [Reminder], zone: TimeZoneChoice, width: Int?, style: Style) -> String {
        let rows = reminders.map { reminder -> [String] in
            let local = zone.localTime(reminder.start, recordedOffset: reminder.item.utcOffset)
            return [local.clockText, reminder.whenText, BrowseSupport.cell(reminder.item.room), reminder.watch, BrowseSupport.cell(reminder.item.title)]
        }
        // The room shortens, then goes, before a title is cut; the command stays whole.
        return Listing.columns(rows, width: width, columns: [.init(), .init(), .init(minimum: 6, dropOrder: 1), .init(), .init(flexible: true)])
    }
}
