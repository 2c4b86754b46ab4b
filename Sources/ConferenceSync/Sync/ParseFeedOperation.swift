import ConferenceBackend
import Foundation
import Operations

/// Decodes what its download brought, by its step's ``FeedReading``; an unchanged feed (304) brings
/// nothing but its ETag (and, for the config, the saved copy).
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
final class ParseFeedOperation<Feed: Sendable>: AdvancedOperation, OutputOperation, @unchecked Sendable {
    let output: OperationOutput<FetchedFeed<Feed>>
    private let kind: FeedKind
    private let reading: FeedReading<Feed>
    private let response = OperationInput<FeedResponse>()

    /// Puts what it read in `output` (its step's).
    init(_ kind: FeedKind, from download: FetchFeedOperation<FeedResponse>, reading: FeedReading<Feed>,
         into output: OperationOutput<FetchedFeed<Feed>>) {
        self.kind = kind
        self.reading = reading
        self.output = output
        super.init()
        name = "parse \(kind.fileName)"
        injectResult(from: download, into: response)
        addCondition(NoCancelledDependencies())
        addCondition(NoFailedDependencies())
    }

    // Classic, not async: decoding a feed is seconds of CPU work, which belongs on the queue's
    // threads. On Swift's cooperative pool (as many threads as cores) it would hold up every task
    // of the process meanwhile, an MCP server's requests among them.
    override func execute() {
        do {
            try parse()
            finish()
        } catch {
            finish(with: error)
        }
    }

    private func parse() throws {
        switch response.value {
        case nil:
            return
        case let .notModified(etag):
            let saved = try reading.unchanged?()
            output.set(FetchedFeed(kind: kind, etag: etag, feed: saved?.0, body: nil, bytes: nil, issues: saved?.1 ?? []))
        case let .modified(data, etag, _):
            guard !isCancelled else { return }
            let (feed, issues) = try reading.decode(data)
            output.set(FetchedFeed(kind: kind, etag: etag, feed: feed, body: reading.keepsBody ? data : nil, bytes: data.count,
                                   issues: issues))
        }
    }
}
