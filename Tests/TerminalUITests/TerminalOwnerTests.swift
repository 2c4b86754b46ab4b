#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import TestSupport
import TestTraits
import Testing
@testable import TerminalUI
import Operations

/// Collects results delivered on other threads; `wait` blocks on the event, not on a timer.
final class Results<T: Sendable>: Sendable {
    private let values = Locked<[T]>([])
    private let group = DispatchGroup()

    init(expecting count: Int) {
        for _ in 0..<count { group.enter() }
    }

    func deliver(_ value: T) {
        values.withLock { $0.append(value) }
        group.leave()
    }

    func wait(seconds: Double = PseudoTerminal.timeout) -> [T]? {
        group.wait(timeout: .now() + seconds) == .success ? values.withLock { $0 } : nil
    }

    var received: [T] { values.withLock { $0 } }
}

/// A terminal whose both ends are in this process: the slave side for the terminal layer,
/// the master side for the test to type and read.
private func inProcessTerminal(environment: [String: String] = ["TERM": "xterm-256color"]) throws -> (PseudoTerminal, TerminalOwner) {
    let pty = try PseudoTerminal(columns: 100, rows: 30)
    let terminal = Terminal(inputFD: pty.slave, outputFD: pty.slave, environment: environment)
    return (pty, TerminalOwner(terminal: terminal))
}

private func termiosBytes(_ fd: Int32) -> [UInt8] {
    var settings = termios()
    _ = tcgetattr(fd, &settings)
    return withUnsafeBytes(of: &settings) { Array($0) }
}

@Suite("Terminal and TerminalOwner", .offThePool)
struct TerminalOwnerTests {
    @Test("off a terminal: not interactive, raw mode and prompts refuse with a clear error, size falls back")
    func notATerminal() throws {
        let fds = try PTY.pipe()
        defer { close(fds[0]); close(fds[1]) }
        let terminal = Terminal(inputFD: fds[0], outputFD: fds[1], environment: ["COLUMNS": "123", "TERM": "xterm"])
        #expect(terminal.inputFD == nil)
        #expect(!terminal.isInteractive)
        #expect(!terminal.isOutputTerminal)
        #expect(terminal.size == .init(columns: 123, rows: 24))
        #expect(Terminal(inputFD: nil, outputFD: fds[1], environment: [:]).size.columns == 80)
        #expect(throws: TerminalError.notInteractive) { try terminal.enterRawMode() }
        let owner = TerminalOwner(terminal: terminal)
        #expect(throws: TerminalError.notInteractive) { try owner.interact { try $0.readLine(prompt: "Name: ") } }
        #expect(throws: TerminalError.notInteractive) { try owner.interact { try Menu(title: "t", buttons: ["OK"]).run(in: $0) } }
        let message = TerminalError.notInteractive.description
        #expect(message.contains("no terminal") && message.contains("options"))
    }

