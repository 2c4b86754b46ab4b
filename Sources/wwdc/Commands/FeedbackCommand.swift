import CommandLineKit
import PlainText
import ConferenceData
import ConferenceModel
import ConferenceSync
import Foundation
import ConferenceTerminal
import Operations

/// `wwdc feedback`: rate a session, on a small form or with flags; `--list` shows what was given.
enum FeedbackCommand {
    static let rating = Option.integer("rating", value: "1-5", help: "The overall rating (skips the form).", in: 1...5)
    static let content = Option.integer("content", value: "1-5", help: "The content rating (optional).", in: 1...5)
    static let presentation = Option.integer("presentation", value: "1-5", help: "The presentation rating (optional).", in: 1...5)
    static let comment = Option.text("comment", value: "text", help: "A comment.")
    static let commentFile = Option.text("comment-file", value: "file", help: "Read the comment from <file> ('-' for standard input).")
    static let list = Option.flag("list", help: "List the feedback given and where each stands: here only, in the sync folder, sent to the service, or waiting.")
    static let json = SharedOptions.json.help("With --list: print JSON (field names under JSON OUTPUT in 'man wwdc').")

    static let session = Argument.optionalText("session", help: "A session id (wwdc2026-101), a number in the current event (101) or a link.",
                                               completion: .sessionIDs)

    static let spec = CommandSpec(
        path: "feedback",
        abstract: "Rate a session you attended or watched (overall, content, presentation, a comment).",
        discussion: """
        On a terminal, a form opens once you are logged in (as a registered developer); in a script, \
        give the ratings as flags. The feedback is saved here the moment it is submitted, then uploaded; \
        offline, it stays pending and the next sync or feedback command uploads it. Only sessions that \
        have taken place can be rated, and feedback can be changed until it has been uploaded.
        """,
        options: [rating, content, presentation, comment, commentFile, list, json]
            + SharedOptions.login + [SharedOptions.noPager, SharedOptions.db, SharedOptions.trace],
        arguments: [session],
        examples: [
            ("wwdc feedback 101", "Rate session 101 of the current event on a form."),
            ("wwdc feedback 101 --rating 5 --content 4 --presentation 5 --comment 'Loved it'", "Rate it from a script."),
            ("wwdc feedback --list", "What you rated, and where each rating stands."),
        ])

