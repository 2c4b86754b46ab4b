import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Delivers signals to ``SignalGate``s through a self-pipe: the handler (whichever thread the kernel
/// picks) only writes the signal's number to a pipe, the one async-signal-safe thing it needs to do;
/// a dedicated thread reads it and calls the gate. Unlike a dispatch signal source on Linux, this does
/// not depend on which threads block the signal.
enum SignalPipe {
    private static let writeEnd = Atomic<Int32>(-1)
    private static let registry = Locked<[Int32: SignalGate]>([:])
    private static let started = Locked(false)

    /// Routes `signal` to `gate` from now on (the last gate registered for a signal wins).
    static func register(_ signal: Int32, for gate: SignalGate) {
        startIfNeeded()
        registry.withLock { $0[signal] = gate }
        var action = sigaction(handler: signalPipeHandler, flags: SA_RESTART)
        sigaction(signal, &action, nil)
        // A process started from a thread that blocks signals (a dispatch worker does) inherits the
        // mask: the signal would stay pending for ever. This thread, at least, takes it.
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, signal)
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    }

    /// Gives `signal` back its default action (to end the process the usual way).
    static func unregister(_ signal: Int32) {
        _ = registry.withLock { $0.removeValue(forKey: signal) }
        #if canImport(Glibc)
        _ = Glibc.signal(signal, SIG_DFL)
        #else
        _ = Darwin.signal(signal, SIG_DFL)
        #endif
    }

    private static func startIfNeeded() {
        let start = started.withLock { started in
            defer { started = true }
            return !started
        }
        guard start else { return }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        writeEnd.store(fds[1], ordering: .releasing)
        let readEnd = fds[0]
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count == 1 {
                    let number = Int32(byte)
                    if let gate = registry.withLock({ $0[number] }) { gate.received(number) }
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
        thread.name = "operations.signals"
        thread.start()
    }

    fileprivate static func post(_ signal: Int32) {
        let fd = writeEnd.load(ordering: .acquiring)
        guard fd >= 0 else { return }
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = write(fd, &byte, 1)
    }
}

private func signalPipeHandler(_ signal: Int32) {
    let saved = errno
    SignalPipe.post(signal)
    errno = saved
}
