#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TerminalUI

/// A real terminal for tests: a tmux server of the test's own, one window of a given size running
/// a command, driven as a person would (keys, a paste, a resize, a signal) and read as they would
/// see it (the screen, with or without its styles; whether the alternate screen is on; the cursor).
///
/// Waiting never sleeps: ``wait(for:timeout:styles:until:)`` reads the screen, and when the
/// condition does not hold yet, waits for the pane's next output (tmux copies it into a pipe for
/// the test, `pipe-pane`) and reads again, up to a generous deadline. Everything of the session
/// (its socket, its configuration) lives in a folder of its own; the server goes with the object.
public final class TmuxSession {
    /// The screen as tmux shows it at one moment.
    public struct Snapshot: Sendable, CustomStringConvertible {
        /// The pane's rows, trailing spaces removed (with escape sequences for the styles when
        /// read with `styles`).
        public var lines: [String]
        /// Whether the program is on the alternate screen (`#{alternate_on}`).
        public var alternateOn: Bool
        /// Whether the cursor is shown (`#{cursor_flag}`).
        public var cursorVisible: Bool
        /// Whether lines wrap at the right margin (`#{wrap_flag}`).
        public var wraps: Bool
        /// Whether the program asked for mouse reports (`#{mouse_any_flag}`).
        public var mouseReporting: Bool
        public var columns: Int
        public var rows: Int

        /// The lines joined by line breaks.
        public var text: String { lines.joined(separator: "\n") }

        public func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

        /// The columns `text` takes on the screen: a wide character (CJK, an emoji) two, a
        /// combining mark none.
        public static func width(_ text: some StringProtocol) -> Int { TextWidth.of(text) }

        public var description: String {
            "\(columns)×\(rows) alternate=\(alternateOn) cursor=\(cursorVisible)\n" + lines.joined(separator: "\n")
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// tmux, where it is installed (Debian's package `tmux`; `.ci/run` installs it).
    public static let executable: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The deadline of a wait: generous, as the machine may be busy compiling; a hang still fails.
    public static let timeout: Double = 60

    private let tmux: String
    private let folder: TemporaryDirectory
    private let socket: String
    /// The pipe tmux copies the pane's output into: its reading end, and a writing end kept open
    /// here so that it never reads as closed.
    private let events: Int32
    private let eventsWriter: Int32
    public let target = "test:0.0"

    /// Starts `command` (its words, run without a shell) in a new window of `columns` × `rows`,
    /// in an environment of `PATH`, `HOME`, `LANG=C.UTF-8`, `TERM=tmux-256color` and `environment`.
    public init(_ command: [String], columns: Int, rows: Int, environment: [String: String] = [:]) throws {
        guard let tmux = Self.executable else {
            throw Failure(description: "tmux is not installed (Debian's package tmux, which .ci/run installs)")
        }
        self.tmux = tmux
        // A short path: a socket's name must fit in 108 bytes.
        folder = try TemporaryDirectory("tmux")
        socket = folder.path("s").path
        let configuration = folder.path("tmux.conf")
        try Data("""
            set -g status off
            set -g escape-time 0
            set -g default-terminal tmux-256color
            set -g history-limit 100

            """.utf8).write(to: configuration)
        let fifo = folder.path("output").path
        guard mkfifo(fifo, 0o600) == 0 else { throw Failure(description: "mkfifo \(fifo): \(String(cString: strerror(errno)))") }
        events = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        eventsWriter = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        var variables = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8",
                         "TERM": "tmux-256color"]
        if let home = ProcessInfo.processInfo.environment["HOME"] { variables["HOME"] = home }
        variables.merge(environment) { $1 }
        let shellCommand = (["exec", "env", "-i"] + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + command)
            .map(Self.quoted).joined(separator: " ")
        try run(["-f", configuration.path, "new-session", "-d", "-s", "test", "-x", String(columns), "-y", String(rows), shellCommand])
        try run(["pipe-pane", "-O", "-t", target, "cat >> " + Self.quoted(fifo)])
    }

    deinit {
        _ = try? run(["kill-server"])
        close(events)
        close(eventsWriter)
        folder.remove()
    }

    /// Runs a tmux command on this session's server and returns what it printed.
    @discardableResult
    public func run(_ arguments: [String]) throws -> String {
        let (status, output) = try Self.capture(tmux, ["-u", "-S", socket] + arguments)
        guard status == 0 else { throw Failure(description: "tmux \(arguments.joined(separator: " ")): \(output)") }
        return output
    }

    /// Presses keys by tmux's names (`Down`, `NPage`, `C-z`, `Escape`, `Enter`, `BTab`), or types
    /// the words that are not names.
    public func press(_ keys: String...) throws {
        try run(["send-keys", "-t", target] + keys)
    }

    /// Types `text` as it is, character by character.
    public func type(_ text: String) throws {
        try run(["send-keys", "-t", target, "-l", text])
    }

