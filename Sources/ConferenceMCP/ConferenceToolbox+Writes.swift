import ConferenceKit
import Foundation
import MCPServer
import Operations
import PlainText

/// The tools that change the store, offered only when writes are allowed: through the same
/// operation and outbox as 'wwdc favorite add|remove'.
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
             inputSchema: Tool.schema(["id": Self.sessionArgument], required: ["id"]), readOnly: false) { [self] arguments, context in
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
}
