#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import PlainText

/// Newline-delimited messages read from a file descriptor, each at most `limit` bytes.
///
/// A longer line is never held whole: its bytes are dropped as they arrive, and it is reported once
/// its end comes (``LineSplitter/Line/tooLong(bytes:)``), so a client cannot make the server's memory grow.
struct LineReader {
    typealias Line = LineSplitter.Line

    let descriptor: Int32
    private var lines: LineSplitter
    private var ended = false

    init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.lines = LineSplitter(limit: limit)
    }

    /// The next line; nil at the end of the input (or when it can no longer be read).
    mutating func next() -> Line? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let line = lines.next() { return line }
            if ended { return lines.finish() }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                lines.append(chunk[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                ended = true
            }
        }
    }
}
