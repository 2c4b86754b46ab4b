import Foundation

/// Newline-delimited lines out of bytes that arrive in pieces (a pipe, a socket), each at most
/// `limit` bytes.
///
/// Each byte is looked at once, whatever the pieces: the search for a newline goes on from where the
/// last one stopped, and the lines taken are dropped from the front only once they are half of what
/// is held. A longer line is never held whole: its bytes are dropped as they arrive, and it is
/// reported once its end comes (``Line/tooLong(bytes:)``), so a writer cannot make a reader's memory
/// grow, nor its work grow faster than what it sent.
public struct LineSplitter: Sendable {
    public enum Line: Equatable, Sendable {
        /// A line, without its newline (nor a carriage return before it); `terminated` is false for
        /// the bytes the input ended with after the last newline.
        case line(Data, terminated: Bool)
        case tooLong(bytes: Int)
    }

    public let limit: Int
    private var buffer: [UInt8] = []
    /// Where the line being read starts in the buffer.
    private var start = 0
    /// How far from `start` the buffer is known to hold no newline.
    private var scanned = 0
    /// The bytes of a line over the limit dropped so far.
    private var dropping = 0
    /// The bytes the search for newlines has looked at: each one once.
    public private(set) var bytesScanned = 0

    public init(limit: Int) {
        self.limit = limit
    }

    /// Takes the next piece of the input.
    public mutating func append(_ bytes: some Collection<UInt8>) {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            scanned -= start
            start = 0
        } else if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole line of what was appended, or a line over the limit once its end came; nil
    /// when the rest has no newline yet.
    public mutating func next() -> Line? {
        let from = max(start, scanned)
        if let newline = buffer[from...].firstIndex(of: UInt8(ascii: "\n")) {
            bytesScanned += newline + 1 - from
            let lineStart = start
            start = newline + 1
            scanned = start
            let length = newline - lineStart
            if dropping > 0 || length > limit {
                defer { dropping = 0 }
                return .tooLong(bytes: dropping + length)
            }
            let end = length > 0 && buffer[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
            return .line(Data(buffer[lineStart..<end]), terminated: true)
        }
        bytesScanned += buffer.count - from
        scanned = buffer.count
        if dropping > 0 || buffer.count - start > limit {
            dropping += buffer.count - start
            buffer.removeAll(keepingCapacity: true)
            start = 0
            scanned = 0
        }
        return nil
    }

    /// What the input ended with after its last newline (call once ``next()`` gives nil at the
    /// input's end): a line not terminated, or one over the limit; nil when nothing was left.
    public mutating func finish() -> Line? {
        defer {
            buffer.removeAll()
            start = 0
            scanned = 0
            dropping = 0
        }
        if dropping > 0 { return .tooLong(bytes: dropping + buffer.count - start) }
        guard start < buffer.count else { return nil }
        if buffer.count - start > limit { return .tooLong(bytes: buffer.count - start) }
        return .line(Data(buffer[start...]), terminated: false)
    }
}
