import Foundation

/// Runs a built program (usually `wwdc`) as a child process and collects what it printed.
public struct CommandResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Killed by a signal (the status is then the signal's number).
    public var signalled: Bool
    /// stdout's bytes as they came (``stdout`` decodes them, bytes that are not UTF-8 as U+FFFD).
    public var stdoutBytes: Data

    /// stderr's lines that start with "Error:".
    public var errorLines: [String] { stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("Error:") } }
}

/// A child process started by a test, with its output collected in the background.
public final class RunningCommand: @unchecked Sendable {
    // @unchecked Sendable: the buffers and the exit are only touched under `lock`.
    public let pid: Int32
    private let lock = NSCondition()
    private var out: [UInt8] = []
    private var err: [UInt8] = []
    private var exit: (status: Int32, signalled: Bool)?
    private let outDone = DispatchSemaphore(value: 0)
    private let errDone = DispatchSemaphore(value: 0)

    init(pid: Int32, stdout: Int32, stderr: Int32) {
        self.pid = pid
        Self.drain(stdout, into: { [self] bytes in lock.withLock { out += bytes; lock.broadcast() } }, done: outDone)
        Self.drain(stderr, into: { [self] bytes in lock.withLock { err += bytes; lock.broadcast() } }, done: errDone)
        // The one waiter of this child: it reaps it as soon as it exits.
        Thread.detachNewThread { [self] in
            let outcome = Spawn.wait(pid)
            lock.withLock {
                exit = outcome
                lock.broadcast()
            }
        }
    }

    private static func drain(_ descriptor: Int32, into sink: @escaping @Sendable ([UInt8]) -> Void, done: DispatchSemaphore) {
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    sink(Array(buffer[0..<count]))
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            close(descriptor)
            done.signal()
        }
    }

    /// Whether it has exited (and been reaped).
    public var hasExited: Bool { lock.withLock { exit != nil } }

    /// What it has written to stderr so far.
    public var stderrSoFar: String { lock.withLock { String(decoding: err, as: UTF8.self) } }

    /// Waits until stderr contains `marker`; false after `seconds`.
    public func waitForStderr(containing marker: String, seconds: Double = HangDeadline.seconds) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        lock.lock()
        defer { lock.unlock() }
        while !String(decoding: err, as: UTF8.self).contains(marker) {
            if !lock.wait(until: deadline) { return false }
        }
        return true
    }

    public func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// Waits, off the cooperative pool, until stderr contains `marker`; false after `seconds`.
    public func stderr(contains marker: String, within seconds: Double = HangDeadline.seconds) async -> Bool {
        (try? await onThread { self.waitForStderr(containing: marker, seconds: seconds) }) ?? false
    }

    /// Waits, off the cooperative pool, for the exit (killing it after `seconds`).
    public func finished(within seconds: Double = HangDeadline.seconds) async -> CommandResult {
        // onThread only rethrows what its body throws, and `wait` throws nothing.
        try! await onThread { self.wait(seconds: seconds) }
    }

    /// Waits for the exit (killing it after `seconds`) and returns what it printed.
    public func wait(seconds: Double = HangDeadline.seconds) -> CommandResult {
        let deadline = Date(timeIntervalSinceNow: seconds)
        lock.lock()
        while exit == nil {
            if !lock.wait(until: deadline) {
                kill(pid, SIGKILL)
                while exit == nil { lock.wait() }
            }
        }
        lock.unlock()
        outDone.wait()
        errDone.wait()
        return lock.withLock {
            CommandResult(status: exit!.status, stdout: String(decoding: out, as: UTF8.self),
                          stderr: String(decoding: err, as: UTF8.self), signalled: exit!.signalled, stdoutBytes: Data(out))
        }
    }
}

public enum CommandRunner {
    /// The built `wwdc` binary.
    public static var wwdc: URL { ProjectPaths.products.appendingPathComponent("wwdc") }

    /// Starts `executable` with `arguments`, an environment made of a clean base plus `environment`,
    /// and `stdin` as its input. With `readerGone`, its stdout is a pipe whose reader has already
    /// closed it (`wwdc … | head` after head has exited).
    public static func start(_ executable: URL = wwdc, _ arguments: [String], environment: [String: String] = [:],
                             stdin: String? = nil, directory: URL? = nil, readerGone: Bool = false) throws -> RunningCommand {
        var base = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8"]
        if let home = ProcessInfo.processInfo.environment["HOME"] { base["HOME"] = home }
        let input = try PTY.pipe()
        let output = try PTY.pipe()
        let errors = try PTY.pipe()
        let pid: pid_t
        do {
            pid = try Spawn.run(executable.path, arguments, environment: base.merging(environment) { $1 }, setsid: false,
                                directory: directory?.path) { actions in
                posix_spawn_file_actions_adddup2(&actions, input[0], 0)
                posix_spawn_file_actions_adddup2(&actions, output[1], 1)
                posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
            }
        } catch {
            for descriptor in input + output + errors { close(descriptor) }
            throw error
        }
        close(input[0])
        close(output[1])
        close(errors[1])
        var stdoutReader = output[0]
        if readerGone {
            close(output[0])
            stdoutReader = open("/dev/null", O_RDONLY)
        }
        if let stdin {
            var bytes = Array(stdin.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
                if written > 0 { bytes = bytes.dropFirst(written) } else if errno != EINTR { break }
            }
        }
        close(input[1])
        return RunningCommand(pid: pid, stdout: stdoutReader, stderr: errors[0])
    }

    /// Runs to completion, blocking the calling thread: for code already off the cooperative pool.
    public static func run(_ executable: URL = wwdc, _ arguments: [String], environment: [String: String] = [:],
                           stdin: String? = nil, seconds: Double = HangDeadline.seconds) throws -> CommandResult {
        try start(executable, arguments, environment: environment, stdin: stdin).wait(seconds: seconds)
    }

    /// Runs to completion off the cooperative pool, once one of ``ProcessSlots/shared``'s slots is
    /// free; `queued: false` runs at once (for a test that holds a child whose clock runs meanwhile).
    public static func run(_ executable: URL = wwdc, _ arguments: [String], environment: [String: String] = [:],
                           stdin: String? = nil, seconds: Double = HangDeadline.seconds, queued: Bool = true) async throws -> CommandResult {
        let body: @Sendable () async throws -> CommandResult = {
            try await onThread { try run(executable, arguments, environment: environment, stdin: stdin, seconds: seconds) }
        }
        return queued ? try await ProcessSlots.shared.run(body) : try await body()
    }
}
