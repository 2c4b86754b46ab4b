#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import Operations

/// Hears SIGWINCH, the window's size changing, for everything drawn in place.
///
/// The handler only counts (``generation``) and writes a byte to a pipe that a key read waits on,
/// both async-signal-safe. A live region remembers the generation it was drawn in; when the next
/// paint finds another, the terminal may have rewrapped its lines and the region is erased by
/// their new height (see ``DrawnRegion``). A key read returns ``Key/resize`` so a prompt repaints
/// at once. The default disposition of SIGWINCH is "ignore", so catching it changes nothing else.
enum WindowResize {
    /// Bumped by every SIGWINCH since ``install()``.
    static var generation: Int { counter.load(ordering: .acquiring) }

    /// The pipe a key read polls to wake on a resize (-1 before ``install()``); drain it after.
    static var wakeFD: Int32 { readEnd.load(ordering: .acquiring) }

    /// Catches SIGWINCH from now on (once per process).
    static func install() {
        installed.withLock { installed in
            guard !installed else { return }
            installed = true
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { return }
            for fd in fds {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
            writeEnd.store(fds[1], ordering: .releasing)
            readEnd.store(fds[0], ordering: .releasing)
            var action = sigaction(handler: windowResizeHandler, flags: SA_RESTART)
            _ = sigaction(SIGWINCH, &action, nil)
        }
    }

    /// Empties the wake pipe (the generation says whether anything happened).
    static func drainWakePipe() {
        let fd = wakeFD
        guard fd >= 0 else { return }
        var scratch = [UInt8](repeating: 0, count: 16)
        while scratch.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) > 0 {}
    }

    fileprivate static func signalled() {
        counter.add(1, ordering: .releasing)
        wake()
    }

    /// Wakes whoever waits on ``wakeFD`` without a resize: something else for a screen to look
    /// at (the process was continued). Async-signal-safe.
    static func wake() {
        let fd = writeEnd.load(ordering: .acquiring)
        guard fd >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    }

    private static let counter = Atomic<Int>(0)
    private static let readEnd = Atomic<Int32>(-1)
    private static let writeEnd = Atomic<Int32>(-1)
    private static let installed = Locked(false)
}

private func windowResizeHandler(_ signal: Int32) {
    let saved = errno
    WindowResize.signalled()
    errno = saved
}
