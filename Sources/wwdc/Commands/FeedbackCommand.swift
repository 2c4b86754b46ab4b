import PlainText
import ConferenceKit
import Foundation
import Operations
import TerminalUI

/// `wwdc feedback`: rate a session, on a small form or with flags; `--list` shows what was given.
enum FeedbackCommand {
    static let spec = CommandSpec(
        path: "feedback",
        abstract: "Rate a session you attended or watched (overall, content, presentation, a comment).",
        discussion: """
        On a terminal, a form opens once you are logged in (as a registered developer); in a script, \
        give the ratings as flags. The feedback is saved here the moment it is submitted, then uploaded; \
        offline, it stays pending and the next sync or feedback command uploads it. Only sessions that \
        have taken place can be rated, and feedback can be changed until it has been uploaded.
        """,
        options: [
            .init(long: "rating", value: "1-5", help: "The overall rating (skips the form)."),
            .init(long: "content", value: "1-5", help: "The content rating (optional)."),
            .init(long: "presentation", value: "1-5", help: "The presentation rating (optional)."),
            .init(long: "comment", value: "text", help: "A comment."),
            .init(long: "comment-file", value: "file", help: "Read the comment from <file> ('-' for standard input)."),
            .init(long: "list", help: "List the feedback given and whether it is uploaded."),
            .init(long: "json", help: "With --list: print JSON (fields: id, title, overall, content, presentation, comment, syncState)."),
        ] + AccountSupport.loginOptions + [AccountSupport.dbOption, AccountSupport.traceOption],
        arguments: [.init(name: "session", help: "A session id (wwdc2026-101), a number in the current event (101) or a link.", optional: true)],
        examples: [
            ("wwdc feedback 101", "Rate session 101 of the current event on a form."),
            ("wwdc feedback 101 --rating 5 --content 4 --presentation 5 --comment 'Loved it'", "Rate it from a script."),
            ("wwdc feedback --list", "What you rated, and whether it is uploaded."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        if arguments.flag("list") { return try list(arguments, context) }
        guard let input = arguments.argument(0) else {
            throw UsageError("Missing expected argument '<session>'", spec: spec, hint: "Or use '--list' to see the feedback given.")
        }
        let flags = try ratings(arguments)
        let store = try context.openExistingStore(explicitPath: arguments.value("db"))
        let sessionID = try store.read { try SessionResolver.resolve(input, in: $0) }
        let label = try store.read { try $0.sessionLabel(id: sessionID) }
        let existing = try store.read { try $0.feedback(sessionID: sessionID) }
        if existing?.syncState == .synced { throw FeedbackError.alreadyUploaded(session: label.id) }
        let interactive = flags == nil
        if interactive, !context.terminal.terminal.isInteractive {
            throw UsageError("Missing '--rating <1-5>' (no terminal for the form)", spec: spec)
        }
        let account: AccountSession?
        do {
            account = try AccountSupport.session(store: store, arguments: arguments, context: context)
        } catch AccountError.unavailable {
            account = nil
        }

        // Refused before any prompt: a session that has not taken place.
        let check = ClosureOperation(name: "session check") {}
        check.addCondition(SessionHasTakenPlace(sessionID: sessionID, store: store, now: { context.now }))
        var operations: [AdvancedOperation] = [check]
        var form: FeedbackFormOperation?
        if interactive {
            let operation = FeedbackFormOperation(sessionID: sessionID, title: label.title ?? label.id, initial: existing, account: account,
                                                  store: store, owner: context.terminal, now: { context.now })
            operation.addDependency(check)
            operations.append(operation)
            form = operation
        } else if let flags {
            AccountSupport.run([check], arguments: arguments, context: context)
            if let error = AccountSupport.cause(of: check.errors) { throw error }
            try FeedbackSaving.save(flags, sessionID: sessionID, in: store, at: context.now)
            operations = []
        }
        guard let account else {
            if !operations.isEmpty { AccountSupport.run(operations, arguments: arguments, context: context) }
            if let error = AccountSupport.cause(of: check.errors) { throw error }
            if let form, let error = AccountSupport.cause(of: form.errors) { throw error }
            if let form, form.result?.value == nil {
                context.message("Feedback not saved.")
                return .interrupted
            }
            context.message("Saved your feedback on \(label.id). This source has no account service: it stays on this machine.")
            return .success
        }
        let upload = FavoriteCommand.uploadOperation(session: account, store: store, context: context)
        upload.addCondition(NoCancelledDependencies())
        upload.addCondition(NoFailedDependencies())
        if let form { upload.addDependency(form) }
        operations.append(upload)
        AccountSupport.run(operations, arguments: arguments, context: context)

        if let error = AccountSupport.cause(of: check.errors) { throw error }
        if let form {
            if let error = AccountSupport.cause(of: form.errors) {
                if (error as? AccountError) == .loginCancelled || (error as? SyncError) == .interrupted {
                    context.message("Feedback not saved.")
                    return .interrupted
                }
                throw error
            }
            guard form.result?.value != nil else {
                context.message("Feedback not saved.")
                return .interrupted
            }
        }
        return report(upload: upload, sessionID: sessionID, label: label.id, context: context)
    }

    /// The ratings given as flags, or nil for the form. Invalid values are usage errors.
    static func ratings(_ arguments: ParsedArguments) throws -> FeedbackForm.Answer? {
        let rating = try arguments.integer("rating", in: 1...5)
        let content = try arguments.integer("content", in: 1...5)
        let presentation = try arguments.integer("presentation", in: 1...5)
        if arguments.value("comment") != nil, arguments.value("comment-file") != nil {
            throw UsageError("Give '--comment' or '--comment-file', not both", spec: spec)
        }
        var comment = arguments.value("comment") ?? ""
        if let file = arguments.value("comment-file") {
            let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: file)
            guard let data else { throw UsageError("Cannot read '--comment-file \(file)'", spec: spec) }
            comment = String(decoding: data, as: UTF8.self)
        }
        guard let rating else {
            if content != nil || presentation != nil || arguments.value("comment") != nil || arguments.value("comment-file") != nil {
                throw UsageError("Missing '--rating <1-5>': it is required with the other ratings and the comment", spec: spec)
            }
            return nil
        }
        guard comment.count <= 4000 else { throw UsageError("The comment is longer than 4000 characters", spec: spec) }
        return FeedbackForm.Answer(overall: rating, content: content, presentation: presentation, comment: comment)
    }

    static func report(upload: UploadOutboxOperation, sessionID: String, label: String, context: CommandContext) -> ExitCode {
        let refused = upload.result.refused.first { $0.entry.sessionID == sessionID }?.error
        guard let error = refused ?? AccountSupport.cause(of: upload.errors) else {
            context.message("Saved your feedback on \(label) and uploaded it.")
            return .success
        }
        context.message("Saved your feedback on \(label).")
        return AccountSupport.reportNotUploaded("your feedback on \(label)", error, context: context)
    }

    /// A row of `--list --json`: every field is always there (null when unknown or unrated).
    struct Row: Encodable {
        var id: String
        @Nullable var title: String?
        var overall: Int
        @Nullable var content: Int?
        @Nullable var presentation: Int?
        var comment: String
        var syncState: String
    }

    static func list(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        guard arguments.positionals.isEmpty else { throw UsageError("'--list' takes no session", spec: spec) }
        let store = try context.openExistingStore(explicitPath: arguments.value("db"))
        let rows: [Row] = try store.read { db in
            try db.feedbackList().map { feedback in
                Row(id: feedback.sessionID, title: feedback.title, overall: feedback.overall, content: feedback.content,
                    presentation: feedback.presentation, comment: feedback.comment, syncState: feedback.syncState.rawValue)
            }
        }
        if arguments.flag("json") {
            context.output(try JSONOutput.encode(rows) + "\n")
            return .success
        }
        if rows.isEmpty {
            context.message("No feedback given yet. Rate a session with 'wwdc feedback <session>'.")
            return .success
        }
        for row in rows {
            let stars = { (value: Int?) in value.map { String(repeating: "★", count: $0) + String(repeating: "☆", count: 5 - $0) } ?? "–" }
            let title = row.title ?? "(no longer in the schedule)"
            context.output("\(row.id)\t\(stars(row.overall)) content \(stars(row.content)) presentation \(stars(row.presentation))\t\(row.syncState)\t\(title)\n")
        }
        return .success
    }
}
