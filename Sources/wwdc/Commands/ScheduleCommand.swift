import CommandLineKit
import ConferenceData
import ConferenceTerminal
import Foundation
import PlainText
import SQLiteDatabase
import TerminalUI

/// `wwdc schedule`: the schedule, grouped by day, with filters that combine.
enum ScheduleCommand {
    static let hasVideo = Option.flag("has-video", help: "Only sessions with a video (no labs or get-togethers).")
    static let search = SharedOptions.search.help("Only sessions matching these words, \"phrases\" or prefix* (title, description, keywords), best first; a number finds that session.")
    static let upcoming = Option.flag("upcoming", short: "u", help: "Only sessions still running or to come.")
    static let unscheduled = Option.flag("unscheduled", help: "The event's items without a time instead (videos, articles), by publishing date.")

    static let spec = CommandSpec(
        path: "schedule",
        abstract: "List the schedule, grouped by day.",
        discussion: """
        One row per scheduled session: time, number, title, type, track (or topic) and room, with ★ \
        for your favorites. Times are in the conference's time zone unless you pass --local. Filters \
        combine: a session must match all of them (a repeated --track, --topic, --type or --platform \
        means any of those). --has-video leaves out what has no video (labs, get-togethers). With --search the best matches come first, those with the words in their \
        title before the others, and items without a time are found too. --unscheduled lists the \
        event's items that have no time (videos, articles), by publishing date.
        """,
        options: [
            SharedOptions.day, SharedOptions.event, SharedOptions.track, SharedOptions.topic, SharedOptions.type, SharedOptions.platform,
            SharedOptions.favorites, hasVideo, search, upcoming, unscheduled, SharedOptions.local, SharedOptions.json, SharedOptions.limit, SharedOptions.noPager, SharedOptions.db,
        ],
        examples: [
            ("wwdc schedule --day tomorrow", "Tomorrow's sessions, in the conference's time zone."),
            ("wwdc schedule --day wed --track 'Developer Tools' --type Session", "Wednesday's Developer Tools sessions."),
            ("wwdc schedule --search swiftui --upcoming", "Sessions about SwiftUI still to come, best match first."),
            ("wwdc schedule --favorites --local", "Your favorites, in this machine's time zone."),
            ("wwdc schedule --event all --search swiftui --topic 'UI Frameworks'", "Everything about SwiftUI in a topic, scheduled or not."),
            ("wwdc schedule --json | jq '.[].title'", "The titles, from the JSON output."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let day = try BrowseSupport.dayArgument(arguments[SharedOptions.day], spec: spec)
        let limit = arguments[SharedOptions.limit]
        let zone = BrowseSupport.zone(local: arguments[SharedOptions.local])
        let now = context.now
        let unscheduled = arguments[Self.unscheduled]
        if unscheduled, day != nil || arguments[upcoming] {
            throw UsageError("'--unscheduled' lists items without a time: it cannot be combined with '--day' or '--upcoming'", spec: spec)
        }
        try BrowseSupport.checkSearch(arguments[search], spec: spec)
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let (items, current, explanation) = try store.read { db -> ([ScheduleItem], String?, [String]) in
            let (eventIDs, primary) = try FilterNames.events(arguments[SharedOptions.event], in: db)
            var query = ScheduleQuery(eventIDs: eventIDs, unscheduledOnly: unscheduled, limit: limit)
            if let day {
                let date = try BrowseSupport.date(for: day, zone: zone, now: now, event: primary)
                query.day = zone == .local ? .instants(zone.dayRange(date, conferenceOffset: 0)) : .conferenceDate(date)
            }
            (query.trackIDs, query.topicIDs, query.types, query.platforms) = try BrowseSupport.namedFilters(
                tracks: arguments[SharedOptions.track], topics: arguments[SharedOptions.topic], types: arguments[SharedOptions.type],
                platforms: arguments[SharedOptions.platform], in: db)
            query.favoritesOnly = arguments[SharedOptions.favorites]
            query.hasVideo = arguments[hasVideo]
            query.search = arguments[search]
            if arguments[upcoming] { query.notEndedBefore = now.timeIntervalSince1970 }
            let items = try db.schedule(query)
            var explanation: [String] = []
            if items.isEmpty, query.search == nil, !unscheduled, eventIDs?.count == 1, let primary {
                explanation = try nothingScheduled(primary, in: db)
            }
            if items.isEmpty, explanation.isEmpty, query.search == nil, !unscheduled {
                explanation = try topicUnscheduled(query.topicIDs, topics: arguments[SharedOptions.topic], event: arguments[SharedOptions.event],
                                                   eventIDs: eventIDs, primary: primary, in: db)
                    ?? outsideEvent(day: day, upcoming: arguments[upcoming], zone: zone, now: now, event: primary, typedEvent: arguments[SharedOptions.event])
                    ?? []
            }
            return (items, try SessionResolver.currentEvent(in: db), explanation)
        }
        let nothing = explanation.isEmpty
            ? [arguments[SharedOptions.favorites] ? "No favorites match. Add one with 'wwdc favorite add <session>'."
               : unscheduled ? "Every item of this event has a time: see 'wwdc schedule'." : "No sessions match."]
            : explanation
        return try Listing.print(items, json: arguments[SharedOptions.json], context: context, paging: Paging.isWanted(arguments),
                                 row: { ScheduleItem.document.json($0, .commandLine(zone: zone)) }, empty: { nothing }) { items in
            render(items, zone: zone, search: arguments[search], unscheduled: unscheduled, currentEvent: current,
                   now: now.timeIntervalSince1970, width: context.outputWidth, style: context.outputStyle)
        }
    }

    /// What to say when `event` has nothing scheduled at all (every year since 2020 between
    /// conferences): the config's word on it when it is current, and where its items are.
    static func nothingScheduled(_ event: EventSummary, in db: Database) throws -> [String] {
        let contents = try db.eventContents(event.id)
        guard contents.scheduled == 0 else { return [] }
        let name = BrowseSupport.cell(event.name)
        var lines = ["\(name) has nothing scheduled."]
        if event.isCurrent, let hero = try db.eventHero() {
            lines.append("")
            lines.append("  " + BrowseSupport.cell(hero.title))
            if let body = hero.body, !body.isEmpty { lines.append("  " + body) }
            lines.append("")
        }
        if contents.videos > 0 {
            lines.append("Its videos: " + ShellWord.command("wwdc", "videos", "--event", event.id))
        }
        if contents.items > contents.videos {
            lines.append("Its items without a time: " + ShellWord.command("wwdc", "schedule", "--event", event.id, "--unscheduled"))
        }
        if contents.items == 0 {
            if let latest = try db.latestEventWithVideos() {
                lines.append("It has no sessions or videos yet. The latest videos: " + ShellWord.command("wwdc", "videos", "--event", latest))
            } else {
                lines.append("It has no sessions or videos yet.")
            }
        }
        return lines
    }

    /// What to say when the topics `topicIDs` (typed as `topics`) have nothing scheduled in the
    /// events shown (typed as `event`): where their items are (videos, items without a time, other
    /// events); nil when some are scheduled (another filter left them out).
    static func topicUnscheduled(_ topicIDs: [Int], topics: [String], event: String?, eventIDs: [String]?, primary: EventSummary?,
                                 in db: Database) throws -> [String]? {
        guard !topicIDs.isEmpty else { return nil }
        let shown = try db.topicContents(topicIDs, eventIDs: eventIDs)
        guard shown.scheduled == 0 else { return nil }
        let names = try db.topics().filter { topicIDs.contains($0.id) }.map { BrowseSupport.cell($0.name) }
        let topic = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        let typed = topics.map { "--topic " + ShellWord.word($0) }.joined(separator: " ")
        let inEvent = eventIDs?.count == 1 ? primary.map { " in " + BrowseSupport.cell($0.name) } ?? "" : ""
        let eventOption = event.map { " --event " + ShellWord.word($0) } ?? ""
        if shown.items > 0 {
            var lines = ["Nothing of \(topic) is scheduled\(inEvent): its \(Quantity.text(shown.items, "item")) \(shown.items == 1 ? "has" : "have") no time."]
            if shown.videos > 0 { lines.append("Its videos: wwdc videos \(typed)\(eventOption)") }
            if shown.items > shown.videos { lines.append("Its items without a time: wwdc schedule \(typed)\(eventOption) --unscheduled") }
            return lines
        }
        let everywhere = try db.topicContents(topicIDs, eventIDs: nil)
        guard everywhere.items > 0 else { return ["\(topic) has no items\(eventIDs == nil ? "" : " in any event")."] }
        var lines = ["\(topic) has nothing\(inEvent.isEmpty ? " here" : inEvent); other events have \(Quantity.text(everywhere.items, "item")) of it, "
                     + (everywhere.scheduled == 0 ? "none scheduled." : "\(everywhere.scheduled) scheduled.")]
        if everywhere.scheduled > 0 { lines.append("Its sessions: wwdc schedule \(typed) --event all") }
        if everywhere.videos > 0 { lines.append("Its videos: wwdc videos \(typed) --event all") }
        if everywhere.items - everywhere.scheduled > everywhere.videos {
            lines.append("Its items without a time: wwdc schedule \(typed) --event all --unscheduled")
        }
        return lines
    }

    /// What to say when `--day` names a date outside `event` (typed as `typedEvent`), or
    /// `--upcoming` comes after its end: "Today (Wednesday, July 1, 2026) is outside WWDC 2026,
    /// June 8–12."; nil otherwise.
    static func outsideEvent(day: BrowseSupport.DayArgument?, upcoming: Bool, zone: TimeZoneChoice, now: Date,
                             event: EventSummary?, typedEvent: String?) -> [String]? {
        guard let event, let start = event.startTime else { return nil }
        let first = zone.localTime(start, recordedOffset: event.utcOffset).date
        let last = zone.localTime(event.endTime ?? start, recordedOffset: event.utcOffset).date
        let name = BrowseSupport.cell(event.name)
        let dates = BrowseSupport.dateRange(first, last)
        let schedule = "Its schedule: wwdc schedule" + (typedEvent.map { " --event " + ShellWord.word($0) } ?? "")
        if let day, let date = try? BrowseSupport.date(for: day, zone: zone, now: now, event: event), date < first || last < date {
            let named = switch day {
            case .relative(0): "Today (\(date.longText))"
            case .relative(1): "Tomorrow (\(date.longText))"
            case .relative(-1): "Yesterday (\(date.longText))"
            default: date.longText
            }
            return ["\(named) is outside \(name), \(dates).", schedule]
        }
        if day == nil, upcoming, let end = event.endTime, now.timeIntervalSince1970 >= end {
            return ["Nothing is to come: \(name) is over (\(dates)).", schedule]
        }
        return nil
    }

    // MARK: Text

    /// The listing: a heading per day, then one row per session (one ranked list with a search, one
    /// list by publishing date for items without a time).
    static func render(_ items: [ScheduleItem], zone: TimeZoneChoice, search: String?, unscheduled: Bool = false,
                       currentEvent: String?, now: Double? = nil, width: Int?, style: Style) -> String {
        let showsMark = items.contains(where: \.isFavorite)
        let showsWatch = items.contains { $0.watch != nil }
        let marks = now.map { timeMarks(items, now: $0, zone: zone) } ?? [:]
        let showsTimeMark = !marks.isEmpty
        let ranked = search != nil || unscheduled
        var rows: [[String]] = []
        var headings: [Int: String] = [:]
        var lastDay: String?
        for item in items {
            let reference = item.startTime ?? item.publishedTime ?? 0
            let label = zone.label(at: reference, recordedOffset: item.utcOffset)
            var cells = [item.isFavorite ? "★" : " "]
            if showsWatch { cells.append(item.watch?.text ?? "") }
            if showsTimeMark { cells.append(marks[item.sessionID] ?? "") }
            if let startTime = item.startTime {
                let start = zone.localTime(startTime, recordedOffset: item.utcOffset)
                if ranked {
                    if rows.isEmpty { headings[0] = heading(search: search, label: label) }
                    cells.append(start.date.shortText)
                } else {
                    let day = start.date.description + label
                    if day != lastDay {
                        headings[rows.count] = "\(start.date.longText) (\(label))"
                        lastDay = day
                    }
                }
                var time = start.clockText
                if let end = item.endTime {
                    time += "–" + zone.localTime(end, recordedOffset: item.utcOffset).clockText
                }
                cells.append(time)
            } else {
                if rows.isEmpty { headings[0] = heading(search: search, label: label) }
                cells.append(item.publishedTime.map { zone.localTime($0, recordedOffset: item.utcOffset).date.shortText } ?? "")
                if !unscheduled { cells.append("not scheduled") }
            }
            let number = item.eventID == currentEvent ? item.number.map(String.init) ?? item.sessionID : item.sessionID
            cells += [number, BrowseSupport.cell(item.title), BrowseSupport.cell(item.type),
                      BrowseSupport.cell(item.trackOrTopic), BrowseSupport.cell(item.room)]
            rows.append(cells)
        }
        var columns: [TableLayout.Column] = [.init(minimum: 1)]
        if showsWatch { columns.append(.init(minimum: 1, alignRight: true)) }
        if showsTimeMark { columns.append(.init()) }
        if ranked { columns.append(.init()) }
        // Titles get the room first: on a narrow terminal the track goes first, then the type; the
        // room, what an attendee needs next, stays longest.
        if !unscheduled { columns.append(.init()) }
        columns += [.init(alignRight: true), .init(flexible: true),
                    .init(minimum: 7, dropOrder: 2), .init(minimum: 8, dropOrder: 3), .init(minimum: 8, dropOrder: 1)]
        var layout = TableLayout(columns: columns)
        layout.markColumn(of: &rows, shown: showsMark)
        // Rows sit two columns in from their day heading.
        let indent = "  "
        let firstDetail = layout.columns.count - 3
        let watchColumn = showsWatch ? (showsMark ? 1 : 0) : nil
        let markColumn = showsTimeMark ? (showsMark ? 1 : 0) + (showsWatch ? 1 : 0) : nil
        let paint: (Int, String) -> String = { column, text in
            if showsMark && column == 0 { return style.yellow(text) }
            if column == watchColumn { return style.green(text) }
            if column == markColumn { return text.hasPrefix("now") ? style.bold(style.green(text)) : style.cyan(text) }
            // The number and the details are dimmed; the time and the title stand out.
            return column == firstDetail - 2 || column >= firstDetail ? style.dim(text) : text
        }
        return layout.render(rows, headings: headings, indent: indent, width: width, heading: style.bold, paint: paint)
    }

    /// During the event: "now" for the sessions on at `now`, "next" for those starting next the same
    /// day (by session id); nothing before or after the event, or on a day without sessions to come.
    static func timeMarks(_ items: [ScheduleItem], now: Double, zone: TimeZoneChoice) -> [String: String] {
        var marks: [String: String] = [:]
        for item in items {
            if let start = item.startTime, let end = item.endTime, start <= now, now < end { marks[item.sessionID] = "now" }
        }
        let later = items.filter { ($0.startTime ?? -.infinity) > now }
        if let next = later.compactMap(\.startTime).min() {
            for item in later where item.startTime == next {
                // Only within the day under way: the first session of the next event is not "next".
                let today = zone.localTime(now, recordedOffset: item.utcOffset).date
                if zone.localTime(next, recordedOffset: item.utcOffset).date == today { marks[item.sessionID] = "next" }
            }
        }
        return marks
    }

    private static func heading(search: String?, label: String) -> String {
        search.map { "Best matches for “\(BrowseSupport.cell($0))” (\(label))" } ?? "Not scheduled, by publishing date (\(label))"
    }
}
