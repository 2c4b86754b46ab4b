import JSON
import ConferenceMedia
import ConferenceSync
import PersonalSync
import Foundation
import MCPServer
import Operations
import PlainText

/// The tools that change the store, offered only when writes are allowed: through the same
/// operations and outbox as 'wwdc favorite add|remove', 'wwdc bookmark add', 'wwdc note' and
/// 'wwdc watched'.
extension ConferenceToolbox {
    var addFavoriteTool: Tool { favoriteTool(true) }
    var removeFavoriteTool: Tool { favoriteTool(false) }

    private func favoriteTool(_ favorite: Bool) -> Tool {
        Tool(name: favorite ? "add_favorite" : "remove_favorite", title: favorite ? "Add a favorite" : "Remove a favorite",
             description: """
             \(favorite ? "Marks a session as a favorite" : "Removes a session from the favorites"), as \
             'wwdc favorite \(favorite ? "add" : "remove")' does: saved here at once, then uploaded to the user's \
             account when logged in (a login cannot be asked for here: when none is saved, the change waits and the \
             result says to run 'wwdc login').
             """,
             inputSchema: Tool.schema(["id": Self.sessionArgument], required: ["id"]), outputSchema: ResultSchema.favoriteChange,
             readOnly: false) { [self] arguments, context in
            try changeFavorite(arguments.string("id") ?? "", favorite: favorite, context: context)
        }
    }

    private func changeFavorite(_ input: String, favorite: Bool, context: RequestContext) throws -> ToolResult {
        let store = try store()
        let id = try store.read { db in try ConferenceLookup.sessionID(input, in: db) }
        let account = settings.account
        let change = ChangeFavoritesOperation(sessionIDs: [id], favorite: favorite, store: store, at: settings.now(),
                                              account: { try account(store) }, interaction: nil)
        let queue = AdvancedOperationQueue()
        queue.name = "mcp favorite"
        let errors = queue.run([change])
        if let error = OperationError.rootCause(in: errors) { throw error }
        let label = change.labels.first ?? TextSanitizer.singleLine.sanitize(id)
        var result: [String: JSONValue] = ["id": .string(label), "favorite": .bool(favorite)]
        guard !change.unchangedSessionIDs.contains(id) else {
            result["changed"] = false
            result["message"] = .string(favorite ? "\(label) is already a favorite." : "\(label) was not a favorite.")
            return .json(.object(result))
        }
        result["changed"] = true
        let saved = favorite ? "Saved \(label) as a favorite" : "Removed \(label) from the favorites"
        guard change.hasAccountService else {
            result["uploaded"] = false
            result["message"] = .string(saved + ". This source has no account service: the change stays on this machine.")
            return .json(.object(result))
        }
        let pending = try store.read { try $0.outbox() }.contains { $0.sessionID == id }
        result["uploaded"] = .bool(!pending)
        if !pending {
            result["message"] = .string(saved + " and uploaded it to the account.")
        } else {
            let refused: (any Error)? = change.upload?.result.refused.first { $0.entry.sessionID == id }?.error
            let reason = (refused ?? change.uploadFailure).map(describe) ?? "It was not uploaded."
            let login = reason.contains("wwdc login") ? "" : " A login cannot be asked for here: if the user is not logged in, they run 'wwdc login', then 'wwdc sync' uploads it."
            result["message"] = .string(saved + " here; it is pending upload. " + reason + login)
        }
        return .json(.object(result))
    }

    var addBookmarkTool: Tool {
        Tool(name: "add_bookmark", title: "Add a bookmark",
             description: "Bookmarks a moment of a session's video with a note (as 'wwdc bookmark add'): at 'at' seconds, or at the user's saved position when 'at' is left out.",
             inputSchema: Tool.schema([
                "id": Self.sessionArgument,
                "at": ["type": "number", "minimum": 0, "description": "Seconds into the video (a search hit's 'at'); default: the saved position."],
                "note": ["type": "string", "description": "What to remember about that moment."],
             ], required: ["id"]),
             outputSchema: ResultSchema.personalChange, readOnly: false) { [self] arguments, _ in
            try changePersonal(arguments.string("id") ?? "") { .addBookmark(session: $0, time: arguments.number("at"), note: arguments.string("note") ?? "") }
        }
    }

