#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport
import TestTraits
import Testing

/// The feedback form in a real child process on a real pseudo-terminal (`conference-terminal-demo`).
/// Serialized so that at most one child competes for the machine at a time.
@Suite("Feedback form on a pseudo-terminal", .serialized, .offThePool)
struct FeedbackFormTerminalTests {
    private func start(columns: UInt16 = 80, rows: UInt16 = 24) throws -> PseudoTerminal {
        let pty = try PseudoTerminal(columns: columns, rows: rows)
        try pty.spawn(try DemoProgram.require("conference-terminal-demo"), ["form"])
        return pty
    }

    @Test("ratings by digit and arrows, a comment with editing keys, Submit")
    func formSubmit() throws {
        let pty = try start()
        try pty.expect("Feedback: Advanced NSOperations")
        try pty.expect("Esc cancel")
        pty.send("4")
        try pty.expect("4/5")
        pty.send("\t\u{1B}[C\u{1B}[C\u{1B}[C")
        try pty.expect("3/5")
        pty.send("\u{1B}[B5")
        try pty.expect("5/5")
        pty.send("\tGreat talk")
        try pty.expect("Great talk")
        pty.send("\u{17}session\rSecond lime\u{7F}\u{7F}ne")
        try pty.expect("Second line")
        pty.send("\t\r")
        try pty.expect("FORM overall=4 content=3 presentation=5 comment=\"Great session\\nSecond line\"")
        #expect(try pty.waitForExit() == .exited(0))
        try pty.drain()
        let lines = Screen(pty.transcript).lines
        #expect(lines.contains { $0.hasPrefix("  Overall       ★★★★☆") })
        #expect(lines.contains { $0.hasPrefix("  Content       ★★★☆☆") })
        #expect(lines.contains { $0.hasPrefix("  Presentation  ★★★★★") })
        #expect(lines.contains("  │ Great session"))
        #expect(lines.contains("  │ Second line"))
        #expect(lines.contains("  Submitted."))
    }

    @Test("Ctrl-C with something typed asks, a second Ctrl-C cancels, nothing is returned, the terminal is restored, exit 130")
    func formCancel() throws {
        let pty = try PseudoTerminal()
        let before = try pty.sttySettings()
        try pty.spawn(try DemoProgram.require("conference-terminal-demo"), ["form"])
        try pty.expect("Esc cancel")
        pty.send("5\t\t\tsome comment")
        try pty.expect("some comment")
        pty.send("\u{03}")
        try pty.expect("Discard your ratings and comment?")
        pty.send("\u{03}")
        try pty.expect("CANCELLED")
        #expect(try pty.waitForExit() == .exited(130))
        #expect(try pty.sttySettings() == before)
        try pty.drain()
        #expect(!pty.transcript.contains("FORM "))
        #expect(Screen(pty.transcript).lines.contains("  Cancelled."))
    }

    @Test("Esc with a rating given asks before discarding; another key goes back to the form, y discards")
    func formEscapeAsks() throws {
        let pty = try start()
        try pty.expect("Esc cancel")
        pty.send("3")
        try pty.expect("3/5")
        pty.send("\u{1B}")
        try pty.expect("Discard your ratings and comment?")
        pty.send("n")
        try pty.expect("Enter next")  // the form again, the rating kept
        pty.send("\u{1B}[C")
        try pty.expect("4/5")
        pty.send("\u{1B}")
        try pty.expect("Discard your ratings and comment?")
        pty.send("y")
        try pty.expect("CANCELLED")
        #expect(try pty.waitForExit() == .exited(130))
    }

    @Test("Esc with nothing given cancels at once")
    func formEscapeUntouched() throws {
        let pty = try start()
        try pty.expect("Esc cancel")
        pty.send("\u{1B}")
        try pty.expect("CANCELLED")
        #expect(try pty.waitForExit() == .exited(130))
        #expect(!pty.transcript.contains("Discard"))
    }

