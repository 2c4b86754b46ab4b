import ConferenceBackend
import ConferenceModel
import Foundation
import Operations
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The account service's HTTP API (docs/api.md): JSON, bearer tokens.
public struct AccountClient: Sendable {
    public struct User: Codable, Sendable, Equatable {
        public var username: String
        public var name: String
        public var isDeveloper: Bool
    }

    public struct Page<Item: Sendable>: Sendable {
        public var items: [Item]
        public var nextCursor: String?
    }

    public struct RemoteFavorite: Codable, Sendable, Equatable {
        public var sessionId: String
        public var updatedAt: String?
    }

    public struct RemoteFeedback: Codable, Sendable, Equatable {
        public var id: String
        public var sessionId: String
        public var overall: Int
        public var content: Int?
        public var presentation: Int?
        public var comment: String
        public var createdAt: String?

        public init(id: String, sessionId: String, overall: Int, content: Int?, presentation: Int?, comment: String, createdAt: String? = nil) {
            self.id = id
            self.sessionId = sessionId
            self.overall = overall
            self.content = content
            self.presentation = presentation
            self.comment = comment
            self.createdAt = createdAt
        }
    }

    /// A change's place in the order of its writer's changes, sent with the upload of a favorite:
    /// the service refuses a change older than one of the same writer it has already applied, so
    /// a slow request can never undo a later change (docs/api.md).
    public struct ChangeStamp: Sendable, Equatable {
        /// The store that made the change (``Database/changeWriter()``).
        public var writer: String
        /// Its version (the store's change counter), higher for every later change.
        public var version: Int64

        public init(writer: String, version: Int64) {
            self.writer = writer
            self.version = version
        }
    }

    /// What the service did with a favorite's upload.
    public enum WriteOutcome: Sendable, Equatable {
        case applied
        /// Refused as stale: the service applied `version` of the same writer first.
        case superseded(version: Int64)
    }

    public let service: URL
    public var timeout: TimeInterval
    private let session: URLSession

