import JSON
import ConferenceData
import ConferenceMedia
import Foundation
import MCPServer
import PlainText
import SQLiteDatabase

/// The tools that list: videos, topics, the schedule, favorites. Each is paged: a page of at most
/// `limit` items, and `nextCursor` to pass back as `cursor` for the next.
extension ConferenceToolbox {
    static let defaultPage = 50
    static let largestPage = 200
    /// The room of a page's items, in bytes: a page ends early rather than grow past it.
    static let pageBytes = 2 * resultCharacters

    static let pagingArguments: [String: JSONValue] = [
        "limit": ["type": "integer", "minimum": 1, "maximum": JSONValue(largestPage), "description": .string("Items per page (default \(defaultPage)).")],
        "cursor": ["type": "string", "description": "The nextCursor of the previous page."],
    ]

    static let eventArgument: JSONValue = ["type": "string", "description": "An event id (wwdc2024), its year, or 'all'; default: the current event."]
    static let topicArgument: JSONValue = ["type": "string", "description": "A topic's name, unique prefix or id (see list_topics)."]

    /// One page of what `fetch` reads (handed how many items to read at most), from the cursor the
    /// arguments give, as `{key: [...], nextCursor}`, each item its document (`shape`).
    func page<Model>(_ arguments: ToolArguments, list: String, key: String, of shape: DocumentShape<Model>,
                     fetch: @Sendable @escaping (Database, Int) throws -> [Model]) throws -> ToolResult {
        let offset = try PageCursor.offset(arguments.string("cursor"), list: list)
        let limit = arguments.int("limit") ?? Self.defaultPage
        let documents = self.documents
        let items = try read { db in try fetch(db, offset + limit + 1).map { shape.json($0, documents) } }
        // A page of long titles ends early, at a cursor, rather than growing past a result.
        let page = BoundedList(Array(items.dropFirst(offset).prefix(limit)), bytes: Self.pageBytes)
        var result: [String: JSONValue] = [key: .array(page.items), "count": JSONValue(page.items.count)]
        if items.count > offset + page.items.count {
            result["nextCursor"] = .string(PageCursor(list: list, position: String(offset + page.items.count)).text)
        }
        if page.leftOut > 0 {
            result["more"] = .string("The page stops after \(page.items.count) of the \(limit) items asked for, for room: pass nextCursor for the rest.")
        }
        return .json(.object(result))
    }

    var listVideosTool: Tool {
        Tool(name: "list_videos", title: "List videos",
             description: """
             The sessions with a video (as 'wwdc videos'): id, title, duration, topic, favorite, downloaded, the \
             user's progress (watched, or the share seen), and the command that plays it. Filters combine: event, \
             topic, search (words in the title, description or keywords), favorites, downloaded, watch (watched, \
             unwatched or in-progress).
             """,
             inputSchema: Tool.schema(Self.pagingArguments.merging([
                "event": Self.eventArgument, "topic": Self.topicArgument,
                "search": ["type": "string", "description": "Words the session must have (title, description, keywords)."],
                "favorites": ["type": "boolean", "description": "Only your favorites."],
                "downloaded": ["type": "boolean", "description": "Only videos downloaded on this machine (true) or not (false)."],
                "watch": ["type": "string", "enum": .array(WatchFilter.allCases.map { .string($0.rawValue) }),
                          "description": "Only videos watched, not watched, or started and not finished."],
             ]) { $1 }),
             outputSchema: ResultSchema.videos) { [self] arguments, _ in
            try page(arguments, list: "videos", key: "videos", of: VideoItem.document) { db, count in
                let downloaded = arguments.bool("downloaded")
                var query = VideoQuery(eventIDs: try ConferenceLookup.eventIDs(arguments.string("event"), in: db),
                                       search: arguments.string("search"), favoritesOnly: arguments.bool("favorites") ?? false,
                                       topicIDs: try FilterNames.topicIDs(arguments.strings("topic"), in: db))
                query.watchFilter = arguments.string("watch").flatMap(WatchFilter.init(rawValue:))
                query.limit = downloaded == nil ? count : nil
                return Array(try db.videos(query).filter { downloaded == nil || $0.isDownloaded == downloaded }.prefix(count))
            }
        }
    }

    var listTopicsTool: Tool {
        Tool(name: "list_topics", title: "List topics",
             description: "The topic categories and their topics (as 'wwdc topics'), with how many items each has; a topic's name or id filters search, list_videos and schedule.",
             inputSchema: Tool.schema(["event": Self.eventArgument]),
             outputSchema: ResultSchema.topics) { [self] arguments, _ in
            let groups = try read { db in
                try db.topicGroups(eventIDs: try ConferenceLookup.eventIDs(arguments.string("event"), in: db, defaultAll: true))
            }
            return .json(["categories": TopicGroup.document.json(groups, documents)])
        }
    }

