#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport
import TestTraits
import Testing
@testable import TerminalUI

/// The terminal layer in a real child process on a real pseudo-terminal (`terminal-demo`).
/// Serialized so that at most one child competes for the machine at a time.
@Suite("Terminal on a pseudo-terminal", .serialized, .offThePool)
struct PseudoTerminalTests {
    private func start(_ mode: String, environment: [String: String] = [:], columns: UInt16 = 80, rows: UInt16 = 24) throws -> PseudoTerminal {
        let pty = try PseudoTerminal(columns: columns, rows: rows)
        try pty.spawn(try DemoProgram.require(), [mode], environment: environment)
        return pty
    }

    /// The words of `stty -a` output, such as `icanon` or `-echo`.
    static func flags(_ stty: String) -> Set<String> {
        Set(stty.split { $0.isWhitespace || $0 == ";" }.map(String.init))
    }

    /// Drops the elapsed time at the end of a progress line, the one part that varies.
    private func stripElapsed(_ line: String) -> String {
        line.replacing(#/( · |  )[0-9]+(\.[0-9])?s$/#, with: "")
    }

    private func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }

    @Test("the password prompt echoes nothing at all; the username is echoed")
    func passwordNotEchoed() throws {
        let pty = try start("password")
        try pty.expect("Username: ")
        pty.send("alice\r")
        try pty.expect("Password: ")
        let password = "s3cr3t-Hunter2"
        pty.send(password + "\r")
        try pty.expect("RESULT user=alice secret-length=\(password.count) secret-fnv=\(fingerprint(password))")
        #expect(try pty.waitForExit() == .exited(0))
        try pty.drain()
        let transcript = pty.transcript
        #expect(transcript.contains("Username: alice"))  // echo would have been visible
        for fragment in ["s3cr3t", "Hunter", "cr3t-H", "*"] {
            #expect(!transcript.contains(fragment), "the transcript shows \(fragment)")
        }
        let passwordLine = Screen(transcript).lines.first { $0.hasPrefix("Password:") }
        #expect(passwordLine == "Password:")
    }

    @Test("with standard input redirected, prompts read the controlling terminal (/dev/tty)")
    func promptsUseDevTTY() throws {
        let pty = try PseudoTerminal()
        try pty.spawn(try DemoProgram.require(), ["password"], stdinFromNull: true)
        try pty.expect("Username: ")
        pty.send("bob\r")
        try pty.expect("Password: ")
        pty.send("pw\r")
        try pty.expect("RESULT user=bob secret-length=2 secret-fnv=\(fingerprint("pw"))")
        #expect(try pty.waitForExit() == .exited(0))
        let info = try PseudoTerminal()
        try info.spawn(try DemoProgram.require(), ["info"], stdinFromNull: true)
        try info.expect("INFO interactive=true")
    }

    @Test("SIGTSTP restores the terminal before stopping and raw mode returns after")
    func suspendSignal() throws {
        // The child leads its own session, so its process group is orphaned and the kernel drops
        // the stop itself; what is checked is the handler's restore-then-reapply sequence.
        let pty = try PseudoTerminal()
        let before = try pty.sttySettings()
        try pty.spawn(try DemoProgram.require(), ["raw-signal"])
        try pty.expect("RAW-READY")
        let raw = try pty.sttySettings()
        kill(pty.pid, SIGTSTP)
        try pty.expect("\u{1B}[?25h")
        try pty.expect("\u{1B}[?25l")
        pty.send("k")
        try pty.expect("KEY character(\"k\")")
        #expect(try pty.sttySettings() == raw)
        kill(pty.pid, SIGTERM)
        #expect(try pty.waitForExit() == .signaled(SIGTERM))
        #expect(try pty.sttySettings() == before)
    }

    @Test("Ctrl-C in raw mode arrives as a key; exit() restores the terminal; exit code 130")
    func ctrlCRestores() throws {
        let pty = try PseudoTerminal()
        let before = try pty.sttySettings()
        #expect(Self.flags(before).isSuperset(of: ["icanon", "echo", "isig", "icrnl", "ixon"]))
        try pty.spawn(try DemoProgram.require(), ["raw-ctrl-c"])
        try pty.expect("RAW-READY")
        let during = try pty.sttySettings()
        #expect(Self.flags(during).isSuperset(of: ["-icanon", "-echo", "-isig", "-icrnl", "-ixon"]))
        pty.send("x")
        try pty.expect("KEY character(\"x\")")
        pty.send("\u{03}")
        try pty.expect("INTERRUPTED")
        #expect(try pty.waitForExit() == .exited(130))
        #expect(try pty.sttySettings() == before)
    }

