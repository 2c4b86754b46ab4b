import Foundation

/// Runs a built program (usually `wwdc`) as a child process and collects what it printed.
public struct CommandResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Killed by a signal (the status is then the signal's number).
    public var signalled: Bool

    /// stderr's lines that start with "Error:".
    public var errorLines: [String] { stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("Error:") } }
}

/// A child process started by a test, with its output collected in the background.
public final class RunningCommand: @unchecked Sendable {
    // @unchecked Sendable: the buffers are only touched under `lock`.
    private let process: Process
    private let lock = NSCondition()
    private var out = Data()
    private var err = Data()
    private let outDone = DispatchSemaphore(value: 0)
    private let errDone = DispatchSemaphore(value: 0)

    init(process: Process, stdout: Pipe, stderr: Pipe) {
        self.process = process
        Self.drain(stdout.fileHandleForReading, into: { [self] data in
            lock.withLock { out.append(data); lock.broadcast() }
        }, done: outDone)
        Self.drain(stderr.fileHandleForReading, into: { [self] data in
            lock.withLock { err.append(data); lock.broadcast() }
        }, done: errDone)
    }

    private static func drain(_ handle: FileHandle, into sink: @escaping @Sendable (Data) -> Void, done: DispatchSemaphore) {
        Thread.detachNewThread {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                sink(chunk)
            }
            done.signal()
        }
    }

    public var pid: Int32 { process.processIdentifier }

    /// What it has written to stderr so far.
    public var stderrSoFar: String { lock.withLock { String(decoding: err, as: UTF8.self) } }

    /// Waits until stderr contains `marker`; false after `seconds`.
    public func waitForStderr(containing marker: String, seconds: Double = 30) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        lock.lock()
        defer { lock.unlock() }
        while !String(decoding: err, as: UTF8.self).contains(marker) {
            if !lock.wait(until: deadline) { return false }
        }
        return true
    }

    public func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits, off the cooperative pool, until stderr contains `marker`; false after `seconds`.
    public func stderr(contains marker: String, within seconds: Double = 30) async -> Bool {
        (try? await onThread { self.waitForStderr(containing: marker, seconds: seconds) }) ?? false
    }

    /// Waits, off the cooperative pool, for the exit (killing it after `seconds`).
    public func finished(within seconds: Double = 120) async -> CommandResult {
        // onThread only rethrows what its body throws, and `wait` throws nothing.
        try! await onThread { self.wait(seconds: seconds) }
    }

    /// Waits for the exit (killing it after `seconds`) and returns what it printed.
    public func wait(seconds: Double = 120) -> CommandResult {
        let exited = DispatchSemaphore(value: 0)
        let process = process
        Thread.detachNewThread {
            process.waitUntilExit()
            exited.signal()
        }
        if exited.wait(timeout: .now() + seconds) == .timedOut {
            process.terminate()
            exited.wait()
        }
        outDone.wait()
        errDone.wait()
        return lock.withLock {
            CommandResult(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                          stderr: String(decoding: err, as: UTF8.self),
                          signalled: process.terminationReason == .uncaughtSignal)
        }
    }
}

public enum CommandRunner {
    /// The built `wwdc` binary.
    public static var wwdc: URL { ProjectPaths.products.appendingPathComponent("wwdc") }

    /// Starts `executable` with `arguments`, an environment made of a clean base plus `environment`,
    /// and `stdin` as its input.
    public static func start(_ executable: URL = wwdc, _ arguments: [String], environment: [String: String] = [:],
                             stdin: String? = nil, directory: URL? = nil) throws -> RunningCommand {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var base = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8"]
        if let home = ProcessInfo.processInfo.environment["HOME"] { base["HOME"] = home }
        process.environment = base.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = directory }
        let stdout = Pipe().closingOnExec()
        let stderr = Pipe().closingOnExec()
        process.standardOutput = stdout
        process.standardError = stderr
        let input = Pipe().closingOnExec()
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        return RunningCommand(process: process, stdout: stdout, stderr: stderr)
    }

    /// Runs to completion.
    public static func run(_ executable: URL = wwdc, _ arguments: [String], environment: [String: String] = [:],
                           stdin: String? = nil, seconds: Double = 120) throws -> CommandResult {
        try start(executable, arguments, environment: environment, stdin: stdin).wait(seconds: seconds)
    }
}
