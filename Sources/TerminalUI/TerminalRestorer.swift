#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import Operations

/// Puts the terminal back the way it was however the process ends: `exit()` (an `atexit` handler)
/// and SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGTSTP (a `sigaction` handler).
///
/// The handler may only use async-signal-safe calls, so everything it needs is prepared beforehand:
/// the termios snapshots live in memory allocated once, the descriptors in atomics, and the handler
/// itself calls only `tcsetattr`, `write`, `sigaction`, `sigprocmask` and `raise`.
///
/// On a signal the handler restores the terminal, reinstates the disposition that was in place
/// before it (normally the default) and re-raises, so the process ends the way it would have. A
/// disposition of "ignore" is respected: the signal is ignored and the terminal left alone (a
/// program that handles SIGINT itself through a dispatch source keeps control, and its exit path
/// restores the terminal). A program-installed handler is called after the terminal is restored.
/// SIGTSTP stops the process with a clean terminal; on SIGCONT raw mode and the hidden cursor come
/// back. The handlers are installed only while the terminal is in raw mode or the cursor is hidden.
enum TerminalRestorer {
    static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP]

    /// Call from normal code when raw mode starts on `fd`; `saved` is the state to return to.
    static func rawModeEntered(fd: Int32, saved: termios, raw: termios) {
        publish(fd, to: rawFD) {
            snapshots[0] = saved
            snapshots[1] = raw
        }
    }

    static func rawModeLeft() {
        publish(-1, to: rawFD)
    }

    static func cursorHidden(fd: Int32) {
        publish(fd, to: cursorFD)
    }

    static func cursorShown() {
        publish(-1, to: cursorFD)
    }

    /// Stores `fd` (-1: none) where the handlers read it, after `prepare`, then installs or removes
    /// the handlers as now needed; all of it under the bookkeeping lock.
    private static func publish(_ fd: Int32, to slot: borrowing Atomic<Int32>, after prepare: () -> Void = {}) {
        bookkeeping.withLock { state in
            prepare()
            slot.store(fd, ordering: .releasing)
            state.update()
        }
    }

    /// Restores termios and shows the cursor. Async-signal-safe.
    static func restoreNow() {
        let fd = rawFD.load(ordering: .acquiring)
        if fd >= 0 { _ = tcsetattr(fd, TCSANOW, &snapshots[0]) }
        let cursor = cursorFD.load(ordering: .acquiring)
        if cursor >= 0 {
            // ESC [ 0 m  ESC [ ? 2 5 h: reset attributes, show the cursor.
            var sequence: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                (0x1B, 0x5B, 0x30, 0x6D, 0x1B, 0x5B, 0x3F, 0x32, 0x35, 0x68)
            withUnsafeBytes(of: &sequence) { bytes in
                _ = write(cursor, bytes.baseAddress, bytes.count)
            }
        }
    }

    /// Whether raw mode or a hidden cursor is currently registered (for tests).
    static var isGuarding: Bool {
        rawFD.load(ordering: .acquiring) >= 0 || cursorFD.load(ordering: .acquiring) >= 0
    }

    // MARK: - State visible to the handlers

    private static let rawFD = Atomic<Int32>(-1)
    private static let cursorFD = Atomic<Int32>(-1)
    /// [0]: termios to restore, [1]: raw termios to reapply after SIGCONT. Written under `bookkeeping`
    /// before `rawFD` is published with release ordering; read by the handler after an acquire load.
    nonisolated(unsafe) private static let snapshots: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 2)
        pointer.initialize(repeating: termios(), count: 2)
        return pointer
    }()
    /// Dispositions found when the handlers were installed, indexed by signal number.
    nonisolated(unsafe) fileprivate static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        pointer.initialize(repeating: sigaction(), count: 65)
        return pointer
    }()
    nonisolated(unsafe) fileprivate static let ourAction: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
        pointer.initialize(to: sigaction(handler: terminalRestorerSignalHandler))
        return pointer
    }()

    // MARK: - Installation, from normal code only

    private struct Bookkeeping {
        var installed = false
        var atExitRegistered = false

        mutating func update() {
            if !atExitRegistered {
                atExitRegistered = true
                atexit(terminalRestorerAtExit)
            }
            let needed = TerminalRestorer.isGuarding
            if needed && !installed {
                // Touch the lazily created globals here, never for the first time inside a handler.
                _ = TerminalRestorer.snapshots
                _ = TerminalRestorer.ourAction
                for signal in TerminalRestorer.handledSignals {
                    _ = sigaction(signal, TerminalRestorer.ourAction, TerminalRestorer.previousActions + Int(signal))
                }
                installed = true
            } else if !needed && installed {
                for signal in TerminalRestorer.handledSignals {
                    // Leave alone a handler the program installed over ours meanwhile.
                    var current = sigaction()
                    _ = sigaction(signal, nil, &current)
                    if current.handlerAddress == TerminalRestorer.ourAction.pointee.handlerAddress {
                        _ = sigaction(signal, TerminalRestorer.previousActions + Int(signal), nil)
                    }
                }
                installed = false
            }
        }
    }

    private static let bookkeeping = Locked(Bookkeeping())

    fileprivate static func handle(signal: Int32) {
        let previous = previousActions + Int(signal)
        if isIgnored(previous) { return }
        let rawWasActive = rawFD.load(ordering: .acquiring)
        let cursorWasHidden = cursorFD.load(ordering: .acquiring)
        restoreNow()

        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, signal)
        if signal == SIGTSTP {
            var stop = sigaction()
            sigemptyset(&stop.sa_mask)
            _ = sigaction(SIGTSTP, &stop, nil)  // zeroed handler is SIG_DFL
            _ = sigprocmask(SIG_UNBLOCK, &mask, nil)
            _ = raise(SIGTSTP)
            // Continued: put the terminal back into the state the program expects.
            _ = sigprocmask(SIG_BLOCK, &mask, nil)
            _ = sigaction(SIGTSTP, ourAction, nil)
            if rawWasActive >= 0 { _ = tcsetattr(rawWasActive, TCSANOW, &snapshots[1]) }
            if cursorWasHidden >= 0 {
                var hide: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0x1B, 0x5B, 0x3F, 0x32, 0x35, 0x6C)
                withUnsafeBytes(of: &hide) { bytes in _ = write(cursorWasHidden, bytes.baseAddress, bytes.count) }
            }
            return
        }
        _ = sigaction(signal, previous, nil)
        _ = sigprocmask(SIG_UNBLOCK, &mask, nil)
        _ = raise(signal)
        // Still alive: the program's own handler ran. Keep guarding later terminal sessions.
        _ = sigaction(signal, ourAction, nil)
    }

    private static func isIgnored(_ action: UnsafeMutablePointer<sigaction>) -> Bool {
        action.pointee.handlerAddress == 1  // SIG_IGN
    }
}

private func terminalRestorerSignalHandler(_ signal: Int32) {
    let savedErrno = errno
    TerminalRestorer.handle(signal: signal)
    errno = savedErrno
}

private func terminalRestorerAtExit() {
    TerminalRestorer.restoreNow()
}