    /// One session for every client of the process: no cache, no cookies, redirects only to secure addresses.
    private static let urlSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration, delegate: SecureRedirects(), delegateQueue: nil)
    }()

    public init(service: URL, timeout: TimeInterval = 30) {
        self.service = service.absoluteString.hasSuffix("/") ? service : URL(string: service.absoluteString + "/")!
        self.timeout = timeout
        session = Self.urlSession
    }

    public func login(username: String, password: String) async throws -> AccountCredentials {
        struct Answer: Decodable { var token: String; var expiresAt: Date; var name: String; var username: String? }
        let answer: Answer = try await request("POST", "login", token: nil, body: ["username": username, "password": password])
        return AccountCredentials(token: answer.token, expiresAt: answer.expiresAt, username: Clean.line(answer.username ?? username),
                                  name: Clean.line(answer.name), service: service)
    }

    /// Revokes the token on the service.
    public func logout(token: String) async throws {
        try await send("POST", "logout", token: token)
    }

    public func me(token: String) async throws -> User {
        let user: User = try await request("GET", "me", token: token)
        return User(username: Clean.line(user.username), name: Clean.line(user.name), isDeveloper: user.isDeveloper)
    }

    public func cloudAvailable(token: String) async throws -> Bool {
        struct Answer: Decodable { var available: Bool }
        let answer: Answer = try await request("GET", "cloud", token: token)
        return answer.available
    }

    public func favorites(token: String, cursor: String?, limit: Int? = nil) async throws -> Page<RemoteFavorite> {
        struct Answer: Decodable { var items: [RemoteFavorite]; var nextCursor: String? }
        let answer: Answer = try await request("GET", "favorites" + Self.query(cursor: cursor, limit: limit), token: token)
        return Page(items: answer.items, nextCursor: answer.nextCursor)
    }

    /// Adds a favorite on the service; with `change`, only if no later change of that writer came first.
    @discardableResult
    public func putFavorite(token: String, sessionID: String, change: ChangeStamp? = nil) async throws -> WriteOutcome {
        try await write("PUT", "favorites/" + Self.pathComponent(sessionID), token: token, change: change)
    }

    /// Removes a favorite on the service, under the same rule as ``putFavorite(token:sessionID:change:)``.
    @discardableResult
    public func deleteFavorite(token: String, sessionID: String, change: ChangeStamp? = nil) async throws -> WriteOutcome {
        try await write("DELETE", "favorites/" + Self.pathComponent(sessionID), token: token, change: change)
    }

    public func feedback(token: String, cursor: String?, limit: Int? = nil) async throws -> Page<RemoteFeedback> {
        struct Answer: Decodable { var items: [RemoteFeedback]; var nextCursor: String? }
        let answer: Answer = try await request("GET", "feedback" + Self.query(cursor: cursor, limit: limit), token: token)
        return Page(items: answer.items, nextCursor: answer.nextCursor)
    }

    public func postFeedback(token: String, _ feedback: RemoteFeedback) async throws {
        let _: RemoteFeedback = try await request("POST", "feedback", token: token, body: feedback)
    }

    public func pass(token: String) async throws -> Data {
        try await data("GET", "pass", token: token, body: Optional<String>.none)
    }

    // MARK: Plumbing

    private func request<Answer: Decodable>(_ method: String, _ path: String, token: String?, body: (some Encodable)? = Optional<String>.none) async throws -> Answer {
        let data = try await data(method, path, token: token, body: body)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(Answer.self, from: data)
        } catch {
            throw AccountError.service(endpoint: Self.endpoint(path), status: 200, message: "unreadable answer")
        }
    }

    private func send(_ method: String, _ path: String, token: String) async throws {
        _ = try await data(method, path, token: token, body: Optional<String>.none)
    }

    /// A versioned write: 409 with the version the service holds is "superseded", not an error.
    private func write(_ method: String, _ path: String, token: String, change: ChangeStamp?) async throws -> WriteOutcome {
        var headers: [String: String] = [:]
        if let change, change.version > 0 {
            headers = ["Change-Writer": change.writer, "Change-Version": String(change.version)]
        }
        struct Stale: Decodable { var version: Int64 }
        let (data, status) = try await exchange(method, path, token: token, body: Optional<String>.none, headers: headers)
        if status == 409, !headers.isEmpty, let stale = try? JSONDecoder().decode(Stale.self, from: data) {
            return .superseded(version: stale.version)
        }
        _ = try Self.checked(data, status: status, path: path)
        return .applied
    }

    private func data(_ method: String, _ path: String, token: String?, body: (some Encodable)?) async throws -> Data {
        let (data, status) = try await exchange(method, path, token: token, body: body)
        return try Self.checked(data, status: status, path: path)
    }

    /// The body of a 2xx answer; the error any other status stands for.
    private static func checked(_ data: Data, status: Int, path: String) throws -> Data {
        switch status {
        case 200..<300:
            return data
        case 401 where path == "login":
            throw AccountError.invalidCredentials
        case 401:
            throw AccountError.sessionExpired
        default:
            // The service's words are text from outside: cleaned before anything can print them.
            let message = (try? JSONDecoder().decode(Problem.self, from: data))?.error.map(Clean.line) ?? HTTPURLResponse.localizedString(forStatusCode: status)
            throw AccountError.service(endpoint: endpoint(path), status: status, message: message)
        }
    }

    /// One request: the answer's body and status, whatever the status; an error only when no answer came.
    private func exchange(_ method: String, _ path: String, token: String?, body: (some Encodable)?,
                          headers: [String: String] = [:]) async throws -> (Data, Int) {
        let endpoint = Self.endpoint(path)
        guard let url = URL(string: path, relativeTo: service)?.absoluteURL else {
            throw AccountError.service(endpoint: endpoint, status: 0, message: "bad URL")
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = try JSONEncoder().encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await send(request)
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as URLError where error.code == .cancelled {
            throw CancellationError()
        } catch {
            throw AccountError.network(endpoint: endpoint, detail: (error as? URLError).map(Self.describe) ?? error.localizedDescription)
        }
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }

    /// Sends a request; cancelling the task cancels the request at once (Ctrl-C must not wait for a
    /// slow server).
    private func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                box.start(task)
            }
        } onCancel: {
            box.cancel()
        }
    }

    /// A data task that may be cancelled before or after it starts.
    private final class TaskBox: Sendable {
        private let state = Locked<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

        func start(_ task: URLSessionDataTask) {
            let cancelled = state.withLock { state in
                state.task = task
                return state.cancelled
            }
            if cancelled { task.cancel() }
            task.resume()
        }

        func cancel() {
            state.withLock { state in
                state.cancelled = true
                return state.task
            }?.cancel()
        }
    }

    /// The service's error body, `{"error": "…"}`.
    private struct Problem: Decodable {
        var error: String?
    }

    private static func describe(_ error: URLError) -> String {
        switch error.code {
        case .timedOut: "no answer in time"
        case .cannotConnectToHost: "cannot connect (the service is down or unreachable)"
        case .cannotFindHost, .dnsLookupFailed: "unknown host"
        case .notConnectedToInternet: "offline"
        default: "connection problem (\(error.localizedDescription))"
        }
    }

    private static func endpoint(_ path: String) -> String {
        "account/" + (path.split(separator: "?").first.map(String.init) ?? path)
    }

    private static func query(cursor: String?, limit: Int?) -> String {
        var items: [URLQueryItem] = []
        if let cursor { items.append(URLQueryItem(name: "cursor", value: cursor)) }
        if let limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        var components = URLComponents()
        components.queryItems = items.isEmpty ? nil : items
        return components.string ?? ""
    }

    private static func pathComponent(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? text
    }
}
