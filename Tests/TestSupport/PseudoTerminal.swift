#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A real pseudo-terminal for tests, with a child process running on it.
///
/// The master is opened with posix_openpt/grantpt/unlockpt/ptsname. The child is started with
/// posix_spawn (Swift cannot fork safely) using POSIX_SPAWN_SETSID, so it leads a new session
/// with no controlling terminal; its file actions then open the slave as fd 0 without O_NOCTTY,
/// which makes the pty the child's controlling terminal, and dup it to 1 and 2. (glibc runs
/// setsid before the file actions; the flag needs glibc ≥ 2.26.) The test keeps its own
/// descriptor on the slave so the pty never hangs up early, `stty -a` can be run on it at any
/// time, and a marker written to it after the child exits proves all earlier output was read.
/// Nothing here sleeps: reads wait with poll until an expected marker appears or a deadline
/// passes, and a thread blocked in waitpid reports the child's exit through a pipe.
public final class PseudoTerminal {
    /// The child's end, reported by a thread of its own through a pipe. The thread shares this object
    /// with the terminal, so the pipe stays open until both are done: a descriptor closed under the
    /// thread gets reused by a test running in parallel, and the four status bytes would land in that
    /// test's exit pipe (a wrong exit status, reported before its child ended) or in `stty` output.
    // @unchecked Sendable: `reaped` is only touched under `lock` (a pthread lock, which the thread
    // sanitizer sees, unlike Synchronization's Mutex on Linux).
    private final class ChildWatch: @unchecked Sendable {
        let pid: pid_t
        let readEnd: Int32
        let writeEnd: Int32
        /// Until the child is reaped its pid names no other process, so it can still be killed.
        private var reaped = false
        private let lock = NSLock()

        init(pid: pid_t) throws {
            let fds = try PTY.pipe()
            self.pid = pid
            readEnd = fds[0]
            writeEnd = fds[1]
        }

        deinit {
            close(readEnd)
            close(writeEnd)
        }

        /// Blocks until the child ends, reaps it, and writes its wait status to the pipe.
        func run() {
            // Waits without reaping first, so the pid stays the child's until `reaped` says otherwise.
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
            var status: Int32 = 0
            lock.withLock {
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                reaped = true
            }
            _ = withUnsafeBytes(of: &status) { write(writeEnd, $0.baseAddress, $0.count) }
        }

        func killIfRunning() {
            lock.withLock {
                if !reaped { kill(pid, SIGKILL) }
            }
        }
    }

