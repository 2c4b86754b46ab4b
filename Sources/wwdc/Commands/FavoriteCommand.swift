import CommandLineKit
import PlainText
import ConferenceData
import ConferenceSync
import Foundation
import ConferenceTerminal
import Operations

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
        options: SharedOptions.login + [SharedOptions.db, SharedOptions.trace],
        arguments: [SharedArguments.sessions],
        examples: [("wwdc favorite add 101", "Favorite session 101 of the current event."),
                   ("wwdc favorite add wwdc2026-101 wwdc2026-102", "")])

    /// The favorites to remove: completion offers only favorites.
    static let favorites = Argument.texts("session", help: "Session ids, numbers or links.", completion: .stored(.favorites))

    static let remove = CommandSpec(
        path: "favorite remove",
        abstract: "Remove sessions from your favorites (here at once, then on your account).",
        options: SharedOptions.login + [SharedOptions.db, SharedOptions.trace],
        arguments: [favorites],
        examples: [("wwdc favorite remove 101", ""), ("wwdc favorite rm 101", "The same: 'rm' is another name for 'remove'.")],
        aliases: ["rm"])

    static let list = CommandSpec(
        path: "favorite list",
        abstract: "List your favorites and where each stands: here only, in the sync folder, sent to the service, or waiting.",
        options: [SharedOptions.db, SharedOptions.json, SharedOptions.limit, SharedOptions.noPager],
        examples: [("wwdc favorite list", ""), ("wwdc favorite list --json", ""), ("wwdc favorite list --limit 5", "")])

    static let group = CommandSpec(
        path: "favorite",
        abstract: "Add, remove and list favorite sessions.",
        discussion: "With no subcommand, lists them: 'wwdc favorite' is 'wwdc favorite list'.",
        examples: [("wwdc favorite add 101", "Favorite session 101 of the current event."),
                   ("wwdc favorite", "List your favorites.")],
        subcommands: [add, remove, list], defaultSubcommand: "list")

    static func runAdd(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        try change(arguments[SharedArguments.sessions], favorite: true, storePath: arguments[SharedOptions.db], login: .init(arguments),
                   runner: OperationRunner(arguments, context: context), context)
    }

    static func runRemove(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        try change(arguments[favorites], favorite: false, storePath: arguments[SharedOptions.db], login: .init(arguments),
                   runner: OperationRunner(arguments, context: context), context)
    }

    static func runGroup(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        throw UsageError("Missing subcommand", spec: group, hint: "Use 'wwdc favorite add', 'remove' or 'list'.")
    }

    /// Favorites (`favorite`) or unfavorites the sessions `words` name in the store at `storePath`,
    /// uploading with `login` when the source has an account, run by `runner`.
    static func change(_ words: [String], favorite: Bool, storePath: String?, login: AccountAccess.LoginOptions, runner: OperationRunner,
                       _ context: CommandContext) throws -> ExitCode {
        let store = try context.openExistingStore(explicitPath: storePath)
        let ids = try store.read { db in try words.map { try BrowseSupport.session($0, in: db, context) } }
        let change = ChangeFavoritesOperation(
            sessionIDs: ids, favorite: favorite, store: store, at: context.now,
            account: { try AccountAccess.sessionIfAvailable(store: store, login: login, context: context) },
            interaction: TerminalInteraction(owner: context.terminal),
            saved: { results in
                for (label, changed) in results {
                    switch (favorite, changed) {
                    case (true, true): context.message("★ Saved \(label) as a favorite.")
                    case (true, false): context.message("\(label) is already a favorite.")
                    case (false, true): context.message("Removed \(label) from the favorites.")
                    case (false, false): context.message("\(label) was not a favorite.")
                    }
                }
            },
            waiting: { context.message("Waiting for another wwdc to finish uploading…") },
            backends: try PersonalDataSupport.backends(context))
        let errors = runner.run(change)
        if let error = OperationError.rootCause(in: errors.filter { !ErrorPresenter.isInterruption($0) }) { throw error }
        guard !change.labels.isEmpty else { throw Interrupted() }
        let unchanged = change.unchangedSessionIDs
        PersonalDataSupport.reportPushFailures(change.pushFailures, context)
        guard change.hasAccountService else {
            if unchanged.count < Set(ids).count, !change.hasBackend {
                context.message("Note: this source has no account service; the change stays on this machine.")
            }
            return .success
        }
        let pending = Set(try store.read { try $0.outbox() }.map(\.sessionID))
        let refused = Dictionary((change.upload?.result.refused ?? []).map { ($0.entry.sessionID, $0.error) }, uniquingKeysWith: { first, _ in first })
        let failure: (any Error)? = change.isCancelled ? Interrupted() : change.uploadFailure
        var status = ExitCode.success
        if (failure as? AccountError) == .loginCancelled { status = AccountAccess.loginCancelled(context) }
        for (id, label) in zip(ids, change.labels) where !unchanged.contains(id) {
            guard pending.contains(id) else {
                context.message("Uploaded \(label) to your account.")
                continue
            }
            guard let error = refused[id] ?? failure else { continue }
            switch UploadReport.notUploaded(label, error, context: context) {
            case .interrupted: status = .interrupted
            case .failure where status == .success: status = .failure
            default: break
            }
        }
        return status
    }

    static func runList(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let limit = arguments[SharedOptions.limit]
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let standing = try Standing(store: store, context: context)
        let (items, stands) = try store.read { db in
            let items = try db.favoriteList(limit: limit)
            return (items, try standing.texts(.favorite, of: items.map { ($0.sessionID, $0.syncState) }, in: db))
        }
        let documents = DocumentContext(view: .commandLine, standing: { _, id, _ in stands[id] })
        return try Listing.print(items, json: arguments[SharedOptions.json], context: context, paging: Paging.isWanted(arguments),
                                 row: { FavoriteItem.document.json($0, documents) },
                                 empty: { ["No favorites yet. Add one with 'wwdc favorite add <session>'."] }) { items in
            // Where each stands shortens, then goes, before a title is cut.
            Listing.columns(items.map { [$0.sessionID, stands[$0.sessionID] ?? "", $0.title ?? "(no longer in the schedule)"] }, width: context.outputWidth,
                            columns: [.init(), .init(minimum: 8, dropOrder: 1), .init(flexible: true)])
        }
    }
}
