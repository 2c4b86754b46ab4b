import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The project's reference conference server (Tests/Server/conference_server.py), started on
/// 127.0.0.1 with an ephemeral port for one test.
public final class ReferenceServer: @unchecked Sendable {
    // @unchecked Sendable: the child's pid and the write end of its input are only used by stop(),
    // under `lock`.
    public let baseURL: URL
    public let port: Int
    private let lock = NSLock()
    private var pid: pid_t?
    private var input: Int32

    /// Starts the server on `root` (default: the fixtures) with extra command-line `arguments`.
    public init(root: URL = ProjectPaths.fixtures, arguments: [String] = []) throws {
        let stdin = try PTY.pipe()
        let stdout = try PTY.pipe()
        let pid: pid_t
        do {
            pid = try Spawn.run("/usr/bin/env", ["python3", ProjectPaths.server.path, "--root", root.path,
                                                 "--port", "0", "--quiet", "--exit-with-stdin"] + arguments,
                                environment: ProcessInfo.processInfo.environment, setsid: false) { actions in
                posix_spawn_file_actions_adddup2(&actions, stdin[0], 0)
                posix_spawn_file_actions_adddup2(&actions, stdout[1], 1)
            }
        } catch {
            for descriptor in stdin + stdout { close(descriptor) }
            throw error
        }
        close(stdin[0])
        close(stdout[1])
        // The first line is "listening on http://127.0.0.1:PORT"; reading it is waiting for readiness.
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(stdout[0], &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 || byte == UInt8(ascii: "\n") { break }
            line.append(byte)
        }
        close(stdout[0])
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("listening on "), let url = URL(string: String(text.dropFirst("listening on ".count))),
              let port = url.port else {
            close(stdin[1])
            kill(pid, SIGTERM)
            _ = Spawn.wait(pid)
            throw ServerError(message: "the reference server did not start: \(text)")
        }
        self.pid = pid
        self.input = stdin[1]
        self.baseURL = url
        self.port = port
    }

    /// Starts the server without blocking the test's thread (see ``onThread(_:)``).
    public static func start(root: URL = ProjectPaths.fixtures, arguments: [String] = []) async throws -> ReferenceServer {
        try await onThread { try ReferenceServer(root: root, arguments: arguments) }
    }

    deinit { stop() }

    /// Stops the server (idempotent): SIGTERM, then its exit is awaited (it exits at once).
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard let pid else { return }
        self.pid = nil
        close(input)
        kill(pid, SIGTERM)
        _ = Spawn.wait(pid)
    }

    /// The URL of a path on the server.
    public func url(_ path: String) -> URL {
        URL(string: path, relativeTo: baseURL)!.absoluteURL
    }

    // MARK: Control endpoints

    /// Injects a fault on `path` (kinds: status, delay, truncate, malformed, drop).
    public func fault(_ path: String, _ kind: String, value: Double? = nil, times: Int? = nil) async throws {
        var body: [String: Any] = ["path": path, "kind": kind]
        if let value { body["value"] = value }
        if let times { body["times"] = times }
        _ = try await request("POST", "/_control/faults", json: body)
    }

    public func clearFaults() async throws {
        _ = try await request("DELETE", "/_control/faults")
    }

    /// Holds the next `times` requests matching `path` (and `method`) until ``release(_:)``: what makes
    /// a race happen in the order a test wants. With `answer`, the request is carried out at once and
    /// its answer is what waits. Returns the hold's id.
    public func hold(_ path: String, method: String? = nil, times: Int = 1, answer: Bool = false) async throws -> Int {
        var body: [String: Any] = ["path": path, "times": times, "stage": answer ? "response" : "request"]
        if let method { body["method"] = method }
        let data = try await request("POST", "/_control/holds", json: body)
        guard let id = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["id"] as? Int else {
            throw ServerError(message: "no hold id in \(String(decoding: data, as: UTF8.self))")
        }
        return id
    }

    /// Waits until the hold holds `count` requests (the server answers when they have arrived).
    public func waitForHeld(_ id: Int, count: Int = 1, timeout: Double = HangDeadline.seconds) async throws {
        _ = try await request("GET", "/_control/holds/\(id)/wait?timeout=\(timeout)&count=\(count)", timeout: timeout + 10)
    }

    /// Waits until `count` of the hold's requests have been carried out and answered (after a
    /// release), whether or not their client still listens.
    public func waitForAnswered(_ id: Int, count: Int = 1, timeout: Double = HangDeadline.seconds) async throws {
        _ = try await request("GET", "/_control/holds/\(id)/wait?timeout=\(timeout)&done=\(count)", timeout: timeout + 10)
    }

    /// Lets the held requests go on, in the order they arrived.
    public func release(_ id: Int) async throws {
        _ = try await request("POST", "/_control/holds/\(id)/release")
    }

    /// The request log: one entry per request (method, path, status, bytes, ifNoneMatch).
    public func log() async throws -> [[String: Any]] {
        let data = try await request("GET", "/_control/log")
        let object = try JSONSerialization.jsonObject(with: data)
        if let entries = object as? [[String: Any]] { return entries }
        return (object as? [String: Any])?["requests"] as? [[String: Any]] ?? []
    }

    public func clearLog() async throws {
        _ = try await request("DELETE", "/_control/log")
    }

    /// What the account service holds (favorites and feedback per user).
    public func state() async throws -> [String: Any] {
        let data = try await request("GET", "/_control/state")
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// Preloads account state (see docs/api.md, `POST /_control/seed`).
    public func seed(_ body: [String: Any]) async throws {
        _ = try await request("POST", "/_control/seed", json: body)
    }

    @discardableResult
    public func request(_ method: String, _ path: String, json: [String: Any]? = nil, timeout: Double = HangDeadline.seconds) async throws -> Data {
        var request = URLRequest(url: url(path), timeoutInterval: timeout)
        request.httpMethod = method
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let status = (response as? HTTPURLResponse)?.statusCode, status < 300 else {
            throw ServerError(message: "\(method) \(path): \(String(decoding: data, as: UTF8.self))")
        }
        return data
    }

    public struct ServerError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
