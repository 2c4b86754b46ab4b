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

    override func execute() async throws {
        switch response.value {
        case nil:
            return
        case let .notModified(etag):
            let saved = try reading.unchanged?()
            output.set(FetchedFeed(kind: kind, etag: etag, feed: saved?.0, body: nil, bytes: nil, issues: saved?.1 ?? []))
        case let .modified(data, etag):
            try Task.checkCancellation()
            let (feed, issues) = try reading.decode(data)
            output.set(FetchedFeed(kind: kind, etag: etag, feed: feed, body: reading.keepsBody ? data : nil, bytes: data.count,
                                   issues: issues))
        }
    }
}
