import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run on the terminal in the foreground (a pager, an editor, a player): Ctrl-C and
/// Ctrl-\ are its own while it runs (it gets them too, from the same terminal), and the program
/// waits for it instead of ending first and leaving it on the screen. A full-screen session hands
/// the terminal over first (``FullScreenSession/runInForeground(_:)``).
public struct TerminalChild {
    private let interrupt: sigaction
    private let quit: sigaction

    /// Ignores SIGINT and SIGQUIT until ``restore()``.
    public static func holdSignals() -> TerminalChild {
        TerminalChild(interrupt: ignore(SIGINT), quit: ignore(SIGQUIT))
    }

    /// Puts back what was done with the signals before.
    public func restore() {
        Self.restore(SIGINT, interrupt)
        Self.restore(SIGQUIT, quit)
    }

    /// Waits for `pid` to end; its exit status, or 128 + the signal that ended it.
    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    private static func ignore(_ signal: Int32) -> sigaction {
        var ignored = sigaction()
        #if canImport(Glibc)
        ignored.__sigaction_handler.sa_handler = SIG_IGN
        #else
        ignored.__sigaction_u.__sa_handler = SIG_IGN
        #endif
        sigemptyset(&ignored.sa_mask)
        var previous = sigaction()
        sigaction(signal, &ignored, &previous)
        return previous
    }

    private static func restore(_ signal: Int32, _ action: sigaction) {
        var action = action
        sigaction(signal, &action, nil)
    }
}