    public enum ExitStatus: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        public var description: String {
            switch self {
            case let .exited(code): return "exited(\(code))"
            case let .signaled(signal): return "signaled(\(signal))"
            }
        }
    }

    public struct Timeout: Error, CustomStringConvertible {
        let waitingFor: String
        let transcript: String
        public var description: String { "timed out waiting for \(waitingFor.debugDescription); transcript: \(transcript.debugDescription)" }
    }

    public let master: Int32
    public let slave: Int32
    public let slavePath: String
    public private(set) var pid: pid_t = 0
    private(set) var output: [UInt8] = []
    private var searchFrom = 0
    private var watch: ChildWatch?
    private var status: ExitStatus?
    /// Where the search for the program's questions to the terminal goes on from.
    private var questionsFrom = 0

    /// How the terminal at this end answers the program's questions, as a terminal emulator does.
    public enum Answers: Sendable {
        /// The primary device attributes (DA1, `ESC [ c`), which every terminal answers, and
        /// nothing else (kitty's graphics query goes unanswered, as on xterm).
        case deviceAttributes
        /// DA1 and kitty's graphics queries (`ESC _ G …a=q… ESC \`: `OK`), as kitty does.
        case kittyGraphics
        /// DA1 answered, then `typed` as if typed on the keyboard right after, in the same write.
        case deviceAttributesThenTyping(String)
        /// Nothing at all.
        case nothing
    }

    /// How this terminal answers (DA1 only unless a test says otherwise).
    public var answers: Answers = .deviceAttributes
    /// The questions the program asked, in order (`ESC [ c`, kitty's `ESC _ G …a=q… ESC \`): taken
    /// out of the transcript, as a terminal shows none of them.
    public private(set) var questions: [String] = []

    /// The default deadline (``HangDeadline``).
    public static let timeout: Double = HangDeadline.seconds

    public init(columns: UInt16 = 80, rows: UInt16 = 24) throws {
        master = PTY.openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw PTY.lastError() }
        guard PTY.grantpt(master) == 0, PTY.unlockpt(master) == 0, let path = PTY.ptsname(master) else {
            close(master)
            throw PTY.lastError()
        }
        slavePath = path
        slave = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { throw PTY.lastError() }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    deinit {
        watch?.killIfRunning()
        close(master)
        close(slave)
    }

    /// The transcript so far as text.
    public var transcript: String { String(decoding: output, as: UTF8.self) }

    /// How many bytes have been read so far (to split the transcript where something happened).
    public var outputCount: Int { output.count }

    /// The part of the transcript in `range` of its bytes.
    public func transcript(_ range: Range<Int>) -> String {
        String(decoding: output[range.clamped(to: 0..<output.count)], as: UTF8.self)
    }

    /// Starts `path` on the pty as a session leader with the pty as its controlling terminal.
    /// With `stdinFromNull` its standard input is /dev/null instead, as in `wwdc … < file`.
    public func spawn(_ path: String, _ arguments: [String], environment: [String: String] = [:], stdinFromNull: Bool = false) throws {
        var env = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        env.merge(environment) { $1 }
        pid = try Spawn.run(path, arguments, environment: env, setsid: true) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
            if stdinFromNull { posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) }
        }
        let watch = try ChildWatch(pid: pid)
        self.watch = watch
        Thread.detachNewThread { watch.run() }
    }

    /// Changes the terminal's size, as a window resized by the user: the kernel sends SIGWINCH to
    /// the terminal's foreground process group. Returns how many bytes of output were read just
    /// before: what the program had written until then was shown at the old size (a terminal
    /// renders output when written; a test reads it later, so it reads what is waiting first).
    @discardableResult
    public func resize(columns: UInt16, rows: UInt16) -> Int {
        while readSome(waitingMilliseconds: 0) {}
        defer { resizeTerminal(columns: columns, rows: rows) }
        return output.count
    }

    private func resizeTerminal(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Types bytes on the terminal's keyboard.
    public func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written > 0 { offset += written } else if errno != EINTR { return }
        }
    }

    /// Waits until `marker` appears in the output after the previous match, and returns the output
    /// from the previous match up to and including it.
    @discardableResult
    public func expect(_ marker: String, timeout: Double = PseudoTerminal.timeout) throws -> String {
        let needle = Array(marker.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let range = find(needle) {
                let passage = String(decoding: output[searchFrom..<range.upperBound], as: UTF8.self)
                searchFrom = range.upperBound
                return passage
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, readSome(waitingMilliseconds: Int32(remaining * 1000)) else {
                throw Timeout(waitingFor: marker, transcript: transcript)
            }
        }
    }

    /// Waits until the program's questions to the terminal, together, contain `question`.
    public func expectQuestion(_ question: String, timeout: Double = PseudoTerminal.timeout) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !questions.joined().contains(question) {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, readSome(waitingMilliseconds: Int32(remaining * 1000)) else {
                throw Timeout(waitingFor: question, transcript: transcript)
            }
        }
    }

    /// Waits for the child to end, reading its output meanwhile so it never blocks on a full pty.
    public func waitForExit(timeout: Double = PseudoTerminal.timeout) throws -> ExitStatus {
        if let status { return status }
        guard let watch else { throw Timeout(waitingFor: "exit of a child never started", transcript: transcript) }
        let deadline = Date().addingTimeInterval(timeout)
        while status == nil {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Timeout(waitingFor: "exit", transcript: transcript) }
            var descriptors = [pollfd(fd: master, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: watch.readEnd, events: Int16(POLLIN), revents: 0)]
            guard poll(&descriptors, 2, Int32(remaining * 1000)) > 0 else { continue }
            if descriptors[0].revents != 0 { _ = readSome(waitingMilliseconds: 0) }
            if descriptors[1].revents != 0 {
                var raw: Int32 = 0
                _ = withUnsafeMutableBytes(of: &raw) { read(watch.readEnd, $0.baseAddress, $0.count) }
                status = (raw & 0x7F) == 0 ? .exited((raw >> 8) & 0xFF) : .signaled(raw & 0x7F)
            }
        }
        return status!
    }

    /// After the child exits: reads everything it wrote, by writing a marker behind it on the slave.
    public func drain() throws {
        let marker = "\u{1}drained-\(UUID().uuidString)\u{1}"
        _ = marker.utf8CString.withUnsafeBytes { write(slave, $0.baseAddress, $0.count - 1) }
        try expect(marker)
        output.removeLast(marker.utf8.count)
        searchFrom = min(searchFrom, output.count)
    }

    /// `stty -a` as seen on the pty's slave.
    public func sttySettings() throws -> String {
        try Spawn.capture(["/bin/stty", "/usr/bin/stty"].first { access($0, X_OK) == 0 } ?? "stty", ["-a"], stdin: slave)
    }

    private func find(_ needle: [UInt8]) -> Range<Int>? {
        guard !needle.isEmpty, output.count - searchFrom >= needle.count else { return nil }
        var start = searchFrom
        while start + needle.count <= output.count {
            if output[start] == needle[0] && Array(output[start..<(start + needle.count)]) == needle {
                return start..<(start + needle.count)
            }
            start += 1
        }
        return nil
    }

    /// Waits up to the given time for output and appends it; false on timeout.
    private func readSome(waitingMilliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, max(0, waitingMilliseconds))
        guard ready > 0 else { return ready < 0 && errno == EINTR }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if count > 0 {
            output.append(contentsOf: buffer[0..<count])
            answerQuestions()
        }
        return count > 0 || (count < 0 && (errno == EINTR || errno == EAGAIN))
    }

    /// Answers the questions the program wrote since the last ones (a sequence cut between two
    /// reads waits for its end), in order.
    private func answerQuestions() {
        let escape: UInt8 = 0x1B
        var index = questionsFrom
        while index + 2 < output.count {
            guard output[index] == escape else {
                index += 1
                continue
            }
            if output[index + 1] == UInt8(ascii: "["), output[index + 2] == UInt8(ascii: "c") {
                questions.append(String(decoding: output[index..<(index + 3)], as: UTF8.self))
                output.removeSubrange(index..<(index + 3))
                switch answers {
                case .nothing: break
                case .deviceAttributes, .kittyGraphics: send("\u{1B}[?62;22c")
                case .deviceAttributesThenTyping(let typed): send("\u{1B}[?62;22c" + typed)
                }
            } else if output[index + 1] == UInt8(ascii: "_"), output[index + 2] == UInt8(ascii: "G") {
                // The command ends with ESC \; not there yet: wait for more output.
                guard let end = (index + 3..<output.count).first(where: { output[$0] == escape && $0 + 1 < output.count
                                                                         && output[$0 + 1] == UInt8(ascii: "\\") }) else { break }
                let keys = String(decoding: output[(index + 3)..<end], as: UTF8.self).prefix { $0 != ";" }.split(separator: ",")
                guard keys.contains("a=q") else {
                    index = end + 2
                    continue
                }
                questions.append(String(decoding: output[index..<(end + 2)], as: UTF8.self))
                output.removeSubrange(index..<(end + 2))
                if case .kittyGraphics = answers {
                    let id = keys.first { $0.hasPrefix("i=") } ?? "i=0"
                    send("\u{1B}_G\(id);OK\u{1B}\\")
                }
            } else {
                index += 1
            }
        }
        questionsFrom = index
    }
}