    /// Sends bytes to the program as the terminal would (a mouse report, say).
    public func send(bytes: [UInt8]) throws {
        try run(["send-keys", "-t", target, "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// Pastes `text` as a terminal does, between bracketed-paste marks when the program asked for them.
    public func paste(_ text: String) throws {
        try run(["set-buffer", "-b", "test", text])
        try run(["paste-buffer", "-p", "-d", "-b", "test", "-t", target])
    }

    /// Resizes the window (the program gets SIGWINCH).
    public func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", "test", "-x", String(columns), "-y", String(rows)])
    }

    /// The screen now: its flags and its text read by one tmux command list, which the server runs
    /// without taking the pane's output in between (read by two commands, a program's last bytes
    /// could land between them: the flags of before its exit with the text of after).
    public func snapshot(styles: Bool = false) throws -> Snapshot {
        let format = "#{alternate_on} #{cursor_flag} #{wrap_flag} #{mouse_any_flag} #{pane_width} #{pane_height}"
        let output = try run(["display-message", "-p", "-t", target, format, ";", "capture-pane", "-p", "-t", target] + (styles ? ["-e"] : []))
        var lines = output.components(separatedBy: "\n")
        let flags = lines.removeFirst().split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard flags.count == 6 else { throw Failure(description: "unexpected pane flags \(flags)") }
        if lines.last == "" { lines.removeLast() }
        lines = lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
        return Snapshot(lines: lines, alternateOn: flags[0] == 1, cursorVisible: flags[1] == 1, wraps: flags[2] == 1,
                        mouseReporting: flags[3] == 1, columns: flags[4], rows: flags[5])
    }

    /// Waits until the screen satisfies `predicate` and returns it; throws, with the last screen
    /// seen, after `timeout` seconds.
    @discardableResult
    public func wait(for description: String, timeout: Double = TmuxSession.timeout, styles: Bool = false,
                     until predicate: (Snapshot) -> Bool) throws -> Snapshot {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let snapshot = try snapshot(styles: styles)
            if predicate(snapshot) { return snapshot }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                throw Failure(description: "timed out waiting for \(description); the screen:\n\(snapshot)")
            }
            // The pane's next output; a state that changes without any (the program gone) is seen
            // at the next look, at most half a second on.
            var descriptor = pollfd(fd: events, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(min(remaining, 0.5) * 1000) + 1)
            var scratch = [UInt8](repeating: 0, count: 65_536)
            while scratch.withUnsafeMutableBytes({ read(events, $0.baseAddress, $0.count) }) > 0 {}
        }
    }

    /// Waits until the screen shows `text`.
    @discardableResult
    public func wait(forText text: String, timeout: Double = TmuxSession.timeout) throws -> Snapshot {
        try wait(for: text.debugDescription, timeout: timeout) { $0.contains(text) }
    }

    /// The pseudo-terminal of the pane (`/dev/pts/N`).
    public func tty() throws -> String {
        try run(["display-message", "-p", "-t", target, "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The process the pane started.
    public func panePID() throws -> pid_t {
        guard let pid = pid_t(try run(["display-message", "-p", "-t", target, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw Failure(description: "no pane pid") }
        return pid
    }

    /// The child of the pane's process (the program a shell in the pane runs), waited for up to
    /// `timeout` seconds (it may not have started yet).
    public func programPID(timeout: Double = TmuxSession.timeout) throws -> pid_t {
        let parent = try panePID()
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let (_, output) = try Self.capture("/usr/bin/env", ["pgrep", "-P", String(parent)])
            if let pid = output.split(separator: "\n").compactMap({ pid_t($0) }).first { return pid }
            guard Date() < deadline else { throw Failure(description: "the pane's process \(parent) started no program") }
            // Its start shows as output: wait for that rather than for time.
            var descriptor = pollfd(fd: events, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 200)
        }
    }

    /// `stty -a` on the pane's terminal, read from outside.
    public func stty() throws -> String {
        let (status, output) = try Self.capture("/usr/bin/env", ["stty", "-a", "-F", try tty()])
        guard status == 0 else { throw Failure(description: "stty: \(output)") }
        return output
    }

    /// `word` in single quotes for a shell.
    public static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs a program to its end, its standard output and error together; its status and output.
    private static func capture(_ path: String, _ arguments: [String]) throws -> (Int32, String) {
        let output = try PTY.pipe()
        var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8"]
        if let home = ProcessInfo.processInfo.environment["HOME"] { environment["HOME"] = home }
        let pid: pid_t
        do {
            pid = try Spawn.run(path, arguments, environment: environment, setsid: false) { actions in
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
                posix_spawn_file_actions_adddup2(&actions, output[1], 1)
                posix_spawn_file_actions_adddup2(&actions, output[1], 2)
            }
        } catch {
            close(output[0])
            close(output[1])
            throw error
        }
        close(output[1])
        let text = Spawn.readAll(output[0])
        close(output[0])
        let (status, signalled) = Spawn.wait(pid)
        return (signalled ? 128 + status : status, text)
    }
}