    @Test("a fatal signal during raw mode restores the terminal and the cursor, then kills as before",
          arguments: [SIGTERM, SIGHUP, SIGINT])
    func signalRestores(signal: Int32) throws {
        let pty = try PseudoTerminal()
        let before = try pty.sttySettings()
        try pty.spawn(try DemoProgram.require(), ["raw-signal"])
        try pty.expect("RAW-READY")
        #expect(try pty.sttySettings() != before)
        #expect(pty.transcript.contains("\u{1B}[?25l"))
        kill(pty.pid, signal)
        #expect(try pty.waitForExit() == .signaled(signal))
        try pty.expect("\u{1B}[?25h")
        #expect(try pty.sttySettings() == before)
    }

    @Test("an error thrown out of a raw-mode scope restores the terminal")
    func thrownErrorRestores() throws {
        let pty = try PseudoTerminal()
        let before = try pty.sttySettings()
        try pty.spawn(try DemoProgram.require(), ["raw-throw"])
        try pty.expect("RAW-READY")
        pty.send("q")
        try pty.expect("THREW raw=false")
        #expect(try pty.sttySettings() == before)
        #expect(try pty.waitForExit() == .exited(3))
    }

    @Test("menu: arrow keys move the selection, Enter confirms")
    func menuArrows() throws {
        let pty = try start("menu")
        try pty.expect("Server error")
        try pty.expect("Esc cancel")
        pty.send("\u{1B}[C")
        try pty.expect("[Skip]")
        pty.send("\u{1B}[C")
        try pty.expect("[Cancel]")
        pty.send("\u{1B}[D")
        try pty.expect("[Skip]")
        pty.send("\r")
        try pty.expect("CHOICE=1 Skip")
        #expect(try pty.waitForExit() == .exited(0))
    }

    @Test("menu: keys arriving in one burst are all applied")
    func menuBurst() throws {
        let pty = try start("menu")
        try pty.expect("Esc cancel")
        pty.send("\u{1B}[C\u{1B}[C\u{1B}[C\u{1B}[D\u{1B}[D\r")
        try pty.expect("CHOICE=1 Skip")
        #expect(try pty.waitForExit() == .exited(0))
    }

    @Test("two alert operations asked for at once: the second starts only after the first is answered")
    func alertsNeverOverlap() throws {
        let pty = try start("alerts")
        let beforeFirstAnswer = try pty.expect("First alert")
        try pty.expect("Esc cancel")
        #expect(!pty.transcript.contains("Second alert"))
        #expect(!beforeFirstAnswer.contains("START alert Second"))
        pty.send("n")
        let afterFirst = try pty.expect("START alert Second")
        #expect(afterFirst.contains("ANSWER First=1"), "the second started before the first was answered")
        try pty.expect("Second alert")
        pty.send("\r")
        try pty.expect("ANSWER Second=0")
        try pty.expect("DONE")
        #expect(try pty.waitForExit() == .exited(0))
    }

    @Test("menu: the first letter chooses")
    func menuLetter() throws {
        let pty = try start("menu")
        try pty.expect("Esc cancel")
        pty.send("c")
        try pty.expect("CHOICE=2 Cancel")
        #expect(try pty.waitForExit() == .exited(0))
    }

    @Test("menu: Escape alone and Ctrl-C cancel, and the terminal is restored", arguments: ["\u{1B}", "\u{03}"])
    func menuCancel(key: String) throws {
        let pty = try PseudoTerminal()
        let before = try pty.sttySettings()
        try pty.spawn(try DemoProgram.require(), ["menu"])
        try pty.expect("Esc cancel")
        pty.send(key)
        try pty.expect("CANCELLED")
        #expect(try pty.waitForExit() == .exited(130))
        #expect(try pty.sttySettings() == before)
        #expect(Screen(pty.transcript).cursorVisible)
    }

