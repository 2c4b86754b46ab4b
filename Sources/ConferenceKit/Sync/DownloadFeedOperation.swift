import Foundation
import Operations

/// Downloads one feed, sending the ETag of the last sync, and keeps what came back for the parse step.
//
// @unchecked Sendable: mutable state is in Locked values.
final class DownloadFeedOperation: AdvancedOperation, @unchecked Sendable {
    let kind: FeedKind
    private let context: SyncContext
    private let fetch = Locked<FeedFetch?>(nil)
    private let response = Locked<FeedResponse?>(nil)

    init(_ kind: FeedKind, context: SyncContext) {
        self.kind = kind
        self.context = context
        super.init()
        name = "download \(kind.fileName)"
        addObserver(TimeoutObserver(timeout: context.settings.timeout))
    }

    /// What the server answered; nil until it has.
    var result: FeedResponse? { response.withLock { $0 } }

    override func execute() {
        let url: URL
        do {
            // Its step's FeedOffered condition has checked that the source offers it.
            guard let offered = try context.url(for: kind) else { return finish(with: SkippedStep(reason: "not offered by this source")) }
            url = offered
        } catch {
            finish(with: error)
            return
        }
        let request = FeedRequest(feed: kind.fileName, url: url, etag: context.etag(for: kind), timeout: context.settings.timeout,
                                  limit: context.settings.feedLimit)
        let started = context.settings.transport.fetch(request) { [self] result in
            switch result {
            case let .success(answer):
                response.withLock { $0 = answer }
                finish()
            case let .failure(error):
                finish(with: isCancelled ? [] : [error])
            }
        }
        fetch.withLock { $0 = started }
        if isCancelled { started.cancel() }
    }

    override func didCancel() {
        fetch.withLock { $0 }?.cancel()
    }
}
