import CommandLineKit
import PlainText
import ConferenceData
import ConferenceModel
import Foundation
import TerminalUI

/// `wwdc code <id> [N]`: one code snippet of a session, as plain text for piping.
enum CodeCommand {
    static let number = Argument.optionalNumber("number", help: "Which snippet, from 1 (needed when there are several).", from: 1)

    static let spec = CommandSpec(
        path: "code",
        abstract: "Print a code snippet of a session as plain text.",
        discussion: """
        Sessions from 2020 on carry the code shown in their video. With one snippet, prints it; with \\
        several and no number, lists them, each with the command that prints it (1 is the first); \\
        'wwdc session <id> --code' shows them all.
        """,
        options: [SharedOptions.noPager, SharedOptions.db],
        arguments: [SharedArguments.session, number],
        examples: [
            ("wwdc code wwdc2025-204", "The session's only snippet."),
            ("wwdc code 208 2 | pbcopy", "The second snippet of session 208, to the clipboard."),
            ("wwdc session 208 --code", "Every snippet, with titles and times."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let input = arguments[SharedArguments.session]
        let index = arguments[number].map { $0 - 1 }
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let detail = try store.read { db -> SessionDetail? in try db.sessionDetail(id: BrowseSupport.session(input, in: db, context)) }
        guard let detail else { throw BrowseError.unknownSession(input, suggestions: []) }
        let snippets = detail.codeSnippets
        guard !snippets.isEmpty else {
            throw RuntimeError("\(detail.sessionID) has no code snippets", hint: "Snippets come with sessions from 2020 on; '" + ShellWord.command("wwdc", "session", detail.sessionID) + "' shows what it has.")
        }
        let chosen: CodeSnippet
        if let index {
            guard index < snippets.count else {
                throw RuntimeError("\(detail.sessionID) has \(Quantity.text(snippets.count, "code snippet")), not \(index + 1)",
                                   hint: "List them with '" + ShellWord.command("wwdc", "session", detail.sessionID, "--code") + "'.")
            }
            chosen = snippets[index]
        } else if snippets.count == 1 {
            chosen = snippets[0]
        } else {
            // Several: the list, each with the command that prints it, to choose from.
            context.message("\(detail.sessionID) has \(snippets.count) code snippets: give the number of one.")
            let rows = snippets.enumerated().map { number, snippet in [ShellWord.command("wwdc", "code", detail.sessionID, String(number + 1)), snippet.title] }
            Paging.output(Listing.columns(rows, width: context.outputWidth), context: context, enabled: Paging.isWanted(arguments))
            return .success
        }
        let code = chosen.code
        Paging.output(code.hasSuffix("\n") ? code : code + "\n", context: context, enabled: Paging.isWanted(arguments))
        return .success
    }
}
