import ConferenceData
import ConferenceModel
import Foundation
import PlainText
import TerminalUI

/// What the browser's lists show, read from the store in one read: the tabs' rows and the event's
/// name. Built off the drawing queue (at the start, and after each change to the store).
struct BrowserContent: Sendable {
    /// The event the Explore and Schedule tabs show.
    var event: EventSummary?
    /// The current event when it has no sessions yet (between its announcement and its first
    /// day) and the tabs show the latest conference that has instead, as bare numbers name it.
    var emptyCurrent: EventSummary?
    var explore: [BrowserRow] = []
    var schedule: [BrowserRow] = []
    var videos: [BrowserRow] = []
    var downloads: [BrowserRow] = []
    /// The tabs whose rows were read (the others' are left empty).
    var tabs: Set<BrowserTab> = []
    /// What the Videos tab's filters can choose from.
    var choices = BrowserFilter.Choices()

    // The lists' columns. The title has the room first: the columns with a drop order go, the
    // highest first, before a title is cut.

    /// When, number, title, type, track, room, marks.
    static let scheduleLayout = TableLayout(columns: [
        .init(minimum: 9), .init(minimum: 3, alignRight: true), .init(minimum: 8, flexible: true),
        .init(minimum: 4, dropOrder: 1), .init(minimum: 6, dropOrder: 2), .init(minimum: 6, dropOrder: 3), .init(minimum: 1),
    ])
    /// Number (in its event), title, length, event, topic, marks.
    static let videosLayout = TableLayout(columns: [
        .init(minimum: 3, alignRight: true), .init(minimum: 8, flexible: true), .init(minimum: 4, alignRight: true),
        .init(minimum: 8, dropOrder: 1), .init(minimum: 6, dropOrder: 2), .init(minimum: 1),
    ])
    /// Number (or nothing), title, a detail, marks. The detail (a topic's count, what is new) is
    /// what the tab is for: always whole, the titles cut first.
    static let exploreLayout = TableLayout(columns: [
        .init(minimum: 3, alignRight: true), .init(minimum: 8, flexible: true), .init(minimum: 6, alignRight: true), .init(minimum: 1),
    ])
    /// Quality, title, state, marks.
    static let downloadsLayout = TableLayout(columns: [
        .init(minimum: 2), .init(minimum: 8, flexible: true), .init(minimum: 6, dropOrder: 1), .init(minimum: 1),
    ])
    /// Kind, number, title, what matched, marks.
    static let searchLayout = TableLayout(columns: [
        .init(minimum: 4, dropOrder: 2), .init(minimum: 3, alignRight: true), .init(minimum: 8, flexible: true),
        .init(minimum: 10, dropOrder: 1, claim: 40), .init(minimum: 1),
    ])