    @Test("on a terminal: size from TIOCGWINSZ; raw mode nests and restores the exact settings")
    func rawMode() throws {
        let (pty, owner) = try inProcessTerminal()
        let terminal = owner.terminal
        #expect(terminal.isInteractive)
        #expect(terminal.size == .init(columns: 100, rows: 30))
        let before = termiosBytes(pty.slave)
        try terminal.enterRawMode()
        try terminal.enterRawMode()
        var raw = termios()
        _ = tcgetattr(pty.slave, &raw)
        #expect(raw.c_lflag & tcflag_t(ECHO | ICANON | ISIG) == 0)
        #expect(TerminalRestorer.isGuarding)
        terminal.leaveRawMode()
        #expect(terminal.isRawMode)
        terminal.leaveRawMode()
        #expect(!terminal.isRawMode)
        #expect(termiosBytes(pty.slave) == before)
        let thrown = #expect(throws: (any Error).self) {
            try terminal.withRawMode { throw TerminalError.cancelled }
        }
        #expect(thrown != nil)
        #expect(termiosBytes(pty.slave) == before)
    }

    @Test("an escape alone is told from an arrow key by a short wait, not a sleep")
    func escapeTimeout() throws {
        let (pty, owner) = try inProcessTerminal()
        let keys = try owner.perform { context in
            try context.terminal.withRawMode { () throws -> [Key] in
                pty.send("\u{1B}")
                let first = try context.readKey()
                pty.send("\u{1B}[A")
                let second = try context.readKey()
                pty.send("\u{1B}")
                pty.send("[B")
                let third = try context.readKey()
                return [first, second, third]
            }
        }
        #expect(keys == [.escape, .up, .down])
    }

    @Test("interactions run one at a time: the second is drawn only after the first is answered")
    func interactionsAreExclusive() throws {
        let (pty, owner) = try inProcessTerminal()
        let results = Results<String>(expecting: 2)
        for (title, buttons) in [("First question", ["Yes", "No"]), ("Second question", ["Retry", "Cancel"])] {
            owner.interactAsync({ context in try Menu(title: title, buttons: buttons).run(in: context) }) { result in
                let choice = (try? result.get())?.value.map { buttons[$0] } ?? "cancelled"
                results.deliver("\(title): \(choice)")
            }
        }
        try pty.expect("First question")
        try pty.expect("Esc cancel")
        #expect(!pty.transcript.contains("Second question"))
        #expect(results.received.isEmpty)
        pty.send("n")
        try pty.expect("Second question")
        try pty.expect("Esc cancel")
        pty.send("\u{1B}[C\r")
        let answers = try #require(results.wait())
        #expect(answers == ["First question: No", "Second question: Cancel"])
    }

    @Test("cancelling a token wakes a prompt waiting for keys; a token cancelled early skips the prompt")
    func tokenCancellation() throws {
        let (pty, owner) = try inProcessTerminal()
        let token = InteractionToken()
        let results = Results<String>(expecting: 1)
        owner.interactAsync(token: token, { context in try context.readLine(prompt: "Name: ") }) { result in
            results.deliver((try? result.get()).map { $0.isCancelled ? "cancelled" : "answered" } ?? "error")
        }
        try pty.expect("Name: ")
        token.cancel()
        #expect(results.wait() == ["cancelled"])
        #expect(!owner.terminal.isRawMode)

        let early = InteractionToken()
        early.cancel()
        let result = try owner.interact(token: early) { try $0.readLine(prompt: "Never shown: ") }
        #expect(result == .cancelled)
        owner.drain()
        pty.send("x")  // something to read, so the check below does not depend on timing
        _ = try? pty.expect("never-appears", timeout: 0.2)
        #expect(!pty.transcript.contains("Never shown"))
    }

    @Test("concurrent writers never interleave inside a block")
    func serialization() throws {
        let fds = try PTY.pipe()
        defer { close(fds[0]) }
        let owner = TerminalOwner(terminal: Terminal(inputFD: nil, outputFD: fds[1], environment: [:]))
        DispatchQueue.concurrentPerform(iterations: 8) { writer in
            for line in 0..<50 {
                owner.performAsync { context in
                    context.write("writer-\(writer) ")
                    context.write("line-\(line) ")
                    context.write(String(repeating: "x", count: 60))
                    context.writeLine(" end-\(writer)-\(line)")
                }
            }
        }
        owner.drain()
        close(fds[1])
        let lines = Spawn.readAll(fds[0]).split(separator: "\n")
        #expect(lines.count == 400)
        for line in lines {
            let parts = line.split(separator: " ")
            let writer = parts[0].dropFirst("writer-".count)
            let number = parts[1].dropFirst("line-".count)
            #expect(parts.count == 4 && parts[3] == "end-\(writer)-\(number)", "\(line)")
        }
    }

    @Test("perform from the owner queue runs inline instead of deadlocking")
    func reentrant() {
        let owner = TerminalOwner(terminal: Terminal(inputFD: nil, outputFD: -1, environment: [:]))
        let value = owner.perform { _ in owner.perform { _ in owner.isCurrent } }
        #expect(value)
        #expect(!owner.isCurrent)
    }
}

@Suite("LiveProgress", .offThePool)
struct LiveProgressTests {
    /// Writes a unique last line through the owner; once it is read, everything before it was.
    private func endMarker(_ owner: TerminalOwner) -> String {
        let marker = "end-\(UUID().uuidString)"
        owner.perform { $0.writeLine(marker) }
        return marker
    }

