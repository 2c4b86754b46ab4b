import CommandLineKit
import PlainText
import ConferenceData
import ConferenceModel
import Foundation
import SQLiteDatabase
import TerminalUI

/// What the browsing commands share: opening the store, choosing the event and reading filter values.
enum BrowseSupport {
    /// Opens the store to read (`--db`, `flag`, else the default); a missing or empty store asks for
    /// `wwdc sync` (exit status 1).
    static func openStore(_ flag: String?, _ context: CommandContext) throws -> ConferenceStore {
        let path = try Configuration.storePath(flag: flag, context.environment)
        return try ConferenceStore.openForBrowsing(path: path)
    }

    /// The time zone `--local` asks for.
    static func zone(local: Bool) -> TimeZoneChoice {
        local ? .local : .conference
    }

    /// The stored id of the session `input` names (``SessionResolver``); a bare number found
    /// outside the current event (which may have nothing yet, between conferences) says which
    /// event's it is, on stderr.
    static func session(_ input: String, in db: Database, _ context: CommandContext) throws -> String {
        try moment(input, in: db, context).id
    }

    /// ``session(_:in:_:)``, with the moment a link to the session names (its `?time=`, in seconds).
    static func moment(_ input: String, in db: Database, _ context: CommandContext) throws -> (id: String, time: Int?) {
        let (id, elsewhere, time) = try SessionResolver.moment(input, in: db)
        say(elsewhere, id: id, context)
        return (id, time)
    }

    /// What the store knows of the session `input` names, with the moment a link to it names.
    static func detail(_ input: String, in store: ConferenceStore, _ context: CommandContext) throws -> (detail: SessionDetail, time: Int?) {
        let (detail, time) = try store.read { db -> (SessionDetail?, Int?) in
            let (id, time) = try moment(input, in: db, context)
            return (try db.sessionDetail(id: id), time)
        }
        guard let detail else { throw BrowseError.unknownSession(input, suggestions: []) }
        return (detail, time)
    }

    /// Says, on stderr, which event's session a bare number named when it was not in the current event.
    static func say(_ elsewhere: SessionResolver.Elsewhere?, id: String, _ context: CommandContext) {
        guard let elsewhere else { return }
        context.message("\(elsewhere.currentEvent ?? "The current event") has no session \(elsewhere.number): "
                        + "using \(elsewhere.event)'s, \(TextSanitizer.singleLine.sanitize(id)).")
    }

    /// What the values of `--track`, `--topic`, `--type` and `--platform` name, for the commands
    /// that take them.
    static func namedFilters(tracks: [String], topics: [String], types: [String], platforms: [String], in db: Database) throws
        -> (trackIDs: [Int], topicIDs: [Int], types: [String], platforms: [String]) {
        (try FilterNames.trackIDs(tracks, in: db), try FilterNames.topicIDs(topics, in: db),
         try FilterNames.match(types, kind: "type", known: db.sessionTypes()),
         try FilterNames.match(platforms, kind: "platform", known: db.platformNames()))
    }

    /// Refuses, as a usage error, a search (`--search` or the text of `wwdc search`) that asks for
    /// more than a search looks for (``SearchQuery/maxTerms``).
    static func checkSearch(_ text: String?, spec: CommandSpec) throws {
        guard let text, let query = SearchQuery(text) else { return }
        do {
            try query.checkBounds()
        } catch let error as BrowseError {
            throw UsageError(error.description, spec: spec, hint: ErrorWording.commandLine.hint(error))
        }
    }

    // MARK: Days

    /// What `--day` accepts.
    enum DayArgument: Equatable {
        case date(LocalDate)
        case relative(days: Int)
        case weekday(Int)
    }

    /// What `--day` (`text`) names, or nil; a value it cannot be is a usage error of `spec`.
    static func dayArgument(_ text: String?, spec: CommandSpec) throws -> DayArgument? {
        guard let text else { return nil }
        switch text.lowercased() {
        case "today": return .relative(days: 0)
        case "tomorrow": return .relative(days: 1)
        case "yesterday": return .relative(days: -1)
        default: break
        }
        if let date = LocalDate(iso: text) { return .date(date) }
        if let weekday = LocalDate.weekday(named: text) { return .weekday(weekday) }
        throw UsageError("Invalid value '\(text)' for '--day': expected YYYY-MM-DD, today, tomorrow or a weekday (mon…sun)",
                         spec: spec)
    }

    /// The calendar date a `--day` value stands for, in `zone`: relative days count from `now`;
    /// a weekday is the first such day of `event`.
    static func date(for day: DayArgument, zone: TimeZoneChoice, now: Date, event: EventSummary?) throws -> LocalDate {
        let offset = event?.utcOffset
        switch day {
        case .date(let date):
            return date
        case .relative(let days):
            return zone.localTime(now.timeIntervalSince1970, recordedOffset: offset).date.adding(days: days)
        case .weekday(let weekday):
            guard let event, let start = event.startTime else {
                throw RuntimeError("no event dates to find a \(LocalDate.weekdayNames[weekday]) in", hint: "Give the date as YYYY-MM-DD.")
            }
            let first = zone.localTime(start, recordedOffset: offset).date
            let last = zone.localTime(event.endTime ?? start, recordedOffset: offset).date
            var date = first
            while date <= last {
                if date.weekday == weekday { return date }
                date = date.adding(days: 1)
            }
            throw RuntimeError("\(event.name) has no \(LocalDate.weekdayNames[weekday]): it runs from \(first.longText) to \(last.longText)",
                               hint: "Give the date as YYYY-MM-DD, or choose another event with --event.")
        }
    }

    // MARK: Text

    /// `June 8–12`, `May 30–June 3`, `December 30, 2026–January 2, 2027`: an event's dates.
    static func dateRange(_ first: LocalDate, _ last: LocalDate) -> String {
        let month = { (date: LocalDate) in LocalDate.monthNames[date.month - 1] }
        if first == last { return "\(month(first)) \(first.day)" }
        if first.year != last.year { return "\(month(first)) \(first.day), \(first.year)–\(month(last)) \(last.day), \(last.year)" }
        if first.month == last.month { return "\(month(first)) \(first.day)–\(last.day)" }
        return "\(month(first)) \(first.day)–\(month(last)) \(last.day)"
    }

    /// A table cell: the text, or nothing. (Text from the store arrives cleaned by ConferenceData.)
    static func cell(_ text: String?) -> String {
        text ?? ""
    }
}
