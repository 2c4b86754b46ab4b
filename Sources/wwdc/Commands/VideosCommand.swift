import CommandLineKit
import ConferenceData
import ConferenceModel
import ConferenceTerminal
import Foundation
import PlainText
import TerminalUI

/// `wwdc videos`: the sessions with a recording.
enum VideosCommand {
    static let search = SharedOptions.search.help("Only videos matching these words, best first; a number finds that session.")
    static let downloaded = Option.flag("downloaded", help: "Only videos downloaded with 'wwdc download' (playable offline).")
    static let notDownloaded = Option.flag("not-downloaded", help: "Only videos not downloaded yet.")
    static let bookmarked = Option.flag("bookmarked", help: "Only videos you bookmarked a moment of (see 'wwdc bookmark').")
    static let watched = Option.flag("watched", help: "Only videos you watched (marked ✓).")
    static let unwatched = Option.flag("unwatched", help: "Only videos you have not watched (never played, or in progress).")
    static let inProgress = Option.flag("in-progress", help: "Only videos you are in the middle of (see 'wwdc continue').")
    static let rated = Option.flag("rated", help: "Only videos you rated (with 'wwdc feedback', here or on a machine sharing your sync folder).")

    static let spec = CommandSpec(
        path: "videos",
        abstract: "List the sessions with a video: duration, HD/SD availability, ↓ when downloaded, ✓ or how far when watched.",
        discussion: """
        Newest event first; within an event, scheduled sessions by number and the others (every video \
        since 2020) by publishing date. --search puts the best matches first, those with the words in \
        their title before the others. A video you watched is marked ✓, one you are in the middle of \
        with how far you got (42%).
        """,
        options: [SharedOptions.event, search, SharedOptions.favorites, downloaded, notDownloaded, watched, unwatched, inProgress, rated,
                  bookmarked, SharedOptions.track, SharedOptions.topic, SharedOptions.type, SharedOptions.platform,
                  SharedOptions.json, SharedOptions.limit,
                  SharedOptions.noPager, SharedOptions.db],
        examples: [
            ("wwdc videos", "The current event's videos."),
            ("wwdc videos --event all --search metal", "Videos about Metal from every event, best first."),
            ("wwdc videos --event 2025 --json", "Another event's videos, as JSON."),
            ("wwdc videos --event wwdc2019 --topic swift", "One event's videos about a topic."),
            ("wwdc videos --downloaded --event all", "Every video on disk, to watch offline."),
            ("wwdc videos --unwatched --topic swift", "What is left to see about Swift."),
            ("wwdc videos --platform visionOS --not-downloaded", "visionOS videos still to download."),
            ("wwdc videos --rated --event all", "Every video you rated."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let limit = arguments[SharedOptions.limit]
        let filters: [(Option<Bool>, WatchFilter)] = [(watched, .watched), (unwatched, .unwatched), (inProgress, .inProgress)]
        let chosen = filters.filter { arguments[$0.0] }
        if chosen.count > 1 {
            throw UsageError("--\(chosen[0].0.long) and --\(chosen[1].0.long) cannot be combined: give one", spec: spec)
        }
        if arguments[downloaded] && arguments[notDownloaded] {
            throw UsageError("--\(downloaded.long) and --\(notDownloaded.long) cannot be combined: give one", spec: spec)
        }
        try BrowseSupport.checkSearch(arguments[search], spec: spec)
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let (items, events, explanation) = try store.read { db -> ([VideoItem], [EventSummary], String?) in
            let (eventIDs, primary) = try FilterNames.events(arguments[SharedOptions.event], in: db)
            let downloads = try db.downloadedSessionIDs()
            let onlyDownloaded = arguments[downloaded]
            var query = VideoQuery(eventIDs: eventIDs, search: arguments[search], favoritesOnly: arguments[SharedOptions.favorites], limit: limit)
            (query.trackIDs, query.topicIDs, query.types, query.platforms) = try BrowseSupport.namedFilters(
                tracks: arguments[SharedOptions.track], topics: arguments[SharedOptions.topic], types: arguments[SharedOptions.type],
                platforms: arguments[SharedOptions.platform], in: db)
            query.watchFilter = chosen.first?.1
            query.ratedOnly = arguments[rated]
            query.bookmarkedOnly = arguments[bookmarked]
            query.downloaded = onlyDownloaded ? true : arguments[notDownloaded] ? false : nil
            let items = try db.videos(query).map { item in
                var item = item
                item.isDownloaded = downloads.contains(item.sessionID)
                return item
            }
            // An event with no videos at all: no filter could match, so say where the videos are.
            if items.isEmpty, eventIDs?.count == 1, let primary, try db.eventContents(primary.id).videos == 0 {
                var explanation = "\(BrowseSupport.cell(primary.name)) has no videos yet."
                if let latest = try db.latestEventWithVideos() {
                    let filter = (chosen.first.map { " --\($0.0.long)" } ?? (onlyDownloaded ? " --\(downloaded.long)" : ""))
                        + (query.ratedOnly ? " --\(rated.long)" : "")
                    explanation += " The latest: wwdc videos\(filter) --event \(ShellWord.word(latest)) (or --event all)."
                }
                return ([], [], explanation)
            }
            if items.isEmpty, onlyDownloaded {
                return ([], [], "No downloaded videos match. Download one with 'wwdc download <session>'.")
            }
            if items.isEmpty, query.bookmarkedOnly {
                return ([], [], "No bookmarked videos match. Bookmark a moment with 'wwdc bookmark add <session> --at TIME'.")
            }
            if items.isEmpty, query.ratedOnly, query.watchFilter == nil {
                return ([], [], "No rated videos match. Rate one with 'wwdc feedback <session>'.")
            }
            if items.isEmpty, let filter = query.watchFilter {
                return ([], [], filter == .watched ? "No watched videos match. Mark one with 'wwdc watched <session>'."
                            : filter == .inProgress ? "No videos in progress match." : "No unwatched videos match.")
            }
            return (items, try db.events(), nil)
        }
        return try Listing.print(items, json: arguments[SharedOptions.json], context: context, paging: Paging.isWanted(arguments),
                                 row: { VideoItem.document.json($0, .commandLine()) }, empty: { [explanation ?? "No videos match."] }) { items in
            render(items, events: events, search: arguments[search], width: context.outputWidth, style: context.outputStyle)
        }
    }

    /// A heading per event (one ranked list with a search), then number, duration, qualities, title, type.
    static func render(_ items: [VideoItem], events: [EventSummary], search: String?, width: Int?, style: Style) -> String {
        let current = events.first?.id
        let names = Dictionary(events.map { ($0.id, BrowseSupport.cell($0.name)) }, uniquingKeysWith: { first, _ in first })
        let showsMark = items.contains(where: \.isFavorite)
        let showsWatch = items.contains { $0.watch != nil }
        // Videos without a time are listed by publishing date: show it.
        let showsDate = items.contains(where: \.isPublishingDate)
        var rows: [[String]] = []
        var headings: [Int: String] = [:]
        var lastEvent: String?
        for item in items {
            if let search {
                if rows.isEmpty { headings[0] = "Best matches for “\(BrowseSupport.cell(search))”" }
            } else if item.eventID != lastEvent {
                headings[rows.count] = names[item.eventID] ?? item.eventID
                lastEvent = item.eventID
            }
            let number = item.eventID == current ? item.number.map(String.init) ?? item.sessionID : item.sessionID
            let qualities = [item.hdURL.map { _ in "HD" }, item.sdURL.map { _ in "SD" }].compactMap { $0 }.joined(separator: " ")
                + (item.isDownloaded ? " ↓" : "")
            var row = [item.isFavorite ? "★" : " "]
            if showsWatch { row.append(item.watch?.text ?? "") }
            row.append(number)
            if showsDate {
                row.append(item.date.map { TimeZoneChoice.conference.localTime($0, recordedOffset: item.utcOffset).date.shortText } ?? "")
            }
            row += [VideoTime.duration(item.duration), qualities.isEmpty ? (item.streamURL == nil ? "" : "stream") : qualities,
                    BrowseSupport.cell(item.title), BrowseSupport.cell(item.type), BrowseSupport.cell(item.topic)]
            rows.append(row)
        }
        var columns: [TableLayout.Column] = [.init(minimum: 1)]
        if showsWatch { columns.append(.init(minimum: 1, alignRight: true)) }
        columns.append(.init(alignRight: true))
        // A date is shown whole or not at all.
        if showsDate { columns.append(.init(minimum: 12, dropOrder: 3)) }
        // Titles get the room first: the type goes first (it says little that the title does not),
        // then the date, then the topic, then the qualities (never cut: "HD SD ↓" whole or gone).
        columns += [.init(alignRight: true), .init(minimum: 7, dropOrder: 1), .init(flexible: true),
                    .init(minimum: 5, dropOrder: 4), .init(minimum: 8, dropOrder: 2)]
        var layout = TableLayout(columns: columns)
        layout.markColumn(of: &rows, shown: showsMark)
        let indent = "  "
        let titleColumn = layout.columns.count - 3
        let watchColumn = showsWatch ? (showsMark ? 1 : 0) : nil
        let paint: (Int, String) -> String = { column, text in
            if showsMark && column == 0 { return style.yellow(text) }
            if column == watchColumn { return style.green(text) }
            return column == titleColumn ? text : style.dim(text)
        }
        return layout.render(rows, headings: headings, indent: indent, width: width, heading: style.bold, paint: paint)
    }
}