    @Test("the key hint names the focused field's keys; Enter in the comment breaks the line, as its hint says")
    func formHints() throws {
        let pty = try start(columns: 100)
        try pty.expect("Enter next")
        pty.send("\t\t\t")
        try pty.expect("Enter newline")
        pty.send("one\rtwo\t")
        try pty.expect("Enter confirm")
        pty.send("\u{1B}[D\u{1B}[Z\u{1B}[Z\u{1B}[Z\u{1B}[Z\u{1B}[Z5")  // Submit → Cancel, back to Overall, rate 5
        try pty.expect("5/5")
        pty.send("\t\t\t\t\r")
        try pty.expect("FORM overall=5 content=none presentation=none comment=\"one\\ntwo\"")
        #expect(try pty.waitForExit() == .exited(0))
    }

    @Test("word motions, cut and paste in the comment (Alt-b/f, Ctrl-←/→, Ctrl-w, Ctrl-u, Ctrl-y)")
    func formWordKeys() throws {
        let pty = try start(columns: 100)
        try pty.expect("Esc cancel")
        pty.send("2\t\t\tthe quick brown fox")
        try pty.expect("brown fox")
        // Alt-b twice: before "brown"; Ctrl-w cuts "quick "; Ctrl-→ to after "brown"; Ctrl-y pastes it there.
        pty.send("\u{1B}b\u{1B}b\u{17}\u{1B}[1;5C \u{19}")
        try pty.expect("the brown quick  fox")
        // Ctrl-← twice, Alt-f: after "brown"; Ctrl-u cuts "the brown"; End; Ctrl-y.
        pty.send("\u{1B}[1;5D\u{1B}[1;5D\u{1B}f\u{15}\u{5}\u{19}")
        try pty.expect(" quick  foxthe brown")
        pty.send("\t\r")
        try pty.expect("FORM overall=2 content=none presentation=none comment=\" quick  foxthe brown\"")
        #expect(try pty.waitForExit() == .exited(0))
    }

    @Test("the comment wraps at word boundaries")
    func formWordWrap() throws {
        let pty = try start(columns: 40)
        try pty.expect("Submit")
        pty.send("\t\t\t" + "alpha beta gamma delta epsilon zeta eta theta")
        try pty.expect("theta")
        pty.send("\u{1B}")  // a comment was typed: Esc asks
        try pty.expect("Discard")
        pty.send("y")
        try pty.expect("CANCELLED")
        #expect(try pty.waitForExit() == .exited(130))
        try pty.drain()
        let comment = Screen(pty.transcript, columns: 40).lines.filter { $0.hasPrefix("  │ ") }.map { String($0.dropFirst(4)) }
        // 34 columns of text a row: whole words on each, never one cut in two.
        #expect(comment == ["alpha beta gamma delta epsilon", "zeta eta theta"], "\(comment)")
    }

    @Test("submitting without an overall rating shows why and keeps the form open")
    func formNeedsOverall() throws {
        let pty = try start()
        try pty.expect("Esc cancel")
        pty.send("\t\t\t\t\r")
        try pty.expect("Give an overall rating")
        pty.send("2\u{1B}[Z\u{1B}[Z\r")  // back to Submit (Shift-Tab twice from Overall), Enter
        try pty.expect("FORM overall=2 content=none presentation=none comment=\"\"")
        #expect(try pty.waitForExit() == .exited(0))
    }

    @Test("resized while on screen: the next paint leaves no stale line")
    func resizeRepaints() throws {
        let pty = try start(columns: 100, rows: 40)
        try pty.expect("Esc cancel")
        let before = pty.resize(columns: 30, rows: 40)
        pty.send("\u{1B}[C")  // the rating up one
        try pty.expect("1/5")
        pty.send("\u{1B}")
        try pty.expect("Discard")
        pty.send("y")
        try pty.expect("CANCELLED")
        #expect(try pty.waitForExit() == .exited(130))
        try pty.drain()
        let lines = Screen(pty.transcript, columns: 100, resizedAt: before, to: 30).lines
        #expect(lines.filter { $0.contains("Feedback: Advanced") }.count == 1, "\(lines)")
        #expect(lines.filter { $0.contains("Esc cancel") || $0.contains("←/→ choose") }.isEmpty, "\(lines)")
        #expect(lines.filter { $0.contains("Overall") }.count == 1, "\(lines)")
        #expect(lines.contains("  Cancelled."), "\(lines)")
    }
}
