import ConferenceBackend
import Foundation
import Operations

/// Reads an HLS stream's master playlist and chooses the variant of a quality
/// (``MediaQuality/variant(among:)``) among those at addresses a player may be given.
///
/// It never fails: a player can always play the stream as it is, choosing for itself. Its output
/// is the variant, or why there is none (the playlist could not be fetched, or lists no variant).
//
// @unchecked Sendable: the output is a Locked value; the rest is immutable.
public final class ChooseStreamVariantOperation: GroupOperation, OutputOperation, @unchecked Sendable {
    public let output = OperationOutput<Result<HLSVariant, any Error>>()
    public let quality: MediaQuality
    /// The master playlist's address.
    public let url: URL
    private let fetch: FetchFeedOperation<[HLSVariant]>

    /// Chooses among the variants of the stream at `url` (an address a player may be given), fetched
    /// through `transport` within `timeout` seconds.
    public init(url: URL, quality: MediaQuality, transport: any FeedTransport = HTTPTransport(), timeout: TimeInterval = 20) {
        self.quality = quality
        self.url = url
        let request = FeedRequest(feed: url.lastPathComponent, url: url, etag: nil, timeout: timeout, limit: HLSPlaylist.maxBytes,
                                  accept: "application/vnd.apple.mpegurl, audio/mpegurl;q=0.9, */*;q=0.1")
        fetch = FetchFeedOperation(request, transport: transport, timeout: timeout) { response in
            guard case let .modified(data, _, _) = response else { return [] }
            return HLSPlaylist.variants(String(decoding: data, as: UTF8.self), base: url)
        }
        super.init(operations: [fetch])
        name = "choose the stream's variant"
    }

    public override func operationDidFinish(_ operation: Operation, withErrors errors: [any Error]) {
        guard operation === fetch, !isCancelled else { return }
        if let error = errors.first {
            output.set(.failure(error))
            return
        }
        // Only what a player may be given: an address from the playlist is the feed's.
        let playable = (fetch.output.value ?? []).compactMap { variant -> HLSVariant? in
            guard let address = try? PlayerOperation.playableURL(variant.url.absoluteString), let url = URL(string: address) else { return nil }
            var playable = variant
            playable.url = url
            return playable
        }
        if let variant = quality.variant(among: playable) {
            output.set(.success(variant))
        } else {
            output.set(.failure(WatchError.noStreamVariants(url.absoluteString)))
        }
    }

    /// The player plays the stream as it is when no variant could be chosen: nothing here fails the playback.
    public override func errorsFromChildren(_ errors: [any Error]) -> [any Error] { [] }
}
