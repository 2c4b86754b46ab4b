import CommandLineKit
import ConferenceData
import Foundation
import PlainText
import SQLiteDatabase
import TerminalUI

/// `wwdc whatsnew`: what the last sync that found something new found, in full.
enum WhatsNewCommand {
    static let spec = CommandSpec(
        path: "whatsnew",
        abstract: "Show what the last sync found new: videos, sessions, news, and favorites that moved.",
        discussion: """
        Every sync compares what it saved with what was there: sessions that now have a video, new \
        sessions, new news, and favorites whose time or room changed. This lists what the last sync that \
        found something found, with when it ran; a sync that finds nothing keeps the list. The first sync \
        into an empty store finds nothing new: everything is.
        """,
        options: [SharedOptions.local, SharedOptions.json, SharedOptions.noPager, SharedOptions.db],
        examples: [
            ("wwdc whatsnew", "What the last sync brought."),
            ("wwdc whatsnew --json | jq -r '.videos[].id'", "The ids of the new videos."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let zone = BrowseSupport.zone(local: arguments[SharedOptions.local])
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let (found, slots) = try store.read { db -> ((list: WhatsNew, syncedAt: Date)?, [String: ScheduleItem]) in
            let found = try db.whatsNew()
            var slots: [String: ScheduleItem] = [:]
            if let moved = found?.list.favoritesChanged, !moved.isEmpty {
                for item in try db.schedule(ScheduleQuery(favoritesOnly: true)) { slots[item.sessionID] = item }
            }
            return (found, slots)
        }
        if arguments[SharedOptions.json] {
            let document = WhatsNew.Found(list: found?.list ?? WhatsNew(), syncedAt: found?.syncedAt)
            context.output(try JSONOutput.encode(WhatsNew.document.json(document, .commandLine())) + "\n")
            return .success
        }
        guard let found else {
            context.message("Nothing new yet: no sync has found anything since the first, which brought the whole conference ('wwdc schedule').")
            return .success
        }
        Paging.output(render(found.list, syncedAt: found.syncedAt, slots: slots, zone: zone, width: context.outputWidth, style: context.outputStyle),
                      context: context, enabled: Paging.isWanted(arguments))
        return .success
    }

    static let headings: [WhatsNew.Kind: String] = [.videos: "New videos", .sessions: "New sessions", .news: "News",
                                                    .favoritesChanged: "Favorites moved"]

    static func render(_ list: WhatsNew, syncedAt: Date, slots: [String: ScheduleItem], zone: TimeZoneChoice, width: Int?,
                       style: Style) -> String {
        let seconds = syncedAt.timeIntervalSince1970
        let time = TimeZoneChoice.local.localTime(seconds, recordedOffset: nil)
        var out = [style.bold("New in the sync of \(time.date.shortText) \(time.clockText) (\(TimeZoneChoice.local.label(at: seconds, recordedOffset: nil)))")]
        for kind in WhatsNew.Kind.allCases where !list[kind].isEmpty {
            out.append("")
            out.append(style.bold("\(headings[kind] ?? kind.rawValue) (\(list[kind].count))"))
            let rows = list[kind].map { item -> [String] in
                var title = BrowseSupport.cell(item.title)
                if kind == .favoritesChanged { title += "  " + slotText(slots[item.id], zone: zone) }
                return ["  " + BrowseSupport.cell(item.id), title]
            }
            out.append(Listing.columns(rows, width: width).trimmingCharacters(in: .newlines))
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// "now Tue, June 9 10:00–11:45, Hall A", or "now not scheduled".
    static func slotText(_ item: ScheduleItem?, zone: TimeZoneChoice) -> String {
        guard let item, let start = item.startTime else { return "now not scheduled" }
        let local = zone.localTime(start, recordedOffset: item.utcOffset)
        var text = "now " + local.date.shortText + " " + local.clockText
        if let end = item.endTime { text += "–" + zone.localTime(end, recordedOffset: item.utcOffset).clockText }
        if let room = item.room { text += ", " + BrowseSupport.cell(room) }
        return text
    }
}
