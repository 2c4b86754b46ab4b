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

/// The full-screen session's bytes, read straight from a pseudo-terminal: what a frame costs, what
/// a signal leaves behind.
@Suite("Full screen on a pseudo-terminal", .serialized, .offThePool)
struct FullScreenPseudoTerminalTests {
    private let endOfFrame = "\u{1B}[?2026l"

    private func start(_ arguments: [String] = [], environment: [String: String] = [:], columns: UInt16 = 80, rows: UInt16 = 24) throws -> PseudoTerminal {
        let pty = try PseudoTerminal(columns: columns, rows: rows)
        try pty.spawn(try DemoProgram.require(), ["browse"] + arguments, environment: environment)
        return pty
    }

    @Test("a one-row move writes about the bytes of the two rows that changed, in one synchronized frame")
    func oneRowMoveBytes() throws {
        let pty = try start()
        try pty.expect(endOfFrame)
        let first = pty.outputCount
        var screen = Screen(pty.transcript, columns: 80)
        pty.send("j")
        let frame = try pty.expect(endOfFrame)
        let bytes = pty.outputCount - first
        #expect(frame.hasPrefix("\u{1B}[?2026h"))
        #expect(frame.components(separatedBy: "\u{1B}[?2026h").count == 2, "more than one frame: \(frame.debugDescription)")
        let before = screen.lines
        screen.feed(frame)
        let after = screen.lines
        let changed = (0..<max(before.count, after.count)).filter { ($0 < before.count ? before[$0] : "") != ($0 < after.count ? after[$0] : "") }
        #expect(changed.count == 2, "rows changed: \(changed)")
        // The two rows as plain text, padded to the screen's width.
        let twoRows = changed.reduce(0) { $0 + after[$1].utf8.count + (80 - after[$1].displayWidth) }
        #expect(bytes <= 2 * twoRows, "\(bytes) bytes for a one-row move; the two rows are \(twoRows)")
        #expect(first > 4 * bytes, "the first frame (\(first) bytes) is no bigger than a move")
        pty.send("q")
        #expect(try pty.waitForExit() == .exited(0))
    }

    @Test("with NO_COLOR no colour is written, the selection still in reverse video")
    func noColor() throws {
        let pty = try start(environment: ["NO_COLOR": "1"])
        try pty.expect(endOfFrame)
        pty.send("q")
        #expect(try pty.waitForExit() == .exited(0))
        try pty.drain()
        let transcript = pty.transcript
        #expect(transcript.contains("\u{1B}[0;7m"))
        #expect(transcript.firstMatch(of: /\x1B\[[0-9;]*(3[0-9]|9[0-7]|38;)[0-9;]*m/) == nil)
        let colored = try start()
        try colored.expect(endOfFrame)
        #expect(colored.transcript.contains("38;5;") || colored.transcript.contains(";33m"))
        colored.send("q")
        #expect(try colored.waitForExit() == .exited(0))
    }

    @Test("a SIGTSTP from elsewhere: the terminal restored before the stop, the full screen back after, drawn whole")
    func stopFromElsewhere() throws {
        // The child leads its own session, so no shell stops it: what is checked is what the
        // handler writes around the stop, and that the frame is drawn whole after it.
        let pty = try PseudoTerminal(columns: 80, rows: 24)
        let before = try pty.sttySettings()
        try pty.spawn(try DemoProgram.require(), ["browse"])
        try pty.expect(endOfFrame)
        let raw = try pty.sttySettings()
        kill(pty.pid, SIGTSTP)
        try pty.expect("\u{1B}[?1049l\u{1B}[?25h")
        try pty.expect("\u{1B}[?1049h")
        let redraw = try pty.expect(endOfFrame)
        #expect(redraw.contains("\u{1B}[2J") && redraw.contains("What's new in Metal"))
        #expect(try pty.sttySettings() == raw)
        pty.send("q")
        #expect(try pty.waitForExit() == .exited(0))
        #expect(try pty.sttySettings() == before)
    }

    @Test("off a terminal the full screen refuses, saying so, and writes no escape")
    func notATerminal() throws {
        let result = try Spawn.captureWithoutTerminal(try DemoProgram.require(), ["browse"], environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
        #expect(result.exitCode == 1)
        #expect(!result.output.contains(0x1B))
        #expect(String(decoding: result.output, as: UTF8.self).contains("no terminal"))
    }
}