    @Test("resized while on screen: the next paint leaves no stale line (menu)")
    func resizeRepaints() throws {
        let pty = try start("menu", columns: 100, rows: 40)
        try pty.expect("Esc cancel")
        let before = pty.resize(columns: 30, rows: 40)
        pty.send("\u{1B}[C")  // the next button
        try pty.expect("[Skip]")
        pty.send("\u{1B}")
        try pty.expect("CANCELLED")
        #expect(try pty.waitForExit() == .exited(130))
        try pty.drain()
        let lines = Screen(pty.transcript, columns: 100, resizedAt: before, to: 30).lines
        #expect(lines.filter { $0.contains("Server error") }.count == 1, "\(lines)")
        #expect(lines.filter { $0.contains("Esc cancel") || $0.contains("←/→ choose") }.isEmpty, "\(lines)")
        #expect(lines.filter { $0.contains("could not") }.count == 1, "\(lines)")
    }

    @Test("live progress on a terminal: redrawn in place, suspended for a prompt, resumed, cursor restored")
    func progressOnTerminal() throws {
        let pty = try start("progress")
        try pty.expect("Continue? ")
        pty.send("yes\r")
        try pty.expect("DONE")
        #expect(try pty.waitForExit() == .exited(0))
        try pty.drain()
        let transcript = pty.transcript
        #expect(transcript.contains("\u{1B}[?25l"))
        #expect(transcript.contains("A\u{1B}["))  // cursor up, then rewriting
        #expect(transcript.contains("\u{1B}[3"))  // colour on a terminal
        #expect(!transcript.contains("pwned"))
        let screen = Screen(transcript)
        #expect(screen.cursorVisible)
        let lines = screen.lines.map { stripElapsed($0) }
        #expect(lines == [
            "✓ config  1 item · 2.0 KB",
            "NOTE a message above the live lines",
            "Continue? yes",
            "ANSWER=yes",
            "✓ schedule  150 items · 1.2 MB",
            "– news red skipped — not logged in",
            "✗ videos — HTTP 500 from the server",
            "· favorites — not finished",
            "DONE",
        ])
    }

    @Test("live progress with NO_COLOR: still redrawn in place, but no colour codes")
    func progressNoColor() throws {
        let pty = try start("progress", environment: ["NO_COLOR": "1"])
        try pty.expect("Continue? ")
        pty.send("\r")
        try pty.expect("DONE")
        #expect(try pty.waitForExit() == .exited(0))
        try pty.drain()
        #expect(pty.transcript.contains("\u{1B}[?25l"))
        #expect(pty.transcript.firstMatch(of: /\x1B\[[0-9;]*m/) == nil)
    }

    @Test("live progress in a pipe: plain lines, no escape byte, no prompt")
    func progressInPipe() throws {
        let result = try Spawn.captureWithoutTerminal(try DemoProgram.require(), ["progress"],
                                                      environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
        #expect(result.exitCode == 0)
        #expect(!result.output.contains(0x1B))
        let lines = String(decoding: result.output, as: UTF8.self).split(separator: "\n").map { String($0) }
        let stripped = lines.map { stripElapsed($0) }
        #expect(stripped == [
            "✓ config  1 item · 2.0 KB",
            "– news red skipped — not logged in",
            "NOTE a message above the live lines",
            "✓ schedule  150 items · 1.2 MB",
            "✗ videos — HTTP 500 from the server",
            "· favorites — not finished",
            "DONE",
        ])
    }

    @Test("terminal detection: size from the pty, colour rules, TERM=dumb and pipes are not interactive")
    func detection() throws {
        var pty = try start("info", columns: 100, rows: 30)
        try pty.expect("INFO interactive=true size=100x30 color=true")
        #expect(try pty.waitForExit() == .exited(0))
        pty = try start("info", environment: ["NO_COLOR": "1"])
        try pty.expect("INFO interactive=true size=80x24 color=false")
        pty = try start("info", environment: ["TERM": "dumb"])
        try pty.expect("INFO interactive=false size=80x24 color=false")
        let piped = try Spawn.captureWithoutTerminal(try DemoProgram.require(), ["info"], environment: ["TERM": "xterm", "COLUMNS": "132"])
        #expect(String(decoding: piped.output, as: UTF8.self) == "INFO interactive=false size=132x24 color=false\n")
    }
}
