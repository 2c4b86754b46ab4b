#if os(Linux)
import Foundation
import Glibc
import TestSupport

/// A full-screen program on a pseudo-terminal of its own, timed as the person at the keyboard sees
/// it: a key's time runs from writing it to the last byte of the frame it brought, the frame ending
/// when the output has been quiet for ``quiet`` seconds (not counted). The same rule for every
/// program timed, so that two of them compare.
///
/// The child leads a session of its own with the pseudo-terminal as its controlling terminal
/// (TestSupport's `Spawn` with setsid, the slave opened without O_NOCTTY), so `/dev/tty` is the
/// pseudo-terminal, as fzf needs. Times come from CLOCK_MONOTONIC; waits are `poll` on the master.
final class TerminalHarness {
    /// What a key (or the start) brought: the time to the frame's last byte, and its bytes.
    struct Frame {
        let milliseconds: Double
        let bytes: [UInt8]

        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// How long the output stays quiet before a frame counts as whole.
    static let quiet = 0.100

    let name: String
    let pid: pid_t
    private let master: Int32
    /// The harness's own descriptor on the slave, so the terminal never hangs up under the child.
    private let slave: Int32
    private var reaped = false
    /// When the child was started.
    let started: Double

    /// Starts `path` on an 80×24 (or `columns`×`rows`) terminal; its standard input is the
    /// terminal, or the file `input` (fzf reads the lines to choose from there).
    init(name: String, path: String, arguments: [String], environment: [String: String], columns: UInt16 = 80, rows: UInt16 = 24,
         input: String? = nil) throws {
        self.name = name
        master = PTY.openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw PTY.lastError() }
        guard PTY.grantpt(master) == 0, PTY.unlockpt(master) == 0, let slavePath = PTY.ptsname(master) else {
            close(master)
            throw PTY.lastError()
        }
        slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            close(master)
            throw PTY.lastError()
        }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        started = Self.now()
        do {
            pid = try Spawn.run(path, arguments, environment: environment, setsid: true) { actions in
                // The first terminal a session leader opens becomes its controlling terminal.
                posix_spawn_file_actions_addopen(&actions, 1, slavePath, O_RDWR, 0)
                posix_spawn_file_actions_adddup2(&actions, 1, 2)
                if let input {
                    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
                } else {
                    posix_spawn_file_actions_adddup2(&actions, 1, 0)
                }
            }
        } catch {
            close(master)
            close(slave)
            throw error
        }
    }

    deinit {
        if !reaped {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        close(master)
        close(slave)
    }

    /// The first frame: from the start to its last byte.
    func firstFrame(timeout: Double = 10) throws -> Frame {
        try frame(from: started, timeout: timeout)
    }

    /// Types `key` and waits for its frame.
    func press(_ key: String, timeout: Double = 10) throws -> Frame {
        let start = Self.now()
        write(key)
        return try frame(from: start, timeout: timeout)
    }

    /// Types a key that may change nothing on the screen (Home at the top), and waits for its frame
    /// if one comes within half a second.
    func pressMayChangeNothing(_ key: String) {
        let start = Self.now()
        write(key)
        _ = try? frame(from: start, timeout: 0.5)
    }

    /// Waits for a frame that comes without a key (after a resize).
    func nextFrame(timeout: Double = 10) throws -> Frame {
        try frame(from: Self.now(), timeout: timeout)
    }

    /// Resizes the terminal, as a window resized: the child gets SIGWINCH.
    func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Waits out frames until the screen says `text` (one frame, or several in a row), as after a
    /// start whose lines are still being read.
    func settle(until text: String, timeout: Double = 30) throws {
        let deadline = Self.now() + timeout
        var seen = ""
        while !seen.contains(text) {
            guard Self.now() < deadline else { throw Failure(description: "\(name): \(text.debugDescription) never showed") }
            seen = String(seen.suffix(text.utf8.count)) + ((try? frame(from: Self.now(), timeout: 1).text) ?? "")
        }
    }

    /// Reads until the output has been quiet for ``quiet`` seconds; the frame's time is from `start`
    /// to its last byte. Fails when nothing comes within `timeout` seconds.
    private func frame(from start: Double, timeout: Double) throws -> Frame {
        var bytes: [UInt8] = []
        var last: Double?
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let now = Self.now()
            // A program that never goes quiet gets its frame cut at the timeout.
            let until = min(last.map { $0 + Self.quiet } ?? .infinity, start + timeout)
            if now >= until { break }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(((until - now) * 1000).rounded(.up)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { break }
            last = Self.now()
            bytes += buffer[0..<count]
        }
        guard let last else { throw Failure(description: "\(name): no frame within \(Int(timeout)) s") }
        return Frame(milliseconds: (last - start) * 1000, bytes: bytes)
    }

    /// Types bytes on the terminal's keyboard.
    func write(_ key: String) {
        let bytes = Array(key.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if errno != EINTR {
                return
            }
        }
    }

    /// The child's resident anonymous memory (`RssAnon` of /proc/PID/status: the heap and stacks,
    /// not the store's file mapped in), in bytes.
    func residentAnonymousBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("RssAnon:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return kilobytes * 1024
    }

    /// Ends the child: `key` (its own way out) first, SIGTERM if it is still there after a
    /// second, SIGKILL after another; reaps it. Returns how it ended.
    @discardableResult
    func finish(typing key: String) -> String {
        guard !reaped else { return "already ended" }
        write(key)
        for (signal, label) in [(Int32(0), "exited on its own"), (SIGTERM, "ended by SIGTERM"), (SIGKILL, "killed")] {
            if signal != 0 { kill(pid, signal) }
            let deadline = Self.now() + 1
            repeat {
                var status: Int32 = 0
                let result = waitpid(pid, &status, WNOHANG)
                if result == pid || (result < 0 && errno == ECHILD) {
                    reaped = true
                    return (status & 0x7F) == 0 ? "\(label) (status \((status >> 8) & 0xFF))" : "\(label) (signal \(status & 0x7F))"
                }
                // Drains what it writes on its way out, so it never blocks on a full terminal.
                _ = try? frame(from: Self.now(), timeout: 0.05)
            } while Self.now() < deadline
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
        return "killed"
    }

    static func now() -> Double {
        BrowseBenchmark.monotonicSeconds()
    }
}
#endif
