import CommandLineKit
import ConferenceData
import ConferenceModel
import ConferenceSync
import Foundation
import PlainText
import TerminalUI

/// `wwdc transcript <id>`: what is said in a session's video, paragraph by paragraph, each with the
/// moment it starts.
enum TranscriptCommand {
    static let at = SharedOptions.at.help("Start at the paragraph being spoken at this moment: seconds (754), M:SS (12:34) or H:MM:SS.")

    static let spec = CommandSpec(
        path: "transcript",
        abstract: "Show what is said in a session's video, with the time of each paragraph.",
        discussion: """
        One paragraph a line (wrapped to a terminal's width), after the time it starts in the video: \
        'wwdc watch <id> --at <time>' plays from there. With --at the text starts at the paragraph \
        being spoken at that moment (the last one starting at or before it). Transcripts come with \
        'wwdc sync', for the videos whose source offers one; 'wwdc session <id>' says whether a \
        session has one. On a terminal, text longer than the window goes through a pager: \
        $WWDC_PAGER, else $PAGER, else 'less -FRX' (run without a shell; set to nothing or 'cat' for \
        none). Never in a pipe.
        """,
        options: [at, SharedOptions.noPager, SharedOptions.json.help("Print JSON: {id, title, language, duration, paragraphs: [{start, text}]}, times in seconds."),
                  SharedOptions.db],
        arguments: [SharedArguments.session],
        examples: [
            ("wwdc transcript 101", "What is said in the keynote of the current event."),
            ("wwdc transcript wwdc2026-102 --at 12:34", "From the paragraph spoken at 12 minutes 34 seconds."),
            ("wwdc transcript 101 | grep -i swiftui", "Every paragraph that says SwiftUI, with its time."),
            ("wwdc transcript 101 --json | jq -r '.paragraphs[0].text'", "The first paragraph, from the JSON output."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let input = arguments[SharedArguments.session]
        let from = arguments[at].map(Double.init)
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let (id, transcript) = try store.read { db -> (String, SessionTranscript?) in
            let id = try BrowseSupport.session(input, in: db, context)
            return (id, try db.transcript(sessionID: id))
        }
        guard let transcript, !transcript.paragraphs.isEmpty else {
            throw RuntimeError("no transcript for \(id)",
                               hint: "'wwdc sync' fetches the transcripts its source offers; '" + ShellWord.command("wwdc", "session", id) + "' shows whether it has one.")
        }
        let text: String
        if arguments[SharedOptions.json] {
            var shown = transcript
            shown.paragraphs = Array(transcript.paragraphs(from: from))
            text = try JSONOutput.encode(SessionTranscript.document.json(shown, .commandLine())) + "\n"
        } else {
            text = render(transcript, from: from, width: context.outputWidth, style: context.outputStyle)
        }
        Paging.output(text, context: context, enabled: Paging.isWanted(arguments))
        return .success
    }

    // MARK: Text

    /// The title, a line naming the session, its language and length, then the paragraphs (from the
    /// one spoken at `from`), each after its start time; wrapped under itself to `width` on a
    /// terminal, one line each in a pipe.
    static func render(_ transcript: SessionTranscript, from: Double?, width: Int?, style: Style) -> String {
        let paragraphs = transcript.paragraphs(from: from)
        var heading = [transcript.sessionID, FeedLanguage.name(transcript.language)]
        let length = VideoTime.duration(transcript.duration)
        if !length.isEmpty { heading.append(length) }
        if from != nil, let first = paragraphs.first { heading.append("from " + VideoTime.text(first.start)) }
        var out: [String] = []
        out += (width.map { transcript.title.wrapped(width: max(20, $0)) } ?? [transcript.title]).map(style.bold)
        out.append(style.dim(heading.joined(separator: " · ")))
        out.append("")
        let times = paragraphs.map { VideoTime.text($0.start) }
        let column = times.map(\.count).max() ?? 0
        let indent = String(repeating: " ", count: column + 2)
        for (time, paragraph) in zip(times, paragraphs) {
            let label = String(repeating: " ", count: column - time.count) + time
            let lines = width.map { paragraph.text.wrapped(width: max(20, $0 - indent.count)) } ?? [paragraph.text]
            out.append(style.dim(label) + "  " + (lines.first ?? ""))
            out += lines.dropFirst().map { indent + $0 }
        }
        return out.joined(separator: "\n") + "\n"
    }
}
