import ConferenceModel
import Foundation
import Operations

/// Fetches one file of the feeds (a feed, a transcript manifest, a transcript) through the
/// transport, sending the ETag of the last sync, and reads what came back: its output is what
/// `read` made of the answer. One attempt; it fails with the transport's error or `read`'s.
//
// @unchecked Sendable: mutable state is in Locked values; the rest is immutable.
public final class FetchFeedOperation<Output: Sendable>: AdvancedOperation, OutputOperation, @unchecked Sendable {
    public let output = OperationOutput<Output>()
    let request: FeedRequest
    private let transport: any FeedTransport
    private let read: @Sendable (FeedResponse) throws -> Output
    private let fetch = Locked<FeedFetch?>(nil)
    private let received = Locked(false)

    /// `timeout` bounds the download, from the request to the answer's last byte (the transport's
    /// own limit covers a stalled connection; this one a server that trickles). Reading the answer
    /// is not bounded: it is work on this machine, as long as the machine's load makes it, and a
    /// limit there would throw away a file that arrived whole.
    public init(_ request: FeedRequest, transport: any FeedTransport, timeout: TimeInterval,
         read: @escaping @Sendable (FeedResponse) throws -> Output) {
        self.request = request
        self.transport = transport
        self.read = read
        super.init()
        name = "download \(request.feed)"
        addObserver(TimeoutObserver(timeout: timeout) { [received] in !received.withLock { $0 } })
    }

    public override func execute() {
        let started = transport.fetch(request) { [self] result in
            switch result {
            case let .success(response):
                received.withLock { $0 = true }
                do {
                    output.set(try read(response))
                    finish()
                } catch {
                    finish(with: error)
                }
            case let .failure(error):
                finish(with: isCancelled ? [] : [error])
            }
        }
        fetch.withLock { $0 = started }
        if isCancelled { started.cancel() }
    }

    public override func didCancel() {
        fetch.withLock { $0 }?.cancel()
    }
}

extension FetchFeedOperation where Output == FeedResponse {
    /// Fetches the file; its output is the answer as it came (for a parse step after it).
    public convenience init(_ request: FeedRequest, transport: any FeedTransport, timeout: TimeInterval) {
        self.init(request, transport: transport, timeout: timeout) { $0 }
    }
}
