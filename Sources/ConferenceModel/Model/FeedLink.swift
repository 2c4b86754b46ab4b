import Foundation

/// A URL named by `config.json` (a feed, the account service), with the ETag Apple published for it.
public struct FeedLink: Hashable, Sendable {
    /// Absolute, or relative to the configuration's own URL.
    public var url: String
    public var etag: String?

    public init(url: String, etag: String? = nil) {
        self.url = url
        self.etag = etag
    }

    /// The URL resolved against `base` (the URL `config.json` came from); nil when it is not a URL.
    public func resolved(against base: URL?) -> URL? {
        URL(string: url, relativeTo: base)?.absoluteURL
    }
}
