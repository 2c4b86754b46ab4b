import CommandLineKit
import ConferenceData
import ConferenceExport
import ConferenceMedia
import ConferenceModel
import ConferenceSync

/// The JSON OUTPUT section of the manual page: every `--json`, its fields written from the
/// documents the conference's targets define (`ScheduleItem.document`, ...), each with its type and
/// its line of doc. The README points here.
extension ManualPage {
    static let jsonIntro = "Field names are stable; every field is always present (null when unknown). Times are ISO 8601 with the offset of the zone shown (conference or --local); day is the calendar date in that zone."

    /// One command's JSON: what it prints (an object, or an array of them) and what else to know.
    struct JSONCommand {
        /// The command as it is typed, with `--json` and any other command printing the same.
        var heading: String
        /// Its document's fields; nil for a command described in words only.
        var fields: FieldType?
        var isList = true
        var note = ""
    }

    static let jsonCommands: [JSONCommand] = [
        JSONCommand(heading: "schedule --json", fields: ScheduleItem.document.type, note: "with --search, best match first."),
        JSONCommand(heading: "session --json", fields: SessionDetail.shownDocument.type, isList: false),
        JSONCommand(heading: "transcript --json", fields: SessionTranscript.document.type, isList: false,
                   note: "with --at, the paragraphs from that moment on."),
        JSONCommand(heading: "search --json", fields: SearchResult.document.type,
                   note: "best first; score is BM25 (−999 to 0; a title match: −999 plus its place, talks before labs, the current event first, then by session number) plus −6000 for a note or bookmark, −5000 for a title match, −4000 for another session, −3000 for a transcript line, −2000 for code, −1000 for news."),
        JSONCommand(heading: "news --json", fields: NewsItem.document.type, note: "newest first."),
        JSONCommand(heading: "photos --json", fields: FetchedPicture.document.type,
                   note: "pictures that could not be fetched are left out (and said on stderr)."),
        JSONCommand(heading: "videos --json", fields: VideoItem.document.type),
        JSONCommand(heading: "continue --json", fields: ContinueItem.document.type, note: "most recent first."),
        JSONCommand(heading: "bookmark list --json", fields: BookmarkItem.document.type, note: "by session, each session's in time order."),
        JSONCommand(heading: "share --json", fields: SharedLink.document.type, isList: false),
        JSONCommand(heading: "export --json", fields: PersonalExport.document.type, isList: false,
                   note: "a member for each list asked for (--favorites, --bookmarks, --notes, --history; all four when none is named), every event's. --csv writes one list, its fields as the columns."),
        JSONCommand(heading: "downloads --json (and download --json)", fields: DownloadRecord.document.type),
        JSONCommand(heading: "topics --json", fields: TopicGroup.document.type, note: "the topic categories, in the feed's order."),
        JSONCommand(heading: "articles --json", fields: ArticleItem.document.type),
        JSONCommand(heading: "favorite list --json", fields: FavoriteItem.document.type),
        JSONCommand(heading: "feedback --list --json", fields: FeedbackItem.document.type),
        JSONCommand(heading: "whoami --json", fields: AccountClient.User.document.type, isList: false),
        JSONCommand(heading: "whatsnew --json", fields: WhatsNew.document.type, isList: false,
                   note: "what the last sync that found something new found, and when it ran."),
        JSONCommand(heading: "remind --json", fields: ScheduleItem.reminder.type, note: "the favorites starting within --within, soonest first."),
        JSONCommand(heading: "sync --json", fields: SyncSummary.document.type, isList: false, note: "also when the sync fails, with its error and hint."),
    ]

    /// The section's roff: for each command, a bullet with its document's outline (`{id, video:
    /// {duration, …}, bookmarks: [{…}]}`), then a line for each field, nested ones by their path.
    static var jsonOutputSection: [String] {
        [escaped(jsonIntro)] + jsonCommands.flatMap { output -> [String] in
            guard let fields = output.fields?.shown(in: .commandLine) else {
                return [".IP \\(bu 2", escaped(output.heading + ": " + output.note)]
            }
            let outline = (output.isList ? "an array of " : "") + Self.outline(fields)
            let lines = Self.fieldLines(fields, path: "")
            return [".IP \\(bu 2", escaped(output.heading + ": " + outline + (output.note.isEmpty ? "." : "; " + output.note)), ".RS 2"]
                + lines.enumerated().flatMap { index, line in (index > 0 ? [".br"] : []) + [line] } + [".RE"]
        }
    }

    /// `{id, title, video: {duration, stream}, bookmarks: [{number, time}]}`: the names, nested objects inside.
    static func outline(_ type: FieldType) -> String {
        switch type {
        case let .object(members):
            "{" + members.map { member in
                switch member.type {
                case .object, .array(.object): member.name + ": " + outline(member.type)
                default: member.name
                }
            }.joined(separator: ", ") + "}"
        case let .array(items): "[" + outline(items) + "]"
        default: ""
        }
    }

    /// A line for each field: its path (`video.duration`, `bookmarks[].note`) in bold, its type and its doc.
    static func fieldLines(_ type: FieldType, path: String) -> [String] {
        guard case let .object(members) = type else {
            if case let .array(items) = type { return fieldLines(items, path: path + "[]") }
            if case let .map(values) = type { return fieldLines(values, path: path + ".<name>") }
            return []
        }
        return members.flatMap { member -> [String] in
            let name = path.isEmpty ? member.name : path + "." + member.name
            let line = "\\fB" + escaped(name) + "\\fR " + escaped("(" + typeName(member.type) + (member.nullable ? " or null" : "") + "): " + member.doc)
            return [line] + fieldLines(member.type, path: name)
        }
    }

    static func typeName(_ type: FieldType) -> String {
        switch type {
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "true or false"
        case .object, .map: "object"
        case let .array(items): "list of " + typeName(items).replacingOccurrences(of: "true or false", with: "boolean") + "s"
        }
    }
}
