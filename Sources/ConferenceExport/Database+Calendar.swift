import ConferenceData
import SQLiteDatabase

extension Database {
    /// The scheduled items of `query` as calendar events: one per item with a start time, with its
    /// description and page, and a UID that stays the same across exports (`<id>@wwdc.invalid`).
    public func calendarEvents(_ query: ScheduleQuery) throws -> [CalendarEvent] {
        try schedule(query).compactMap { item in
            guard let start = item.startTime else { return nil }
            let texts = try readOne("SELECT description, web_permalink FROM sessions WHERE id = ?", [item.sessionID]) {
                ($0.paragraphs("description") ?? "", $0.line("web_permalink"))
            }
            return CalendarEvent(uid: item.sessionID + "@wwdc.invalid", start: start, end: item.endTime, summary: item.title,
                                 description: texts?.0 ?? "", location: item.room,
                                 categories: [item.type, item.track].compactMap { $0 }, url: texts?.1)
        }
    }
}
