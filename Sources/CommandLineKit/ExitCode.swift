#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's exit status: 0 done, 1 failed at run time, 64 bad command line, 130 interrupted
/// (Ctrl-C, SIGINT), 143 terminated (SIGTERM): 128 plus the signal, as a shell reports it.
public enum ExitCode: Int32, Sendable {
    case success = 0
    case failure = 1
    case usage = 64
    case interrupted = 130
    case terminated = 143

    /// This status, an interruption told apart by the signal that caused it: commands say
    /// ``interrupted`` for any; SIGTERM makes it ``terminated``.
    public func accountingFor(signal: Int32?) -> ExitCode {
        self == .interrupted && signal == SIGTERM ? .terminated : self
    }
}
