#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Newline-delimited messages read from a file descriptor, each at most `limit` bytes.
///
/// A longer line is never held whole: its bytes are dropped as they arrive, and it is reported once
/// its end comes (``Line/tooLong(bytes:)``), so a client cannot make the server's memory grow.
struct LineReader {
    enum Line: Equatable {
        /// A line, without its newline (nor a carriage return before it); `terminated` is false for
        /// the bytes the input ended with after the last newline.
        case line(Data, terminated: Bool)
        case tooLong(bytes: Int)
    }

    let descriptor: Int32
    let limit: Int
    private var buffer = Data()
    private var dropping = 0
    private var ended = false
    /// How many bytes at the start of the buffer are known to hold no newline.
    private var scanned = 0

    init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// The next line; nil at the end of the input (or when it can no longer be read).
    mutating func next() -> Line? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let newline = buffer[(buffer.startIndex + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
                var line = buffer[buffer.startIndex..<newline]
                buffer = Data(buffer[buffer.index(after: newline)...])
                scanned = 0
                if dropping > 0 {
                    let bytes = dropping + line.count
                    dropping = 0
                    return .tooLong(bytes: bytes)
                }
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                return .line(Data(line), terminated: true)
            }
            scanned = buffer.count
            if buffer.count > limit || (dropping > 0 && !buffer.isEmpty) {
                dropping += buffer.count
                buffer.removeAll(keepingCapacity: true)
                scanned = 0
            }
            if ended {
                if dropping > 0 {
                    defer { dropping = 0 }
                    return .tooLong(bytes: dropping)
                }
                guard !buffer.isEmpty else { return nil }
                defer {
                    buffer = Data()
                    scanned = 0
                }
                return .line(buffer, terminated: false)
            }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                ended = true
            }
        }
    }
}
