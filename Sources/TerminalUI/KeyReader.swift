#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Operations

/// Reads keys from a terminal in raw mode, waiting with `poll` rather than sleeping.
///
/// A lone ESC is told apart from the start of an arrow key's sequence by waiting at most
/// ``escapeTimeout`` milliseconds for the next byte. A self-pipe lets ``InteractionToken/cancel()``
/// wake a read that is blocked waiting for the user; another, ``WindowResize``'s, makes a resized
/// window (or a full screen continued after a stop) arrive as ``Key/resize``.
final class KeyReader: Sendable {
    /// How long to wait for the rest of an escape sequence, in milliseconds.
    static let escapeTimeout: Int32 = 100

    let fd: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let state = Locked(State())

    private struct State {
        var decoder = KeyDecoder()
        var pending: [Key] = []
        /// The window size generation last reported with ``Key/resize``.
        var resizeGeneration = WindowResize.generation
        /// The same for the process being continued with the full screen on, which calls for a
        /// whole new frame as a resize does.
        var continuedGeneration = TerminalRestorer.continuedGeneration
    }

    init(fd: Int32) {
        self.fd = fd
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for descriptor in fds {
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            }
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
    }

    deinit {
        if wakeRead >= 0 { close(wakeRead) }
        if wakeWrite >= 0 { close(wakeWrite) }
    }

    /// Wakes a blocked ``readKey(token:)``. Safe from any thread.
    func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// The next key, blocking until one arrives; the terminal must be in raw mode.
    func readKey(token: InteractionToken?) throws(TerminalError) -> Key {
        if let token { token.attach { [weak self] in self?.wake() } }
        defer { token?.detach() }
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            if let key = state.withLock({ state -> Key? in
                if !state.pending.isEmpty { return state.pending.removeFirst() }
                return state.decoder.nextKey()
            }) {
                return key
            }
            drainWakePipe()
            if token?.isCancelled == true { throw TerminalError.cancelled }
            WindowResize.drainWakePipe()
            if state.withLock({ state -> Bool in
                let now = (WindowResize.generation, TerminalRestorer.continuedGeneration)
                defer { (state.resizeGeneration, state.continuedGeneration) = now }
                return state.resizeGeneration != now.0 || state.continuedGeneration != now.1
            }) {
                return .resize
            }

            let waitingForSequence = state.withLock { $0.decoder.hasPendingBytes && !$0.decoder.isAwaitingPaste }
            var descriptors = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
                pollfd(fd: WindowResize.wakeFD, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), waitingForSequence ? Self.escapeTimeout : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                throw TerminalError.systemCall(name: "poll", errno: errno)
            }
            if ready == 0 {
                state.withLock { state in state.pending.append(contentsOf: state.decoder.flushPending()) }
                continue
            }
            guard descriptors[0].revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                state.withLock { $0.decoder.append(buffer[0..<count]) }
                // What was typed is not kept around longer than needed (it may be a password).
                for index in 0..<count { buffer[index] = 0 }
            } else if count == 0 {
                throw TerminalError.inputClosed
            } else if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK {
                continue
            } else if errno == EIO {
                throw TerminalError.inputClosed
            } else {
                throw TerminalError.systemCall(name: "read", errno: errno)
            }
        }
    }

    private func drainWakePipe() {
        var scratch = [UInt8](repeating: 0, count: 16)
        while scratch.withUnsafeMutableBytes({ read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
    }
}