    var setNoteTool: Tool {
        Tool(name: "set_note", title: "Set a note",
             description: "Sets the user's note on a session (as 'wwdc note'), replacing the one it had; an empty text removes it.",
             inputSchema: Tool.schema([
                "id": Self.sessionArgument,
                "text": ["type": "string", "description": "The note (Markdown welcome); empty removes it."],
             ], required: ["id", "text"]),
             outputSchema: ResultSchema.personalChange, readOnly: false) { [self] arguments, _ in
            try changePersonal(arguments.string("id") ?? "") { .setNote(session: $0, text: arguments.string("text") ?? "") }
        }
    }

    var markWatchedTool: Tool {
        Tool(name: "mark_watched", title: "Mark watched",
             description: "Marks a session's video as watched (as 'wwdc watched'), or, with watched false, as not watched (its position forgotten).",
             inputSchema: Tool.schema([
                "id": Self.sessionArgument,
                "watched": ["type": "boolean", "description": "false marks it not watched (default true)."],
             ], required: ["id"]),
             outputSchema: ResultSchema.personalChange, readOnly: false) { [self] arguments, _ in
            try changePersonal(arguments.string("id") ?? "") { arguments.bool("watched") == false ? .markUnwatched([$0]) : .markWatched([$0]) }
        }
    }

    /// Makes the edit `make` gives for the session `input` names, through the personal data's
    /// operation (saved here, then pushed to the backends), and says what it did.
    private func changePersonal(_ input: String, _ make: (String) -> PersonalEdit) throws -> ToolResult {
        let store = try store()
        let id = try store.read { db in try ConferenceLookup.sessionID(input, in: db) }
        let edit = make(id)
        let change = ChangePersonalDataOperation(edit: edit, store: store, at: settings.now(), backends: try settings.personalBackends())
        let queue = AdvancedOperationQueue()
        queue.name = "mcp personal data"
        if let error = OperationError.rootCause(in: queue.run([change])) { throw error }
        guard let outcome = change.results.first else { throw CancellationError() }
        let label = change.labels.first ?? TextSanitizer.singleLine.sanitize(id)
        var result: [String: JSONValue] = ["id": .string(label), "changed": .bool(outcome.changed)]
        let message: String
        switch edit {
        case .addBookmark:
            let number = outcome.bookmark?.number
            let time = outcome.bookmark?.bookmark.time
            result["number"] = JSONValue(number)
            result["time"] = JSONValue(time)
            result["command"] = time.map { .string(ConferenceLookup.watchCommand(id, at: $0)) } ?? .null
            let link = try store.read { db in try db.sessionLink(id: id) }
            result["link"] = JSONValue(time.flatMap { link?.address(moment: $0) })
            message = "Bookmarked \(label)" + (time.map { " at " + ConferenceLookup.timestamp($0) } ?? "") + (number.map { " (bookmark \($0))." } ?? ".")
        case let .setNote(_, text):
            message = !outcome.changed ? "\(label)'s note is already so." : text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                ? "Removed the note of \(label)." : "Saved the note of \(label)."
        case .markWatched:
            message = outcome.changed ? "Marked \(label) as watched." : "\(label) is already marked as watched."
        case .markUnwatched:
            message = outcome.changed ? "Marked \(label) as not watched." : "\(label) was not marked as watched."
        default:
            message = "Saved."
        }
        let failures = change.pushFailures.map { "Not sent to \($0.backend) yet (\(describe($0.error))); it goes with the next change or sync." }
        result["message"] = .string(([message] + failures).joined(separator: " "))
        return .json(.object(result))
    }
}
