import Foundation
import Operations
import TestSupport
import TestTraits
import Testing
@testable import ConferenceBackend
@testable import ConferenceModel

@Suite("a feed's time limit", .offThePool)
struct FetchFeedTimeLimitTests {
    @Test("the limit bounds the download, not the reading of a file that arrived whole (a loaded machine reads slowly)")
    func readingIsNotLimited() async throws {
        let limitReached = DispatchSemaphore(value: 0)
        let request = FeedRequest(feed: "digest.json", url: URL(string: "https://example.com/digest.json")!, etag: nil, timeout: 30)
        let fetch = FetchFeedOperation(request, transport: ParseFeedThreadTests.ImmediateTransport(body: Data("{}".utf8)), timeout: 0.05) { (response: FeedResponse) -> Int in
            // Reading takes past the limit: until the limit cancels the operation, or long after it.
            _ = limitReached.wait(timeout: .now() + 1)
            guard case let .modified(body, _, _) = response else { return 0 }
            return body.count
        }
        fetch.addObserver(BlockObserver(cancel: { _ in limitReached.signal() }))
        let errors = try await onThread { AdvancedOperationQueue().run([fetch]) }
        #expect(errors.isEmpty, "\(errors)")
        #expect(fetch.output.value == 2)
    }

    /// Answers nothing until cancelled.
    struct SilentTransport: FeedTransport {
        func fetch(_ request: FeedRequest, completion: @escaping @Sendable (Result<FeedResponse, BackendError>) -> Void) -> FeedFetch {
            FeedFetch(onCancel: { completion(.failure(.connectionLost(feed: request.feed, detail: "cancelled"))) })
        }
    }

    @Test("a download that does not arrive within the limit still fails with the limit")
    func downloadIsLimited() async throws {
        let request = FeedRequest(feed: "digest.json", url: URL(string: "https://example.com/digest.json")!, etag: nil, timeout: 30)
        let fetch = FetchFeedOperation(request, transport: SilentTransport(), timeout: 0.05) { (_: FeedResponse) -> Int in 1 }
        let errors = try await onThread { AdvancedOperationQueue().run([fetch]) }
        #expect(errors.contains { if case OperationError.timedOut = $0 { true } else { false } }, "\(errors)")
    }
}
