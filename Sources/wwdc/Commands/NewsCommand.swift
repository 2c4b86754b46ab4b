import CommandLineKit
import PlainText
import ConferenceData
import ConferenceModel
import Foundation
import TerminalUI

/// `wwdc news`: the conference news, newest first.
enum NewsCommand {
    static let spec = CommandSpec(
        path: "news",
        abstract: "Show the conference news, newest first.",
        discussion: "The items of the news feed and, for feeds from 2020 on, the articles of the event 'news', with their links.",
        options: [SharedOptions.local, SharedOptions.json, SharedOptions.limit, SharedOptions.noPager, SharedOptions.db],
        examples: [
            ("wwdc news", "Every news item, newest first."),
            ("wwdc news --limit 3 --local", "The three latest, dated in this machine's time zone."),
            ("wwdc news --json", "As JSON."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let zone = BrowseSupport.zone(local: arguments[SharedOptions.local])
        let limit = arguments[SharedOptions.limit]
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let (items, offset) = try store.read { db -> ([NewsItem], Int?) in
            (try db.news(limit: limit), try db.events().first?.utcOffset)
        }
        return try Listing.print(items, json: arguments[SharedOptions.json], context: context, paging: Paging.isWanted(arguments),
                                 row: { NewsItem.document.json(Timed($0, utcOffset: offset), .commandLine(zone: zone)) }, empty: { ["No news yet."] }) { items in
            render(items, zone: zone, offset: offset, width: context.outputWidth, style: context.outputStyle, links: context.outputLinks)
        }
    }

    /// Each item: its date and title, then its body indented (wrapped on a terminal).
    static func render(_ items: [NewsItem], zone: TimeZoneChoice, offset: Int?, width: Int?, style: Style,
                       links: Hyperlinks = .plain) -> String {
        // The zone the dates are in, once at the top.
        let reference = items.compactMap(\.timestamp?.secondsSince1970).first ?? 0
        var out = [style.bold("News (" + zone.label(at: reference, recordedOffset: offset) + ")")]
        for item in items {
            out.append("")
            var heading = style.bold(BrowseSupport.cell(item.title))
            if let seconds = item.timestamp?.secondsSince1970 {
                let time = zone.localTime(seconds, recordedOffset: offset)
                heading = style.dim(time.date.shortText + " " + time.clockText) + "  " + heading
            }
            out.append(heading)
            let body = item.body ?? ""
            if !body.isEmpty {
                if let width {
                    out += body.wrapped(width: max(20, width - 2)).map { $0.isEmpty ? "" : "  " + $0 }
                } else {
                    out += body.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
                }
            }
            if let url = item.url {
                // An address is never wrapped: cut, it would no longer work when copied.
                out.append("  " + style.dim(links.link(BrowseSupport.cell(url))))
            }
            if !item.photos.isEmpty {
                out.append(style.dim("  (" + Quantity.text(item.photos.count, "photo") + ")"))
            }
        }
        return out.joined(separator: "\n") + "\n"
    }
}
