import CommandLineKit
import ConferenceData
import ConferenceModel
import Foundation
import PlainText
import TerminalUI

/// `wwdc share <id> [--at TIME]`: the link to a session, at a moment of its video, to send someone.
enum ShareCommand {
    static let at = SharedOptions.at.help("Link to this moment of the video: seconds (754), M:SS (12:34) or H:MM:SS.")

    static let spec = CommandSpec(
        path: "share",
        abstract: "Print the link to a session's page, at a moment of its video, to send someone.",
        discussion: """
        The link is the one Apple's site uses for a moment: https://developer.apple.com/videos/play/<event>/<number>/, \
        with ?time=<seconds> for the moment --at gives, else the one of the link given for the session. 'wwdc watch' plays \
        such a link from its moment, and every command takes one where a session goes. An article has no video: its \
        own page is printed, without a moment. On a terminal the link is also put on the clipboard through the \
        terminal (OSC 52: most terminals take it, tmux with 'set-clipboard on'; one that does not ignores it), and \
        that is said on stderr; in a pipe, the link alone is printed.
        """,
        options: [at, SharedOptions.json, SharedOptions.db],
        arguments: [SharedArguments.session],
        examples: [
            ("wwdc share 102 --at 12:34", "The link to 12 minutes 34 seconds into session 102."),
            ("wwdc share wwdc2026-202", "The link to the session's page."),
            ("wwdc share 102 --at 754 | mail -s 'Watch this' ada@example.com", "Send it."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let input = arguments[SharedArguments.session]
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let (detail, linkTime) = try BrowseSupport.detail(input, in: store, context)
        let moment = arguments[at] ?? linkTime
        guard let shared = detail.sharedLink(at: moment) else {
            let id = detail.sessionID
            if moment != nil, detail.sharedLink(at: nil) != nil {
                throw RuntimeError("\(id) is an article: it has no video to link a moment of", hint: "Leave out --at for the link to its page.")
            }
            throw RuntimeError("\(id) has no page on \(SessionLink.host) to link to",
                               hint: "'" + ShellWord.command("wwdc", "session", detail.sessionID) + "' shows what it has.")
        }
        if arguments[SharedOptions.json] {
            context.output(try JSONOutput.encode(SharedLink.document.json(shared, .commandLine())) + "\n")
            return .success
        }
        guard context.stdoutIsTerminal, Clipboard.allowed(environment: context.environment) else {
            context.output(shared.link + "\n")
            return .success
        }
        // On the terminal stdout is, which is the one whose clipboard the person means.
        context.output(Clipboard.sequence(shared.link) + context.outputLinks.link(shared.link) + "\n")
        context.message("Copied to the clipboard (through the terminal, OSC 52).")
        return .success
    }
}
