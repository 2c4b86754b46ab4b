import Foundation
import TestSupport
import Operations

/// One run of `wwdc` on a real pseudo-terminal: a script of markers to wait for and keys to type.
struct TerminalSession {
    enum Step: Sendable {
        case expect(String)
        /// Waits for a question to the terminal (``PseudoTerminal/questions``), which the screen does not show.
        case asked(String)
        case type(String)
        /// Waits for something outside the terminal (a request the server holds) before going on.
        case wait(@Sendable () async throws -> Void)
        /// Sends a signal to the program.
        case signal(Int32)
        /// Resizes the terminal (`TIOCSWINSZ`; the kernel sends the program SIGWINCH).
        case resize(columns: UInt16, rows: UInt16)
    }

    struct Outcome: Sendable {
        var transcript: String
        var exit: PseudoTerminal.ExitStatus?
        var sttyBefore: String
        var sttyAfter: String
        /// What went wrong while following the script (a marker that never came), if anything.
        var problem: String?
        /// Where the output stood (bytes read) at each resize, to replay it at the right widths.
        var resizedAt: [Int] = []
    }

    /// Runs off the cooperative pool (pty reads block); assertions belong to the caller.
    static func run(_ arguments: [String], environment: [String: String], columns: UInt16 = 100,
                    answers: PseudoTerminal.Answers = .deviceAttributes, script: [Step]) async throws -> Outcome {
        try await onThread {
            let pty = try PseudoTerminal(columns: columns, rows: 30)
            pty.answers = answers
            let before = try pty.sttySettings()
            try pty.spawn(CommandRunner.wwdc.path, arguments, environment: environment)
            var problem: String?
            var resizedAt: [Int] = []
            do {
                for step in script {
                    switch step {
                    case let .expect(marker): try pty.expect(marker)
                    case let .asked(question): try pty.expectQuestion(question)
                    case let .type(keys): pty.send(keys)
                    case let .wait(event): try Self.block(on: event)
                    case let .signal(number): kill(pty.pid, number)
                    case let .resize(columns, rows):
                        resizedAt.append(pty.resize(columns: columns, rows: rows))
                    }
                }
            } catch {
                problem = "\(error)"
            }
            let exit = try? pty.waitForExit()
            try? pty.drain()
            return Outcome(transcript: pty.transcript, exit: exit, sttyBefore: before, sttyAfter: try pty.sttySettings(), problem: problem,
                           resizedAt: resizedAt)
        }
    }

    /// Runs `event` to its end from this (non-cooperative) thread.
    private static func block(on event: @escaping @Sendable () async throws -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        let failure = Locked<(any Error)?>(nil)
        Task {
            do { try await event() } catch { failure.withLock { $0 = error } }
            done.signal()
        }
        done.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
