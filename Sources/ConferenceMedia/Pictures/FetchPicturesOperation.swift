import ConferenceBackend
import ConferenceData
import ConferenceModel
import ConferenceSync
import Foundation
import Operations

/// Fetches pictures into the ``ImageCache``, a few at a time: each one a retried fetch (the feeds'
/// own ``FetchFeedOperation`` through the transport) that sends the cached copy's ETag and
/// Last-Modified date, so an unchanged picture costs a 304 and no bytes. A picture that fails (a
/// 404, an address refused, a body that is not a picture or one larger than wwdc takes) does not stop the others: each has its
/// ``Outcome``. When all have ended, the cache is brought back under its capacity, sparing the
/// pictures of this run.
//
// @unchecked Sendable: mutable state is in Locked values; the rest is immutable.
public final class FetchPicturesOperation: GroupOperation, @unchecked Sendable {
    /// How one picture ended.
    public enum Outcome: Sendable {
        /// Downloaded (new, or changed since the cached copy).
        case fetched(ImageCache.Entry)
        /// The cached copy, still current (or not asked about: `revalidate` off).
        case unchanged(ImageCache.Entry)
        case failed(any Error)
        case cancelled

        public var entry: ImageCache.Entry? {
            switch self {
            case .fetched(let entry), .unchanged(let entry): entry
            case .failed, .cancelled: nil
            }
        }
    }

    /// The most a picture may weigh: 16 MB (Apple's are tens of kB; ConfCore caches none larger).
    public static let sizeLimit: Int64 = 16_000_000

    /// Three attempts, as for the feeds; a cached copy that vanished under a 304 is asked for again.
    public static let defaultRetry = RetryPolicy(maxAttempts: 3, baseDelay: 0.5, maxDelay: 8, maxRetryAfter: 60, shouldRetry: { errors in
        errors.contains { error in
            if case PictureError.cacheEntryLost = error { return true }
            return SyncSettings.isPassing(error)
        }
    })

    public let pictures: [Picture]
    private let cache: ImageCache
    private let transport: any FeedTransport
    private let timeout: TimeInterval
    private let attemptLimit: TimeInterval
    private let retry: RetryPolicy
    private let revalidate: Bool
    private let outcomes = Locked<[Int: Outcome]>([:])
    private let indexes = Locked<[ObjectIdentifier: Int]>([:])

    /// `timeout` bounds each request, `attemptLimit` each attempt in all, from the request to the
    /// answer's last byte (by default twice `timeout`: a server sending slowly is waited for); with
    /// `revalidate` off, a cached picture is used without asking the server (for a page that only
    /// shows it).
    public init(pictures: [Picture], cache: ImageCache, transport: any FeedTransport = HTTPTransport(), timeout: TimeInterval = 30,
                attemptLimit: TimeInterval? = nil, retry: RetryPolicy = FetchPicturesOperation.defaultRetry, jobs: Int = 4,
                revalidate: Bool = true) {
        self.pictures = pictures
        self.cache = cache
        self.transport = transport
        self.timeout = timeout
        self.attemptLimit = attemptLimit ?? timeout * 2
        self.retry = retry
        self.revalidate = revalidate
        super.init()
        name = "pictures"
        innerQueue.maxConcurrentOperationCount = max(1, jobs)
    }

    /// How each picture ended, in the order asked for (cancelled when it never ran).
    public var results: [(picture: Picture, outcome: Outcome)] {
        let outcomes = outcomes.withLock { $0 }
        return pictures.enumerated().map { ($1, outcomes[$0] ?? .cancelled) }
    }

    public override func execute() {
        for (index, picture) in pictures.enumerated() {
            // A media address: plain http beyond this machine is asked for over https.
            let url: URL
            switch WebAddress.media(picture.url) {
            case .success(let address):
                url = address
            case .failure(let refusal):
                outcomes.withLock { $0[index] = .failed(BackendError(refusing: picture.url, refusal)) }
                continue
            }
            if !revalidate, let entry = cache.entry(for: picture.url.absoluteString) {
                cache.touch(entry)
                outcomes.withLock { $0[index] = .unchanged(entry) }
                continue
            }
            let operation = fetch(picture, from: url)
            indexes.withLock { $0[ObjectIdentifier(operation)] = index }
            addOperation(operation)
        }
        super.execute()
    }

    /// One picture, retried: each attempt reads the cache afresh for its validators.
    private func fetch(_ picture: Picture, from url: URL) -> RetryOperation<FetchFeedOperation<Outcome>> {
        let cache = cache, transport = transport, timeout = timeout, attemptLimit = attemptLimit
        let address = picture.url.absoluteString
        return RetryOperation(name: "fetch picture \(picture.id)", policy: retry) { _ in
            let cached = cache.entry(for: address)
            let request = FeedRequest(feed: picture.id, url: url, etag: cached?.etag, lastModified: cached?.lastModified,
                                      timeout: timeout, limit: Self.sizeLimit, accept: "image/jpeg, image/png, image/*;q=0.8")
            return FetchFeedOperation(request, transport: transport, timeout: attemptLimit) { response in
                switch response {
                case .notModified:
                    guard let entry = cache.entry(for: address) else { throw PictureError.cacheEntryLost(url: address) }
                    cache.touch(entry)
                    return .unchanged(entry)
                case let .modified(data, etag, lastModified):
                    guard let file = PictureFile.inspect(data) else { throw PictureError.notAPicture(url: address) }
                    guard file.isWithinLimits else { throw PictureError.tooLarge(url: address, width: file.width, height: file.height) }
                    return .fetched(try cache.store(data, file: file, url: address, etag: etag, lastModified: lastModified))
                }
            }
        }
    }

    public override func operationDidFinish(_ operation: Operation, withErrors errors: [any Error]) {
        guard let index = indexes.withLock({ $0[ObjectIdentifier(operation)] }) else { return }
        let outcome: Outcome
        if let value = (operation as? RetryOperation<FetchFeedOperation<Outcome>>)?.succeeded?.output.value {
            outcome = value
        } else if let error = OperationError.rootCause(in: errors) ?? errors.first, !isCancelled {
            outcome = Self.fallback(for: pictures[index], after: error, cache: cache)
        } else {
            outcome = .cancelled
        }
        outcomes.withLock { $0[index] = outcome }
    }

    /// What a picture whose fetch failed comes to: when its address was the feed's plain http one
    /// asked for over https, the copy in the cache (the next best source), else a failure naming
    /// the address refused; any other failure as it is.
    private static func fallback(for picture: Picture, after error: any Error, cache: ImageCache) -> Outcome {
        guard case .success(let asked) = WebAddress.media(picture.url),
              let upgraded = UpgradedAddressError.wrapping(error, asked: asked, original: picture.url.absoluteString) else { return .failed(error) }
        if let entry = cache.entry(for: picture.url.absoluteString) {
            cache.touch(entry)
            return .unchanged(entry)
        }
        return .failed(upgraded)
    }

    /// Each picture's failure is its outcome, not the group's; the cache is trimmed at the end.
    public override func errorsFromChildren(_ errors: [any Error]) -> [any Error] {
        if isCancelled { return errors }
        let kept = Set(results.compactMap { $0.outcome.entry?.path })
        // A cache that cannot be trimmed now is trimmed by a later run; the pictures are here.
        _ = try? cache.evict(keeping: kept)
        return []
    }
}