    /// The feedback on `sessionID`: the ratings `given`, else the form asked through `interaction`,
    /// starting from what was given before; one already uploaded is refused. `waiting` is told when
    /// another process is uploading the same store.
    static func operation(sessionID: String, given: FeedbackAnswer?, store: ConferenceStore, account: AccountSession?,
                          interaction: any Interaction, waiting: @escaping @Sendable () -> Void = {},
                          _ context: CommandContext) throws -> GiveFeedbackOperation {
        let label = try store.read { try $0.sessionLabel(id: sessionID) }
        let existing = try store.read { try $0.feedback(sessionID: sessionID) }
        if existing?.syncState == .synced { throw FeedbackError.alreadyUploaded(session: label.id) }
        return GiveFeedbackOperation(sessionID: sessionID, title: label.title ?? label.id, existing: existing, given: given,
                                     store: store, account: account, interaction: interaction,
                                     now: { context.now }, waiting: waiting, backends: try PersonalDataSupport.backends(context))
    }

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        if arguments[list] { return try listFeedback(arguments, context) }
        guard let input = arguments[session] else {
            throw UsageError("Missing expected argument '<session>'", spec: spec, hint: "Or use '--list' to see the feedback given.")
        }
        let flags = try ratings(overall: arguments[rating], content: arguments[content], presentation: arguments[presentation],
                                comment: arguments[comment], commentFile: arguments[commentFile])
        let store = try context.openExistingStore(explicitPath: arguments[SharedOptions.db])
        let sessionID = try store.read { try BrowseSupport.session(input, in: $0, context) }
        let label = try store.read { try $0.sessionLabel(id: sessionID) }
        let interactive = flags == nil
        if interactive, !context.terminal.terminal.isInteractive {
            throw UsageError("Missing '--rating <1-5>' (no terminal for the form)", spec: spec)
        }
        let account = try AccountAccess.sessionIfAvailable(store: store, login: .init(arguments), context: context)
        let feedback = try operation(sessionID: sessionID, given: flags, store: store, account: account,
                                     interaction: TerminalInteraction(owner: context.terminal),
                                     waiting: { context.message("Waiting for another wwdc to finish uploading…") }, context)
        OperationRunner(arguments, context: context).run(feedback)
        // Refused before any prompt: a session that has not taken place.
        if let error = OperationError.rootCause(in: feedback.check.errors) { throw error }
        if let error = OperationError.rootCause(in: feedback.saving.errors) {
            // The login comes before the form: nothing was typed that could be lost.
            if (error as? AccountError) == .loginCancelled { return AccountAccess.loginCancelled(context) }
            guard feedback.form != nil, ErrorPresenter.isInterruption(error) else { throw error }
            context.message("Feedback not saved.")
            return .interrupted
        }
        if let form = feedback.form, form.answer == nil {
            context.message("Feedback not saved.")
            return .interrupted
        }
        guard let upload = feedback.upload else {
            let failures = feedback.pushFailures
            if feedback.backendNames.isEmpty {
                context.message("Saved your feedback on \(label.id). This source has no account service: it stays on this machine.")
            } else if failures.isEmpty {
                context.message("Saved your feedback on \(label.id) and sent it to \(feedback.backendNames.joined(separator: " and ")).")
            } else {
                context.message("Saved your feedback on \(label.id).")
            }
            PersonalDataSupport.reportPushFailures(failures, context)
            return .success
        }
        let status = report(upload: upload, sessionID: sessionID, label: label.id, interrupted: feedback.isCancelled, context: context)
        PersonalDataSupport.reportPushFailures(feedback.pushFailures, context)
        return status
    }

    /// The ratings given as flags, or nil for the form (none given). Invalid values are usage errors.
    static func ratings(overall rating: Int?, content: Int?, presentation: Int?, comment: String?, commentFile: String?) throws -> FeedbackAnswer? {
        if comment != nil, commentFile != nil {
            throw UsageError("Give '--comment' or '--comment-file', not both", spec: spec)
        }
        var text = comment ?? ""
        if let file = commentFile {
            let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: file)
            guard let data else { throw UsageError("Cannot read '--comment-file \(file)'", spec: spec) }
            text = String(decoding: data, as: UTF8.self)
        }
        guard let rating else {
            if content != nil || presentation != nil || comment != nil || commentFile != nil {
                throw UsageError("Missing '--rating <1-5>': it is required with the other ratings and the comment", spec: spec)
            }
            return nil
        }
        // Before any login or upload: the limit the save keeps too.
        try Feedback.checkComment(text)
        return FeedbackAnswer(overall: rating, content: content, presentation: presentation, comment: text)
    }

    static func report(upload: UploadOutboxOperation, sessionID: String, label: String, interrupted: Bool, context: CommandContext) -> ExitCode {
        let refused = upload.result.refused.first { $0.entry.sessionID == sessionID }?.error
        let failure: (any Error)? = refused ?? (interrupted ? Interrupted() : OperationError.rootCause(in: upload.errors))
        guard let failure else {
            context.message("Saved your feedback on \(label) and uploaded it.")
            return .success
        }
        context.message("Saved your feedback on \(label).")
        return UploadReport.notUploaded("your feedback on \(label)", failure, context: context)
    }

    static func listFeedback(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        guard arguments[session] == nil else { throw UsageError("'--list' takes no session", spec: spec) }
        let store = try context.openExistingStore(explicitPath: arguments[SharedOptions.db])
        let standing = try Standing(store: store, context: context)
        let (items, stands) = try store.read { db in
            let items = try db.feedbackList()
            return (items, try standing.texts(.rating, of: items.map { ($0.sessionID, $0.syncState) }, in: db))
        }
        let documents = DocumentContext(view: .commandLine, standing: { _, id, _ in stands[id] })
        return try Listing.print(items, json: arguments[json], context: context, paging: Paging.isWanted(arguments),
                                 row: { FeedbackItem.document.json($0, documents) },
                                 empty: { ["No feedback given yet. Rate a session with 'wwdc feedback <session>'."] }) { items in
            // Unrated is a dash, as wide as five stars on a terminal so that the labels line up.
            let unrated = context.outputWidth == nil ? "–" : "–    "
            let stars = { (value: Int?) in
                value.map { min(max($0, 0), 5) }.map { String(repeating: "★", count: $0) + String(repeating: "☆", count: 5 - $0) } ?? unrated
            }
            return Listing.columns(items.map { item in
                [item.sessionID, "overall \(stars(item.overall))  content \(stars(item.content))  presentation \(stars(item.presentation))",
                 stands[item.sessionID] ?? "", item.title ?? "(no longer in the schedule)"]
            }, width: context.outputWidth, columns: [.init(), .init(), .init(minimum: 8, dropOrder: 1), .init(flexible: true)])
        }
    }
}
