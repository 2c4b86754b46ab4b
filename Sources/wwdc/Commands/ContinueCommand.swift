import CommandLineKit
import ConferenceData
import ConferenceModel
import ConferenceTerminal
import Foundation
import PlainText
import TerminalUI

/// `wwdc continue`: the videos you are in the middle of, most recent first.
enum ContinueCommand {
    static let spec = CommandSpec(
        path: "continue",
        abstract: "List the videos you are in the middle of, most recent first, with the command that resumes each.",
        discussion: """
        Each video shows how far you got (a bar on a terminal), the position and the duration, when \
        you last played it, and the command that plays it from there. A video played to its end, or \
        marked with 'wwdc watched', is no longer listed.
        """,
        options: [SharedOptions.json.help("Print JSON: an array of {id, title, position, duration, progress, updatedAt}."),
                  SharedOptions.limit, SharedOptions.noPager, SharedOptions.db],
        examples: [("wwdc continue", ""), ("wwdc continue --limit 1", "The last one."),
                   ("wwdc continue --json | jq -r '.[0].id'", "The id of the last one.")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let items = try store.read { try $0.continueWatching(limit: arguments[SharedOptions.limit]) }
        let style = context.outputStyle
        let now = context.now
        return try Listing.print(items, json: arguments[SharedOptions.json], context: context, paging: Paging.isWanted(arguments), row: { ContinueItem.document.json($0, .commandLine()) },
                                 empty: { ["Nothing in progress. Play a video with 'wwdc watch <session>'."] }) { items in
            render(items, width: context.outputWidth, style: style, now: now)
        }
    }

    /// Three lines a video: id and title; how far (a bar on a terminal), position / duration and
    /// when; the command that resumes. Written into one string (a long list is thousands of lines).
    /// On a terminal (`width`) the title is cut to the width and the second line breaks only
    /// between its parts, so that none is split.
    static func render(_ items: [ContinueItem], width: Int?, style: Style, now: Date) -> String {
        var out = ""
        out.reserveCapacity(items.count * 128)
        for item in items {
            let heading = item.sessionID + "  " + (item.title ?? "(no longer in the feed)")
            let cut = width.map { heading.truncated(toWidth: $0) } ?? heading
            out += style.bold(String(cut.prefix(item.sessionID.count)))
            out += cut.dropFirst(item.sessionID.count)
            var parts: [String] = []
            if let share = item.progress {
                let percent = String(Int((share * 100).rounded(.down))) + "%"
                parts.append(width == nil ? percent : WatchMark.bar(share) + " " + percent)
            }
            var position = item.position.map(VideoTime.text) ?? "position unknown"
            if let duration = item.duration { position += " / " + VideoTime.duration(duration) }
            parts.append(position)
            parts.append(RelativeTime.text(item.updatedAt, now: now))
            out += "\n"
            if let width {
                out += parts.lines(separator: "  ", width: width, indent: "  ").joined(separator: "\n")
            } else {
                out += "  " + parts.joined(separator: "  ")
            }
            out += "\n  "
            out += style.dim(PersonalDataSupport.playCommand(item.sessionID, at: item.position))
            out += "\n"
        }
        return out
    }
}
