import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension ReferenceServer {
    /// The HTTP status of one request to the server, with extra headers (a bearer token, say).
    ///
    /// Unlike ``request(_:_:json:timeout:)`` it never throws for a 4xx or 5xx answer: the status is
    /// what a test checks (a revoked token answers 401).
    public func status(_ method: String, _ path: String, headers: [String: String] = [:], timeout: Double = HangDeadline.seconds) async throws -> Int {
        var request = URLRequest(url: url(path), timeoutInterval: timeout)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (_, response) = try await URLSession.shared.data(for: request)
        guard let status = (response as? HTTPURLResponse)?.statusCode else {
            throw ServerError(message: "\(method) \(path): no HTTP response")
        }
        return status
    }

    /// The request log's entries as (method, path, status), in the order they were answered.
    public func requests() async throws -> [(method: String, path: String, status: Int?)] {
        try await log().map { entry in
            (entry["method"] as? String ?? "?", entry["path"] as? String ?? "?", entry["status"] as? Int)
        }
    }
}
