import Foundation
import Operations
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Satisfied when the source answers at all: a TCP connection to a server's host and port opens
/// within a short time, or a folder exists. An unreachable server then fails the sync in one line,
/// not with a timeout per feed. It generates nothing: there is no operation that makes a network
/// come back.
public struct Reachable: OperationCondition {
    public let source: ConferenceSource
    public var connectTimeout: TimeInterval

    public init(source: ConferenceSource, connectTimeout: TimeInterval = 3) {
        self.source = source
        self.connectTimeout = connectTimeout
    }

    public var name: String { "Reachable" }

    public func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
        let source = source
        let timeout = connectTimeout
        DispatchQueue.global().async {
            if let reason = Self.problem(with: source, timeout: timeout) {
                completion(.failed(BackendError.unreachable(source: source.description, reason: reason)))
            } else {
                completion(.satisfied)
            }
        }
    }

    /// Why the source cannot be reached, or nil.
    static func problem(with source: ConferenceSource, timeout: TimeInterval) -> String? {
        switch source {
        case let .folder(url):
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
                ? nil : "no such folder"
        case let .server(url):
            guard let host = url.host else { return "no host in the URL" }
            let port = url.port ?? (url.scheme == "https" ? 443 : 80)
            return connectProblem(host: host, port: port, timeout: timeout)
        }
    }

    private static func connectProblem(host: String, port: Int, timeout: TimeInterval) -> String? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let lookup = getaddrinfo(host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), String(port), &hints, &list)
        guard lookup == 0, let first = list else {
            return "unknown host \(host)"
        }
        defer { freeaddrinfo(list) }
        var lastProblem = "no address"
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            cursor = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return nil }
            guard errno == EINPROGRESS else {
                lastProblem = String(cString: strerror(errno)).lowercased()
                continue
            }
            var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&poller, 1, Int32(timeout * 1000))
            if ready == 0 {
                lastProblem = "no answer within \(Int(timeout)) s"
                continue
            }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            if error == 0 { return nil }
            lastProblem = String(cString: strerror(error)).lowercased()
        }
        return lastProblem
    }
}
