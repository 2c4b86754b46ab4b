#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Unix-domain stream sockets for tests, made apart from wwdc's own (which they check): one that
/// listens at a path, as a player's IPC server does, or one connected to a path.
public enum UnixSocket {
    /// A socket bound to `path` and listening, its backlog `backlog`.
    public static func listening(at path: String, backlog: Int32 = 1) throws -> Int32 {
        let listener = try make()
        let bound = withAddress(path) { bind(listener, $0, $1) }
        guard bound == 0, listen(listener, backlog) == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EADDRINUSE
            close(listener)
            throw POSIXError(code)
        }
        return listener
    }

    /// A socket connected to the one listening at `path`.
    public static func connected(to path: String) throws -> Int32 {
        let socket = try make()
        #if canImport(Glibc)
        let connected = withAddress(path) { Glibc.connect(socket, $0, $1) }
        #else
        let connected = withAddress(path) { Darwin.connect(socket, $0, $1) }
        #endif
        guard connected == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED
            close(socket)
            throw POSIXError(code)
        }
        return socket
    }

    private static func make() throws -> Int32 {
        #if canImport(Glibc)
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let socket = Darwin.socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
        return socket
    }

    /// `body` given `path` as a socket's address (cut to what the address holds) and its length.
    private static func withAddress<Result>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8.prefix(raw.count - 1)) + [0])
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