    @Test("in a pipe: plain lines in finishing order, no escape byte, server text sanitised")
    func pipe() throws {
        let fds = try PTY.pipe()
        defer { close(fds[0]) }
        let owner = TerminalOwner(terminal: Terminal(inputFD: nil, outputFD: fds[1], environment: ["TERM": "xterm-256color"]))
        let progress = LiveProgress(owner: owner)
        #expect(!progress.isLive)
        let schedule = progress.begin("schedule")
        let news = progress.begin("news\u{1B}]0;pwned\u{07}\u{1B}[2J")
        progress.update(schedule, items: 10, bytes: 2_000)
        progress.finish(news, .failed("HTTP 500 \u{1B}[31mboom"), bytes: 512)
        progress.finish(schedule, .succeeded, items: 150, bytes: 45_200)
        let favorites = progress.begin("favorites")
        progress.finish(favorites, .skipped("not logged in"))
        progress.begin("videos")
        progress.stop()
        owner.drain()
        close(fds[1])
        let bytes = Spawn.readAllBytes(fds[0])
        #expect(!bytes.contains(0x1B))
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("✗ news — HTTP 500 boom  "))
        #expect(lines[1].hasPrefix("✓ schedule  150 items · 45.2 KB · "))
        #expect(lines[2] == "– favorites skipped — not logged in")
        #expect(lines[3].hasPrefix("· videos — not finished"))
        #expect(!lines.joined().contains("pwned"))
    }

    @Test("on a terminal: redrawn in place; suspend erases the lines and resume brings them back")
    func suspendAndResume() throws {
        let pty = try PseudoTerminal(columns: 60, rows: 20)
        let owner = TerminalOwner(terminal: Terminal(inputFD: pty.slave, outputFD: pty.slave, environment: ["TERM": "xterm", "NO_COLOR": "1"]))
        let progress = LiveProgress(owner: owner, spinnerInterval: .seconds(3600))
        #expect(progress.isLive)
        let first = progress.begin("first task")
        progress.begin("second task")
        owner.drain()
        try pty.expect("second task")
        #expect(Screen(pty.transcript).lines.map { String($0.dropFirst(2)).prefix(11) } == ["first task ", "second task"])

        progress.suspend()
        owner.drain()
        let marker = "suspended-\(UUID().uuidString)"
        owner.perform { $0.writeLine(marker) }
        try pty.expect(marker)
        #expect(Screen(pty.transcript).lines == [marker])

        progress.resume()
        progress.finish(first, .succeeded, items: 3)
        progress.stop()
        try pty.expect(endMarker(owner))
        let screen = Screen(pty.transcript)
        #expect(screen.lines.count == 4)
        #expect(screen.lines[0] == marker)
        #expect(screen.lines[1].hasPrefix("✓ first task  3 items · "))
        #expect(screen.lines[2].hasPrefix("· second task — not finished"))
        #expect(screen.cursorVisible)
        #expect(!pty.transcript.contains("\u{1B}[3"))  // NO_COLOR: no colour codes
    }

    @Test("messages printed while lines are live appear above them")
    func printAbove() throws {
        let pty = try PseudoTerminal(columns: 60, rows: 20)
        let owner = TerminalOwner(terminal: Terminal(inputFD: pty.slave, outputFD: pty.slave, environment: ["TERM": "xterm"]))
        let progress = LiveProgress(owner: owner, spinnerInterval: .seconds(3600))
        let task = progress.begin("download")
        owner.print("note one")
        owner.perform { $0.writeLine("note two") }
        progress.finish(task, .succeeded)
        progress.stop()
        let end = endMarker(owner)
        try pty.expect(end)
        let lines = Screen(pty.transcript).lines.dropLast()
        #expect(Screen(pty.transcript).lines.last == end)
        #expect(lines.count == 3)
        #expect(lines[0] == "note one")
        #expect(lines[1] == "note two")
        #expect(lines[2].hasPrefix("✓ download"))
    }

    @Test("long lines are cut to the terminal width instead of wrapping")
    func truncation() throws {
        let pty = try PseudoTerminal(columns: 30, rows: 20)
        let owner = TerminalOwner(terminal: Terminal(inputFD: pty.slave, outputFD: pty.slave, environment: ["TERM": "xterm"]))
        let progress = LiveProgress(owner: owner, spinnerInterval: .seconds(3600))
        let task = progress.begin("a task with a very long title that cannot fit")
        progress.finish(task, .failed("and an even longer reason for failing"))
        progress.stop()
        let end = endMarker(owner)
        try pty.expect(end)
        let lines = Screen(pty.transcript).lines
        #expect(lines.count == 2)
        #expect(lines[1] == end)
        #expect(lines[0].displayWidth <= 29)
        #expect(lines[0].hasSuffix("…"))
    }

    @Test("the spinner turns on a timer on the owner queue and stops with the display")
    func spinner() throws {
        let pty = try PseudoTerminal(columns: 60, rows: 20)
        let owner = TerminalOwner(terminal: Terminal(inputFD: pty.slave, outputFD: pty.slave, environment: ["TERM": "xterm"]))
        let progress = LiveProgress(owner: owner, spinnerInterval: .milliseconds(20))
        progress.begin("spinning")
        try pty.expect("⠋")
        try pty.expect("⠙")
        try pty.expect("⠹")
        progress.stop()
        #expect(progress.state.withLock { $0.timer == nil && $0.stopped })
        let end = endMarker(owner)
        try pty.expect(end)
        #expect(Screen(pty.transcript).lines.first?.hasPrefix("· spinning — not finished") == true)
    }

    @Test("byte and time formatting")
    func formatting() {
        #expect(LiveProgress.formatBytes(999) == "999 B")
        #expect(LiveProgress.formatBytes(45_200) == "45.2 KB")
        #expect(LiveProgress.formatBytes(1_234_567) == "1.2 MB")
        #expect(LiveProgress.formatBytes(999_999) == "1.0 MB")
        #expect(LiveProgress.formatBytes(123_456) == "123 KB")
        #expect(LiveProgress.formatElapsed(.milliseconds(340)) == "0.3s")
        #expect(LiveProgress.formatElapsed(.seconds(12.4)) == "12s")
        #expect(LiveProgress.formatElapsed(.seconds(65)) == "1m05s")
    }
}
