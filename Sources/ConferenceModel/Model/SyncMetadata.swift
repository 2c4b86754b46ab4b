import Foundation

/// What the last sync learned about one feed: its ETag for conditional requests, and when it was checked.
public struct SyncMetadata: Hashable, Sendable {
    /// The feed's name (`contents`, `news`, `liveVideos`, `config`, ...).
    public var feed: String
    public var etag: String?
    public var lastSync: Date?

    public init(feed: String, etag: String? = nil, lastSync: Date? = nil) {
        self.feed = feed
        self.etag = etag
        self.lastSync = lastSync
    }
}
