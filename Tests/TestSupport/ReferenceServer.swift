import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The project's reference conference server (Tests/Server/conference_server.py), started on
/// 127.0.0.1 with an ephemeral port for one test.
public final class ReferenceServer: @unchecked Sendable {
    // @unchecked Sendable: the process and pipes are only used by start() and stop().
    public let baseURL: URL
    public let port: Int
    private let process: Process
    private let stdin: Pipe

    /// Starts the server on `root` (default: the fixtures) with extra command-line `arguments`.
    public init(root: URL = ProjectPaths.fixtures, arguments: [String] = []) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", ProjectPaths.server.path, "--root", root.path, "--port", "0",
                             "--quiet", "--exit-with-stdin"] + arguments
        let stdout = Pipe().closingOnExec()
        let stdin = Pipe().closingOnExec()
        process.standardOutput = stdout
        process.standardInput = stdin
        try process.run()
        // The first line is "listening on http://127.0.0.1:PORT"; reading it is waiting for readiness.
        var line = Data()
        while true {
            let byte = stdout.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("listening on "), let url = URL(string: String(text.dropFirst("listening on ".count))),
              let port = url.port else {
            process.terminate()
            throw ServerError(message: "the reference server did not start: \(text)")
        }
        self.process = process
        self.stdin = stdin
        self.baseURL = url
        self.port = port
    }

    /// Starts the server without blocking the test's thread (see ``onThread(_:)``).
    public static func start(root: URL = ProjectPaths.fixtures, arguments: [String] = []) async throws -> ReferenceServer {
        try await onThread { try ReferenceServer(root: root, arguments: arguments) }
    }

    deinit { stop() }

    /// Stops the server (idempotent).
    public func stop() {
        guard process.isRunning else { return }
        // SIGTERM, not only the end of its input: another child started meanwhile may hold a copy of
        // the pipe's write end, and then the end of input never comes.
        try? stdin.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
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
    public func request(_ method: String, _ path: String, json: [String: Any]? = nil) async throws -> Data {
        var request = URLRequest(url: url(path))
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
