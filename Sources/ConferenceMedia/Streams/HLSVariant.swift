import Foundation

/// One variant of an HLS stream as its master playlist names it (`#EXT-X-STREAM-INF`): where its
/// own playlist is, its peak bandwidth and the size of its pictures (read by
/// ``HLSPlaylist/variants(_:base:)``).
public struct HLSVariant: Sendable, Equatable {
    /// The variant's playlist, resolved against the master's address.
    public var url: URL
    /// `BANDWIDTH`: its peak bits a second (what mpv's `--hls-bitrate` compares).
    public var bandwidth: Int
    /// `RESOLUTION`'s width and lines; nil when the master does not say.
    public var width: Int?
    public var height: Int?

    public init(url: URL, bandwidth: Int, width: Int? = nil, height: Int? = nil) {
        self.url = url
        self.bandwidth = bandwidth
        self.width = width
        self.height = height
    }
}