    var scheduleTool: Tool {
        Tool(name: "schedule", title: "The schedule",
             description: """
             The schedule of an event (as 'wwdc schedule'), in time order, times in the conference's time zone: \
             start, end, id, title, type, track, room, favorite. day: YYYY-MM-DD, today, tomorrow, yesterday or a \
             weekday of the event (mon…sun); upcoming: only what is still on or to come.
             """,
             inputSchema: Tool.schema(Self.pagingArguments.merging([
                "day": ["type": "string", "description": "YYYY-MM-DD, today, tomorrow, yesterday, or a weekday (mon…sun) of the event."],
                "upcoming": ["type": "boolean", "description": "Only sessions still on or to come."],
                "event": Self.eventArgument, "topic": Self.topicArgument,
                "track": ["type": "string", "description": "A track's name, unique prefix or id."],
                "favorites": ["type": "boolean", "description": "Only your favorites."],
             ]) { $1 }),
             outputSchema: ResultSchema.schedule) { [self] arguments, _ in
            let now = settings.now().timeIntervalSince1970
            return try page(arguments, list: "schedule", key: "sessions", of: ScheduleItem.document) { db, count in
                let events = try db.events()
                let eventIDs = try ConferenceLookup.eventIDs(arguments.string("event"), in: db)
                var query = ScheduleQuery(eventIDs: eventIDs, limit: count)
                if let day = arguments.string("day") {
                    let event = events.first { eventIDs?.contains($0.id) ?? $0.isCurrent } ?? events.first
                    query.day = .conferenceDate(try Self.date(day, now: now, event: event))
                }
                if arguments.bool("upcoming") == true { query.notEndedBefore = now }
                query.topicIDs = try FilterNames.topicIDs(arguments.strings("topic"), in: db)
                query.trackIDs = try FilterNames.trackIDs(arguments.strings("track"), in: db)
                query.favoritesOnly = arguments.bool("favorites") ?? false
                return try db.schedule(query)
            }
        }
    }

    /// The conference date `text` names: a date, a day counted from `now`, or a weekday of `event`.
    static func date(_ text: String, now: Double, event: EventSummary?) throws -> LocalDate {
        let today = TimeZoneChoice.conference.localTime(now, recordedOffset: event?.utcOffset).date
        switch text.lowercased() {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        if let date = LocalDate(iso: text) { return date }
        guard let weekday = LocalDate.weekday(named: text) else {
            throw ToolFailure("'day' must be YYYY-MM-DD, today, tomorrow, yesterday or a weekday (mon…sun), not '\(TextSanitizer.singleLine.sanitize(text))'.")
        }
        guard let event, let start = event.startTime else { throw ToolFailure("No event dates to find a \(LocalDate.weekdayNames[weekday]) in: give the date as YYYY-MM-DD.") }
        let first = TimeZoneChoice.conference.localTime(start, recordedOffset: event.utcOffset).date
        let last = TimeZoneChoice.conference.localTime(event.endTime ?? start, recordedOffset: event.utcOffset).date
        var date = first
        while date <= last {
            if date.weekday == weekday { return date }
            date = date.adding(days: 1)
        }
        throw ToolFailure("\(event.name) has no \(LocalDate.weekdayNames[weekday]): it runs from \(first.longText) to \(last.longText).")
    }

    var listFavoritesTool: Tool {
        Tool(name: "list_favorites", title: "List favorites",
             description: "Your favorite sessions (as 'wwdc favorite list'): id, title, and whether each is uploaded to your account (synced) or waiting (pending).",
             inputSchema: Tool.schema(Self.pagingArguments),
             outputSchema: ResultSchema.favorites) { [self] arguments, _ in
            try page(arguments, list: "favorites", key: "favorites", of: FavoriteItem.document) { db, count in
                try db.favoriteList(limit: count)
            }
        }
    }

    var continueWatchingTool: Tool {
        Tool(name: "continue_watching", title: "Continue watching",
             description: "The videos the user started and has not finished (as 'wwdc continue'), most recent first, each with how far they got and the command that resumes it there.",
             inputSchema: Tool.schema(Self.pagingArguments),
             outputSchema: ResultSchema.continueWatching) { [self] arguments, _ in
            try page(arguments, list: "continue", key: "videos", of: ContinueItem.document) { db, count in
                try db.continueWatching(limit: count)
            }
        }
    }

    var listBookmarksTool: Tool {
        Tool(name: "list_bookmarks", title: "List bookmarks",
             description: "The user's bookmarks (as 'wwdc bookmark list'), of one session or all, by session and time: each with its number, time, note and the command that plays from there.",
             inputSchema: Tool.schema(Self.pagingArguments.merging(["id": Self.sessionArgument]) { $1 }),
             outputSchema: ResultSchema.bookmarks) { [self] arguments, _ in
            try page(arguments, list: "bookmarks", key: "bookmarks", of: BookmarkItem.document) { db, count in
                let id = try arguments.string("id").map { try ConferenceLookup.sessionID($0, in: db) }
                return try db.bookmarkList(sessionID: id, limit: count)
            }
        }
    }
}
