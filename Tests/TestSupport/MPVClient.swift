#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A test's own client of a running mpv's JSON IPC socket (written apart from wwdc's, which it
/// checks): a command sent, its reply read; events skipped, or waited for.
///
/// Every call blocks: call it with ``onThread(_:)``.
public final class MPVClient: @unchecked Sendable {
    // @unchecked Sendable: used by one test at a time, from one thread at a time.
    private let socket: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1

    /// Connects to the socket at `path`, which mpv made; a read waits at most `seconds`.
    public init(path: String, seconds: Double = HangDeadline.seconds) throws {
        socket = try UnixSocket.connected(to: path)
        var limit = timeval(tv_sec: Int(seconds), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(socket)
    }

    /// Sends `command` (`["get_property", "speed"]`) and returns its reply's `data`; throws the
    /// reply's error, or when mpv closed the socket first.
    @discardableResult
    public func command(_ command: [Any]) throws -> Any? {
        let id = nextID
        nextID += 1
        try send(["command": command, "request_id": id])
        while true {
            let message = try next()
            guard message["event"] == nil, message["request_id"] as? Int == id else { continue }
            guard message["error"] as? String == "success" else {
                throw ClientError(message: "mpv refused \(command): \(message["error"] ?? "no error")")
            }
            return message["data"]
        }
    }

    /// Reads messages until one for which `matches` is true (an event, say), and returns it.
    public func wait(for matches: ([String: Any]) -> Bool) throws -> [String: Any] {
        while true {
            let message = try next()
            if matches(message) { return message }
        }
    }

    /// Sends `quit`, then reads until mpv closes the socket as it shuts down: a client that hangs up
    /// at once may see its command dropped with it.
    public func quit() throws {
        try send(["command": ["quit"]])
        do {
            while true { _ = try next() }
        } catch let error as ClientError where error.closed {
            return
        }
    }

    private func send(_ object: [String: Any]) throws {
        let line = try JSONSerialization.data(withJSONObject: object) + Data("\n".utf8)
        try line.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let count = write(socket, raw.baseAddress! + sent, raw.count - sent)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw ClientError(message: "mpv's socket is closed") }
                sent += count
            }
        }
    }

    private func next() throws -> [String: Any] {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Data(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if let object = try JSONSerialization.jsonObject(with: line) as? [String: Any] { return object }
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { throw ClientError(message: "mpv did not answer in time") }
            guard count > 0 else { throw ClientError(message: "mpv closed its socket", closed: true) }
            buffer += chunk[..<count]
        }
    }

    public struct ClientError: Error, CustomStringConvertible {
        public let message: String
        /// mpv closed the socket (it quit).
        public var closed = false
        public var description: String { message }
    }
}
