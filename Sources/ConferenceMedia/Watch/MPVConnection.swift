import Foundation
import JSON
import PlainText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A client of mpv's JSON IPC on a Unix socket (`--input-ipc-server`): commands go out as JSON
/// lines, events and replies come back one JSON object a line.
///
/// Every call blocks: it is used from one thread of its own (``FollowPlaybackOperation``'s), never
/// from the cooperative pool.
final class MPVConnection {
    /// The longest line read; a longer one (mpv never sends one for what is observed) is skipped.
    static let maxLine = 1 << 20

    private let socket: Int32
    private var lines = LineSplitter(limit: MPVConnection.maxLine)
    private var ended = false

    /// The bytes the search for the ends of lines has looked at: each byte received once.
    var bytesScanned: Int { lines.bytesScanned }

    private init(socket: Int32) {
        self.socket = socket
    }

    deinit {
        close(socket)
    }

    /// Connects to the socket at `path`; nil when nothing listens there (yet), or the path does not
    /// fit a socket's address.
    static func connect(_ path: String) -> MPVConnection? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        #if canImport(Glibc)
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = Darwin.socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)  // not the player's, nor any other program's
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                systemConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return MPVConnection(socket: fd)
    }

    /// Sends one command (`["observe_property", 1, "time-pos"]`); false when the player is gone.
    @discardableResult
    func send(_ command: [JSONValue]) -> Bool {
        let line = Array((JSONValue.object(["command": .array(command)]).serialized + "\n").utf8)
        var sent = 0
        while sent < line.count {
            let count = line[sent...].withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.send(socket, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(socket, raw.baseAddress, raw.count, 0)
                #endif
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// The next message (an event or a reply); nil once the player has closed the socket (it quit,
    /// or was killed: the system closes it then). A line that is not a JSON object, or is over
    /// ``maxLine``, is skipped.
    func next() -> [String: JSONValue]? {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            switch lines.next() {
            case .line(let line, _)?:
                if let object = (try? JSONValue.parse(line, limits: JSONValue.Limits(maximumBytes: Self.maxLine)))?.objectValue { return object }
                continue
            case .tooLong?:
                continue
            case nil:
                break
            }
            guard !ended else { return nil }
            let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                ended = true
                continue
            }
            lines.append(chunk[..<count])
        }
    }
}

// `connect` inside the type is its own static method.
private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
    Glibc.connect(fd, address, length)
    #else
    Darwin.connect(fd, address, length)
    #endif
}
