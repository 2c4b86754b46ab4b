import Foundation
import Operations
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows notifications on the desktop through a `notify-send` program, one run each, in order,
/// never through a shell. Its output says how many were shown and, when one could not be, why;
/// the rest are then not tried (what stops one, no session bus or no notification service, stops
/// them all). It never fails: a notification not shown is not worth failing a command for.
//
// @unchecked Sendable: immutable after init; the output is the superclass's.
public final class SendNotificationsOperation: AdvancedOperation, OutputOperation, @unchecked Sendable {
    /// What happened.
    public struct Outcome: Sendable, Equatable {
        public var shown: Int
        /// How the first run that failed ended: its exit status, or the reason it could not start.
        public var failure: String?
    }

    public let output = OperationOutput<Outcome>()
    private let program: String
    private let appName: String
    private let notifications: [DesktopNotification]
    private let environment: [String: String]

    /// `program` is the path of `notify-send`; `environment` its (the session bus's address is in it).
    public init(program: String, appName: String, notifications: [DesktopNotification], environment: [String: String]) {
        self.program = program
        self.appName = appName
        self.notifications = notifications
        self.environment = environment
        super.init()
        name = "notify"
    }

    public override func execute() {
        var shown = 0
        var failure: String?
        let quiet = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { if quiet >= 0 { close(quiet) } }
        for notification in notifications where !isCancelled {
            do {
                let pid = try ProgramCommandLine.spawn(program, [program] + notification.arguments(appName: appName), environment: environment,
                                                       standardInput: quiet, standardOutput: quiet, standardError: quiet)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                let signal = status & 0x7F
                let code = (status >> 8) & 0xFF
                guard signal == 0, code == 0 else {
                    failure = signal != 0 ? "ended by signal \(signal)" : "exit status \(code)"
                    break
                }
                shown += 1
            } catch {
                failure = error.reason
                break
            }
        }
        output.set(Outcome(shown: shown, failure: failure))
        finish()
    }
}