    /// Reads what `tabs` list (all of them by default). `eventText` is what `--event` gave (an id,
    /// a year), nil for the current event; `filter` is what the Videos tab lists.
    static func read(_ store: ConferenceStore, eventText: String?, zone: TimeZoneChoice, now: Double,
                     filter: BrowserFilter = BrowserFilter(), tabs: Set<BrowserTab> = Set(BrowserTab.allCases)) throws -> BrowserContent {
        try store.read { db in
            var (ids, event) = try FilterNames.events(eventText, in: db)
            var emptyCurrent: EventSummary?
            if eventText == nil, let current = event, try db.eventContents(current.id).items == 0,
               let latest = try SessionResolver.latestConferenceWithSessions(in: db), latest != current.id,
               let shown = try db.events().first(where: { $0.id == latest }) {
                (ids, event, emptyCurrent) = ([shown.id], shown, current)
            }
            var content = BrowserContent(event: event, emptyCurrent: emptyCurrent)
            content.tabs = tabs
            // What the Videos tab's filters choose from: read with its rows.
            if tabs.contains(.videos) {
                content.choices = BrowserFilter.Choices(events: try db.events().map { ($0.id, $0.name) },
                                                        topics: try db.topicGroups().flatMap(\.topics).map { ($0.id, $0.name) },
                                                        tracks: try db.tracks(), types: try db.sessionTypes(), platforms: try db.platformNames())
            }
            let downloaded = try db.downloadedSessionIDs()
            // A session of the current event by its number, as the commands name it (of the event
            // shown instead when the current one has none yet); another by its id.
            let current = emptyCurrent != nil ? event?.id : try SessionResolver.currentEvent(in: db)
            let number = { (id: String, number: Int?) -> String in
                guard let current, id.hasPrefix(current + "-") else { return id }
                return number.map(String.init) ?? String(id.dropFirst(current.count + 1))
            }

            let scheduled = tabs.contains(.schedule) ? try db.schedule(ScheduleQuery(eventIDs: ids)) : []
            // What starts next: the sessions of the first start after now.
            let next = scheduled.compactMap(\.startTime).filter { $0 > now }.min()
            content.schedule = scheduled.map { item in
                var when = ""
                if let start = item.startTime {
                    let local = zone.localTime(start, recordedOffset: item.utcOffset)
                    when = LocalDate.weekdayNames[local.date.weekday].prefix(3) + " " + local.clockText
                }
                let on = item.startTime.map { $0 <= now && now < (item.endTime ?? $0) } ?? false
                return BrowserRow(sessionID: item.sessionID,
                                  cells: [when, number(item.sessionID, item.number), item.title, item.type ?? "", item.trackOrTopic ?? "",
                                          item.room ?? "",
                                          BrowserRow.marks(favorite: item.isFavorite, watch: item.watch,
                                                           downloaded: downloaded.contains(item.sessionID), now: on,
                                                           next: next != nil && item.startTime == next)],
                                  title: 2)
            }

            content.videos = try (tabs.contains(.videos) ? db.videos(filter.query(content.choices)) : []).map { item in
                BrowserRow(sessionID: item.sessionID,
                           cells: [item.number.map(String.init) ?? item.sessionID, item.title, VideoTime.duration(item.duration), item.eventID,
                                   item.topic ?? "",
                                   BrowserRow.marks(favorite: item.isFavorite, watch: item.watch, downloaded: downloaded.contains(item.sessionID))],
                           title: 1)
            }

            content.downloads = try (tabs.contains(.downloads) ? db.downloadRecords() : []).map { record in
                var state = record.state.rawValue
                if !record.isComplete, let total = record.totalBytes, total > 0 {
                    state += " \(min(99, Int(record.bytesOnDisk * 100 / total)))%"
                }
                return BrowserRow(sessionID: record.item.sessionID,
                                  cells: [record.item.quality.label, record.item.title, state, record.isComplete ? "↓" : ""], title: 1)
            }

            // Explore: continue watching, what the last sync brought, recent favorites, what is on
            // now and next during the event, and the topics.
            guard tabs.contains(.explore) else { return content }
            var rows: [BrowserRow] = []
            if let emptyCurrent, let event {
                let name = { (event: EventSummary) in TextSanitizer.singleLine.sanitize(event.name) }
                rows.append(.heading("\(name(emptyCurrent)) has no sessions yet.", columns: 4, title: 1))
                rows.append(.heading("Shown: \(name(event)).", columns: 4, title: 1))
            }
            func section(_ title: String, _ items: [BrowserRow]) {
                guard !items.isEmpty else { return }
                rows.append(.heading(title, columns: 4, title: 1))
                rows += items
            }
            func row(_ id: String, _ title: String?, _ detail: String, favorite: Bool = false, watch: WatchMark? = nil) -> BrowserRow {
                BrowserRow(sessionID: id,
                           cells: [number(id, nil), title ?? id, detail,
                                   BrowserRow.marks(favorite: favorite, watch: watch, downloaded: downloaded.contains(id))],
                           title: 1)
            }

            section("Continue watching", try db.continueWatching(limit: 10).map { item in
                row(item.sessionID, item.title, item.duration.map { "of " + VideoTime.duration($0) } ?? "",
                    watch: .inProgress(item.progress))
            })
            if let (new, _) = try db.whatsNew() {
                let items = new.videos.map { ($0, "new video") } + new.sessions.map { ($0, "new session") }
                section("New since the last sync", items.prefix(20).map { item, kind in row(item.id, item.title, kind) })
            }
            let favorites = try db.favoriteList().sorted { $0.updatedAt > $1.updatedAt }.prefix(10)
            section("Recent favorites", favorites.map { row($0.sessionID, $0.title, "", favorite: true) })
            if let event, let start = event.startTime, let end = event.endTime, start <= now, now < end {
                let upcoming = try db.schedule(ScheduleQuery(eventIDs: [event.id], notEndedBefore: now, limit: 8))
                section("Live now · Up next", upcoming.map { item in
                    let on = (item.startTime ?? .infinity) <= now
                    return row(item.sessionID, item.title, on ? "on now" : "next", favorite: item.isFavorite, watch: item.watch)
                })
            }
            // The topics the event has sessions in; by track for the feeds before topics (2020).
            let topics = try db.topicGroups(eventIDs: ids).flatMap { $0.topics }.filter { $0.itemCount > 0 }
            section("Topics", topics.map { topic in
                BrowserRow(sessionID: nil, cells: ["", topic.name, Quantity.text(topic.itemCount, "session"), ""], title: 1)
            })
            if topics.isEmpty {
                section("Tracks", try db.trackCounts(eventIDs: ids).map { track in
                    BrowserRow(sessionID: nil, cells: ["", track.name, Quantity.text(track.items, "session"), ""], title: 1)
                })
            }
            content.explore = rows
            return content
        }
    }
}
