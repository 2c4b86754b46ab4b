import PlainText
import ConferenceKit
import Foundation
import Operations
import TerminalUI

/// `wwdc favorite add|remove|list`.
enum FavoriteCommand {
    static let add = CommandSpec(
        path: "favorite add",
        abstract: "Mark sessions as favorites: saved here at once, then uploaded to your account.",
        discussion: """
        The favorite is written to the store first, so it is never lost. Uploading needs a login (asked \
        for when needed), a registered developer account and cloud access; offline or with the server \
        down, it stays pending and the next sync or favorite command uploads it.
        """,
        options: AccountSupport.loginOptions + [AccountSupport.dbOption, AccountSupport.traceOption],
        arguments: [.init(name: "session", help: "Session ids (wwdc2026-101), numbers in the current event (101) or developer.apple.com links.", variadic: true)],
        examples: [("wwdc favorite add 101", "Favorite session 101 of the current event."),
                   ("wwdc favorite add wwdc2026-101 wwdc2026-102", "")])

    static let remove = CommandSpec(
        path: "favorite remove",
        abstract: "Remove sessions from your favorites (here at once, then on your account).",
        options: AccountSupport.loginOptions + [AccountSupport.dbOption, AccountSupport.traceOption],
        arguments: [.init(name: "session", help: "Session ids, numbers or links.", variadic: true)],
        examples: [("wwdc favorite remove 101", "")])

    static let list = CommandSpec(
        path: "favorite list",
        abstract: "List your favorites and whether each is synced with your account.",
        options: [AccountSupport.dbOption, .init(long: "json", help: "Print JSON (fields: id, title, syncState, updatedAt)."),
                  BrowseSupport.limitOption],
        examples: [("wwdc favorite list", ""), ("wwdc favorite list --json", ""), ("wwdc favorite list --limit 5", "")])

    static let group = CommandSpec(
        path: "favorite",
        abstract: "Add, remove and list favorite sessions.",
        examples: [("wwdc favorite add 101", "Favorite session 101 of the current event."),
                   ("wwdc favorite list", "List your favorites.")],
        subcommands: [add, remove, list])

    static func runAdd(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        try change(arguments, context, favorite: true)
    }

    static func runRemove(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        try change(arguments, context, favorite: false)
    }

    static func runGroup(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        throw UsageError("Missing subcommand", spec: group, hint: "Use 'wwdc favorite add', 'remove' or 'list'.")
    }

    static func change(_ arguments: ParsedArguments, _ context: CommandContext, favorite: Bool) throws -> ExitCode {
        let store = try context.openExistingStore(explicitPath: arguments.value("db"))
        let ids = try store.read { db in try arguments.positionals.map { try SessionResolver.resolve($0, in: db) } }
        let now = context.now
        let labels = try store.write { db in
            try ids.map { id in
                try db.setFavorite(sessionID: id, favorite, syncState: .pending, at: now)
                return try db.sessionLabel(id: id).id
            }
        }
        for label in labels {
            context.message(favorite ? "★ Saved \(label) as a favorite." : "Removed \(label) from the favorites.")
        }
        let session: AccountSession
        do {
            session = try AccountSupport.session(store: store, arguments: arguments, context: context)
        } catch AccountError.unavailable {
            context.message("Note: this source has no account service; the change stays on this machine.")
            return .success
        }
        // Uploads these, and whatever earlier commands left in the outbox.
        var upload = uploadOperation(session: session, store: store, context: context)
        AccountSupport.run([upload], arguments: arguments, context: context)
        // On a terminal, a server error gets an alert: try again now, or leave it for the next sync.
        while context.terminal.terminal.isInteractive,
              let error = AccountSupport.cause(of: upload.errors) as? AccountError, error.isTransient {
            let alert = AlertOperation(title: "Upload failed", message: AccountSupport.describe(error) + ". Try again now, or leave it for the next sync?",
                                       buttons: ["Retry", "Later"], owner: context.terminal)
            AccountSupport.run([alert], arguments: arguments, context: context)
            guard alert.result?.value == 0 else { break }
            upload = uploadOperation(session: session, store: store, context: context)
            AccountSupport.run([upload], arguments: arguments, context: context)
        }
        let pending = Set(try store.read { try $0.outbox() }.map(\.sessionID))
        let refused = Dictionary(upload.result.refused.map { ($0.entry.sessionID, $0.error) }, uniquingKeysWith: { first, _ in first })
        var status = ExitCode.success
        for (id, label) in zip(ids, labels) {
            guard pending.contains(id) else {
                context.message("Uploaded \(label) to your account.")
                continue
            }
            guard let error = refused[id] ?? AccountSupport.cause(of: upload.errors) else { continue }
            switch AccountSupport.reportNotUploaded(label, error, context: context) {
            case .interrupted: status = .interrupted
            case .failure where status == .success: status = .failure
            default: break
            }
        }
        return status
    }

    /// The outbox's upload, saying so when another wwdc is uploading the same store.
    static func uploadOperation(session: AccountSession, store: ConferenceStore, context: CommandContext) -> UploadOutboxOperation {
        UploadOutboxOperation(session: session, store: store) { _ in
            context.message("Waiting for another wwdc to finish uploading…")
        }
    }

    struct Row: Encodable {
        var id: String
        @Nullable var title: String?
        var syncState: String
        var updatedAt: Date
    }

    static func runList(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let limit = try BrowseSupport.limit(arguments)
        let store = try BrowseSupport.openStore(arguments, context)
        let rows: [Row] = try store.read { db in
            try db.favoriteList(limit: limit).map { favorite in
                Row(id: favorite.sessionID, title: favorite.title, syncState: favorite.syncState.rawValue, updatedAt: favorite.updatedAt)
            }
        }
        if arguments.flag("json") {
            context.output(try JSONOutput.encode(rows) + "\n")
            return .success
        }
        if rows.isEmpty {
            context.message("No favorites yet. Add one with 'wwdc favorite add <session>'.")
            return .success
        }
        for row in rows {
            let title = row.title ?? "(no longer in the schedule)"
            context.output("\(row.id)\t\(row.syncState)\t\(title)\n")
        }
        return .success
    }
}
