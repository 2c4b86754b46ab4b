import CommandLineKit
import ConferenceData
import PersonalSync
import Foundation
import PlainText
import TerminalUI

/// `wwdc bookmark add|list|remove`: moments of a session's video, each with a note.
enum BookmarkCommand {
    static let note = Option.text("note", value: "text", help: "A note to keep with the bookmark (searched by 'wwdc search').")
    static let at = Option.time("at", value: "time", help: "The moment: seconds (754), M:SS (12:34) or H:MM:SS (default: where you stopped watching).")

    static let onlySession = Argument.optionalText("session", help: "Only this session's bookmarks.", completion: .sessionIDs)
    static let number = Argument.number("number", help: "Which bookmark, from 1 (as 'wwdc bookmark list' numbers them).", from: 1)

    static let add = CommandSpec(
        path: "bookmark add",
        abstract: "Bookmark a moment of a session's video, with a note.",
        discussion: """
        The moment is --at, else the position where you stopped watching. A session's bookmarks are \
        numbered 1, 2, … in time order; 'wwdc bookmark list' shows them with the command that plays \
        from each.
        """,
        options: [at, note, SharedOptions.db, SharedOptions.trace],
        arguments: [SharedArguments.session],
        examples: [("wwdc bookmark add 102 --at 12:34 --note 'the new macro'", ""),
                   ("wwdc bookmark add 102", "Where you stopped watching.")])

    static let list = CommandSpec(
        path: "bookmark list",
        abstract: "List your bookmarks, of one session or of all, with the command that plays from each.",
        options: [SharedOptions.json.help("Print JSON: an array of {id, title, number, time, note, createdAt}."),
                  SharedOptions.limit, SharedOptions.noPager, SharedOptions.db],
        arguments: [onlySession],
        examples: [("wwdc bookmark list", "Every bookmark, by session."), ("wwdc bookmark list 102 --json", "")],
        aliases: ["ls"])

    static let remove = CommandSpec(
        path: "bookmark remove",
        abstract: "Remove a bookmark of a session, by its number.",
        options: [SharedOptions.db, SharedOptions.trace],
        arguments: [SharedArguments.session.help("A session id, number or link."), number],
        examples: [("wwdc bookmark remove 102 2", "The second bookmark of session 102."), ("wwdc bookmark rm 102 1", "")],
        aliases: ["rm"])

    static let group = CommandSpec(
        path: "bookmark",
        abstract: "Add, list and remove bookmarks: moments of a session's video, with notes.",
        discussion: "With no subcommand, lists them: 'wwdc bookmark' is 'wwdc bookmark list'.",
        examples: [("wwdc bookmark add 102 --at 12:34 --note 'the new macro'", ""), ("wwdc bookmark", "Every bookmark, by session.")],
        subcommands: [add, list, remove], defaultSubcommand: "list")

    static func runGroup(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        throw UsageError("Missing subcommand", spec: group, hint: "Use 'wwdc bookmark add', 'list' or 'remove'.")
    }

    static func runAdd(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let id = try PersonalDataSupport.sessions([arguments[SharedArguments.session]], storePath: arguments[SharedOptions.db], context)[0]
        let edit = PersonalEdit.addBookmark(session: id, time: arguments[at].map(Double.init), note: arguments[note] ?? "")
        let (results, labels) = try PersonalDataSupport.change(edit, storePath: arguments[SharedOptions.db], runner: OperationRunner(arguments, context: context), context)
        guard let added = results.first?.bookmark, let label = labels.first else { return .success }
        context.message("Bookmarked \(label) at \(VideoTime.text(added.bookmark.time)) (bookmark \(added.number)).")
        return .success
    }

    static func runRemove(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let number = arguments[number]
        let id = try PersonalDataSupport.sessions([arguments[SharedArguments.session]], storePath: arguments[SharedOptions.db], context)[0]
        let (results, labels) = try PersonalDataSupport.change(.removeBookmark(session: id, number: number), storePath: arguments[SharedOptions.db],
                                                               runner: OperationRunner(arguments, context: context), context)
        guard let removed = results.first?.bookmark, let label = labels.first else { return .success }
        let note = TextSanitizer.singleLine.sanitize(removed.bookmark.note)
        context.message("Removed bookmark \(removed.number) of \(label) (\(VideoTime.text(removed.bookmark.time))"
                        + (note.isEmpty ? ")." : " “\(note)”)."))
        return .success
    }

    static func runList(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let items = try store.read { db -> [BookmarkItem] in
            let session = try arguments[onlySession].map { try BrowseSupport.session($0, in: db, context) }
            return try db.bookmarkList(sessionID: session, limit: arguments[SharedOptions.limit])
        }
        let style = context.outputStyle
        return try Listing.print(items, json: arguments[SharedOptions.json], context: context, paging: Paging.isWanted(arguments), row: { BookmarkItem.document.json($0, .commandLine()) },
                                 empty: { ["No bookmarks yet. Add one with 'wwdc bookmark add <session> --at TIME'."] }) { items in
            var out: [String] = []
            var session: String?
            for item in items {
                if item.sessionID != session {
                    if session != nil { out.append("") }
                    session = item.sessionID
                    out.append(style.bold(item.sessionID) + "  " + (item.title ?? "(no longer in the feed)"))
                }
                let line = "  \(item.number). \(VideoTime.text(item.time))" + (item.note.isEmpty ? "" : "  " + item.note)
                out.append(context.outputWidth.map { line.truncated(toWidth: $0) } ?? line)
                out.append("     " + style.dim(PersonalDataSupport.playCommand(item.sessionID, at: item.time)))
            }
            return out.joined(separator: "\n") + "\n"
        }
    }
}
