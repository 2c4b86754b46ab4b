import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The server's generated videos (docs/api.md, "Media"): any `/videos/….mp4`, `.m4v` or `.mov`
/// that is not a real file is served as deterministic bytes, with ranges, and with faults placed at
/// file offsets. Start the server with `arguments: ["--rebase-media"]` to have the contents feeds'
/// `downloadHD`/`downloadSD` URLs point at it.
extension ReferenceServer {
    /// The media counters: responses sending a body now (paused ones included) and at most at once,
    /// overall and per path, with the body bytes actually written to sockets.
    public struct MediaStats: Decodable, Sendable, Equatable {
        public struct File: Decodable, Sendable, Equatable {
            public let requests: Int
            public let bytes: Int
            public let inFlight: Int
            public let maxInFlight: Int
        }

        public let inFlight: Int
        public let maxInFlight: Int
        public let files: [String: File]
    }

    /// A generated file as the server serves it now; `sha256` is the hex digest of all its bytes,
    /// what a finished download must match.
    public struct MediaInfo: Decodable, Sendable, Equatable {
        public let path: String
        public let size: Int
        public let version: Int
        public let etag: String
        public let lastModified: String
        public let sha256: String
    }

    /// Sets the videos matching `path` (an fnmatch pattern): their size, their version (a new one
    /// is "the file changed on the server"), whether ranges are served, and a fault at a file offset
    /// (`dropAt` cuts the connection there, `pauseAt` stops there until ``releaseMedia(_:)``) for
    /// the next `times` responses whose body contains that offset (every one when nil). With
    /// `ignoringIfRange`, ranges are served whatever `If-Range` says, as a broken cache does. Only the
    /// values given change; `dropAt`, `pauseAt` and `times` replace the path's fault together.
    /// Paths are URL paths as sent, percent-encoded (`/videos/x%20y.mp4`).
    public func configureMedia(_ path: String, size: Int? = nil, version: Int? = nil, ranges: Bool? = nil,
                               ignoringIfRange: Bool = false, dropAt: Int? = nil, pauseAt: Int? = nil, times: Int? = nil) async throws {
        var body: [String: Any] = ["path": path]
        if let size { body["size"] = size }
        if let version { body["version"] = version }
        if let ranges { body["ranges"] = ranges }
        if ignoringIfRange { body["ranges"] = "always" }
        if let dropAt { body["dropAt"] = dropAt }
        if let pauseAt { body["pauseAt"] = pauseAt }
        if let times { body["times"] = times }
        _ = try await request("POST", "/_control/media", json: body)
    }

    /// Forgets every media setting and releases every paused response.
    public func clearMedia() async throws {
        _ = try await request("DELETE", "/_control/media")
    }

    /// Lets the paused responses (all, or those whose path matches the pattern) send the rest.
    /// Returns how many were paused.
    @discardableResult
    public func releaseMedia(_ path: String? = nil) async throws -> Int {
        let data = try await request("POST", "/_control/media/release", json: path.map { ["path": $0] as [String: Any] })
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["released"] as? Int ?? 0
    }

    /// Waits until `count` responses for paths matching `path` are paused at their pause point: the
    /// event a test waits for instead of sleeping. Throws when that does not happen within `timeout`.
    public func waitForPausedMedia(_ path: String, count: Int = 1, timeout: Double = HangDeadline.seconds) async throws {
        _ = try await request("GET", "/_control/media/paused/wait?path=\(Self.queryValue(path))&count=\(count)&timeout=\(timeout)",
                              timeout: timeout + 10)
    }

    public func mediaStats() async throws -> MediaStats {
        try JSONDecoder().decode(MediaStats.self, from: try await request("GET", "/_control/media/stats"))
    }

    /// Waits until no media response is sending a body (one let go after its client was killed
    /// ends when the kernel refuses its bytes).
    public func waitForMediaIdle(timeout: Double = HangDeadline.seconds) async throws {
        _ = try await request("GET", "/_control/media/stats/idle/wait?timeout=\(timeout)", timeout: timeout + 10)
    }

    public func resetMediaStats() async throws {
        _ = try await request("DELETE", "/_control/media/stats")
    }

    /// The size, validators and SHA-256 of the generated file at `path`, as it is now.
    public func mediaInfo(_ path: String) async throws -> MediaInfo {
        let data = try await request("GET", "/_control/media/info?path=\(Self.queryValue(path))")
        return try JSONDecoder().decode(MediaInfo.self, from: data)
    }

    /// A query value with its separators escaped, so that any path or pattern arrives as it is.
    static func queryValue(_ value: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#?")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