/// The pty calls, which Glibc's Swift module does not export (they need _XOPEN_SOURCE or
/// _GNU_SOURCE), looked up in the C library at run time; Darwin exports them.
public enum PTY {
    /// The current errno as a thrown error.
    public static func lastError() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }

    /// A pipe whose ends are close-on-exec from the start, so a child spawned by a test running in
    /// parallel never inherits one and holds it open.
    public static func pipe() throws -> [Int32] {
        var fds: [Int32] = [-1, -1]
        #if canImport(Darwin)
        guard Darwin.pipe(&fds) == 0 else { throw PTY.lastError() }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        #else
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        guard symbol("pipe2", as: Pipe2.self)(&fds, O_CLOEXEC) == 0 else { throw PTY.lastError() }
        #endif
        return fds
    }

    #if canImport(Darwin)
    public static func openpt(_ flags: Int32) -> Int32 { posix_openpt(flags) }
    public static func grantpt(_ fd: Int32) -> Int32 { Darwin.grantpt(fd) }
    public static func unlockpt(_ fd: Int32) -> Int32 { Darwin.unlockpt(fd) }
    public static func ptsname(_ fd: Int32) -> String? { Darwin.ptsname(fd).map { String(cString: $0) } }
    #else
    private typealias IntFunction = @convention(c) (Int32) -> Int32
    private typealias NameFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32

    private static func symbol<T>(_ name: String, as type: T.Type) -> T {
        let handle = dlopen(nil, RTLD_NOW)
        guard let address = dlsym(handle, name) else { fatalError("\(name) not found in the C library") }
        return unsafeBitCast(address, to: type)
    }

    public static func openpt(_ flags: Int32) -> Int32 { symbol("posix_openpt", as: IntFunction.self)(flags) }
    public static func grantpt(_ fd: Int32) -> Int32 { symbol("grantpt", as: IntFunction.self)(fd) }
    public static func unlockpt(_ fd: Int32) -> Int32 { symbol("unlockpt", as: IntFunction.self)(fd) }
    public static func ptsname(_ fd: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 128)
        guard symbol("ptsname_r", as: NameFunction.self)(fd, &buffer, buffer.count) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    #endif
}
