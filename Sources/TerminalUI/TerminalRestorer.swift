#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import Operations

/// Puts the terminal back the way it was however the process ends: `exit()` (an `atexit` handler)
/// and SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP and SIGABRT, and a crash (SIGSEGV, SIGBUS, SIGILL,
/// SIGFPE, SIGTRAP) (a `sigaction` handler).
///
/// The handler may only use async-signal-safe calls, so everything it needs is prepared beforehand:
/// the termios snapshots and the full-screen sequences live in memory allocated once, the
/// descriptors in atomics, and the handler itself calls only `tcsetattr`, `write`, `sigaction`,
/// `sigprocmask` and `raise`.
///
/// On a signal the handler restores the terminal (leaving the full screen first: the alternate
/// screen, the mouse, bracketed paste), reinstates the disposition that was in place before it
/// (normally the default) and re-raises, so the process ends the way it would have. A crash
/// returns instead, and the faulting instruction faults again, now as if the handler had never been
/// there (the runtime's backtrace, a core dump). A disposition of "ignore" is respected: the
/// signal is ignored and the terminal left alone (a program that handles SIGINT itself through a
/// dispatch source keeps control, and its exit path restores the terminal). A program-installed
/// handler is called after the terminal is restored. SIGTSTP stops the process with a clean
/// terminal; on SIGCONT raw mode, the hidden cursor and the full screen come back, and the full
/// screen hears of it (``continuedGeneration``, and a wake-up of the key reader) to draw itself
/// again. The handlers are installed only while the terminal is in raw mode, the cursor is hidden
/// or the full screen is on.
enum TerminalRestorer {
    static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGABRT] + faultSignals
    /// Signals a crash raises: the instruction that raised one runs again when the handler returns.
    static let faultSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE]

    /// What leaves the full screen, in the order that undoes its entry: the end of a frame cut short,
    /// attributes reset, the mouse and bracketed paste off, line wrapping back on, the alternate
    /// screen left (which puts the cursor back where it was), the cursor shown.
    static let fullScreenLeave: [UInt8] = Array(
        "\u{1B}[?2026l\u{1B}[0m\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[?7h\u{1B}[?1049l\u{1B}[?25h".utf8)

    /// Bumped each time the process is continued after a SIGTSTP that found the full screen on.
    static var continuedGeneration: Int { continued.load(ordering: .acquiring) }

    /// Call from normal code once the full screen is on `fd`, `enter` being what turned it on.
    static func fullScreenEntered(fd: Int32, enter: [UInt8]) {
        publish(fd, to: fullScreenFD) {
            let count = min(enter.count, sequenceCapacity)
            sequences[0] = count
            for index in 0..<count { enterSequence[index] = enter[index] }
        }
    }

    static func fullScreenLeft() {
        publish(-1, to: fullScreenFD)
    }

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

    /// Leaves the full screen, restores termios and shows the cursor. Async-signal-safe.
    static func restoreNow() {
        let screen = fullScreenFD.load(ordering: .acquiring)
        if screen >= 0 {
            _ = write(screen, leaveSequence.baseAddress, leaveSequence.count)
        }
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
            || fullScreenFD.load(ordering: .acquiring) >= 0
    }

    // MARK: - State visible to the handlers

    private static let rawFD = Atomic<Int32>(-1)
    private static let cursorFD = Atomic<Int32>(-1)
    private static let fullScreenFD = Atomic<Int32>(-1)
    private static let continued = Atomic<Int>(0)
    private static let sequenceCapacity = 128
    /// The full screen's entry, replayed on SIGCONT: `sequences[0]` bytes of `enterSequence`.
    nonisolated(unsafe) private static let sequences: UnsafeMutablePointer<Int> = {
        let pointer = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return pointer
    }()
    nonisolated(unsafe) private static let enterSequence: UnsafeMutablePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: sequenceCapacity)
        pointer.initialize(repeating: 0, count: sequenceCapacity)
        return pointer
    }()
    /// ``fullScreenLeave`` where the handler can read it without touching a lazy global.
    nonisolated(unsafe) private static let leaveSequence: UnsafeBufferPointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: fullScreenLeave.count)
        pointer.initialize(from: fullScreenLeave, count: fullScreenLeave.count)
        return UnsafeBufferPointer(start: pointer, count: fullScreenLeave.count)
    }()
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
    /// Whether each signal number is one of ``faultSignals``: read by the handler, which must not
    /// call a generic `contains` (its first call allocates, and a signal that came in the middle of
    /// an allocation would then wait for the allocator's lock forever).
    nonisolated(unsafe) fileprivate static let isFault: UnsafeMutablePointer<Bool> = {
        let pointer = UnsafeMutablePointer<Bool>.allocate(capacity: 65)
        pointer.initialize(repeating: false, count: 65)
        for signal in faultSignals where signal >= 0 && signal < 65 { pointer[Int(signal)] = true }
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
                _ = TerminalRestorer.isFault
                _ = TerminalRestorer.sequences
                _ = TerminalRestorer.enterSequence
                _ = TerminalRestorer.leaveSequence
                _ = WindowResize.wakeFD
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
        let fullScreenWasOn = fullScreenFD.load(ordering: .acquiring)
        restoreNow()
        if signal >= 0 && signal < 65 && isFault[Int(signal)] {
            // Returning runs the faulting instruction again, which now meets the old disposition.
            _ = sigaction(signal, previous, nil)
            return
        }

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
            if fullScreenWasOn >= 0 {
                _ = write(fullScreenWasOn, enterSequence, sequences.pointee)
                continued.add(1, ordering: .releasing)
                WindowResize.wake()
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
