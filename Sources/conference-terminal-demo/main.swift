// Runs the app's feedback form on the terminal, for the pseudo-terminal tests in
// ConferenceTerminalTests (terminal-demo, which drives TerminalUI's parts, knows no conference).
// Prints a marker the tests wait for; results go through the owner.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ConferenceTerminal
import TerminalUI

func say(_ owner: TerminalOwner, _ text: String) {
    owner.perform { $0.writeLine(text) }
}

func finish(_ owner: TerminalOwner, code: Int32) -> Never {
    owner.drain()
    exit(code)
}

let owner = TerminalOwner()
guard CommandLine.arguments.dropFirst().first == "form" else {
    say(owner, "usage: conference-terminal-demo form")
    finish(owner, code: 64)
}
do {
    let form = FeedbackForm(title: "Feedback: Advanced NSOperations")
    let result = try owner.interact { context throws(TerminalError) in try form.run(in: context) }
    guard let answer = result.value else {
        say(owner, "CANCELLED")
        finish(owner, code: 130)
    }
    let content = answer.content.map(String.init) ?? "none"
    let presentation = answer.presentation.map(String.init) ?? "none"
    say(owner, "FORM overall=\(answer.overall) content=\(content) presentation=\(presentation) comment=\(answer.comment.debugDescription)")
    finish(owner, code: 0)
} catch {
    say(owner, "ERROR \(error)")
    finish(owner, code: 1)
}
