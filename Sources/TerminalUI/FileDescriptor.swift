#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to a raw file descriptor the way a terminal program must.
public enum FileDescriptor {
    /// Writes every byte of `bytes` to `fd`, going on after partial writes, interrupting signals and,
    /// on a non-blocking descriptor, a full buffer (it waits until `fd` takes more).
    ///
    /// - Throws: ``TerminalError/systemCall(name:errno:)`` named `write` when the descriptor refuses
    ///   the bytes (`EPIPE`: the reader has gone); what came before was written.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) throws(TerminalError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, base + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, -1)
            } else {
                // A write of nothing with no error would loop for ever: give up as on an I/O error.
                throw TerminalError.systemCall(name: "write", errno: written < 0 ? errno : EIO)
            }
        }
    }
}
