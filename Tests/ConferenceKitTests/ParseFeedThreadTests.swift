import Foundation
import Operations
import TestSupport
import TestTraits
import Testing
@testable import ConferenceBackend
@testable import ConferenceSync

@Suite("parsing a feed", .offThePool)
struct ParseFeedThreadTests {
    /// Answers every request at once with the same body.
    struct ImmediateTransport: FeedTransport {
        let body: Data
        func fetch(_ request: FeedRequest, completion: @escaping @Sendable (Result<FeedResponse, BackendError>) -> Void) -> FeedFetch {
            completion(.success(.modified(body, etag: "\"1\"")))
            return FeedFetch()
        }
    }

    @Test("a feed is decoded on the queue's threads, never in a Swift task (it would hold a thread of the cooperative pool)")
    func decodedOutsideTasks() async throws {
        let inTask = Locked<Bool?>(nil)
        let reading = FeedReading<Int>(decode: { data in
            inTask.withLock { $0 = withUnsafeCurrentTask { $0 != nil } }
            return (data.count, [])
        })
        let request = FeedRequest(feed: "news.json", url: URL(string: "https://example.com/news.json")!, etag: nil, timeout: 30)
        let fetch = FetchFeedOperation(request, transport: ImmediateTransport(body: Data("{}".utf8)), timeout: 30)
        let output = OperationOutput<FetchedFeed<Int>>()
        let parse = ParseFeedOperation(.news, from: fetch, reading: reading, into: output)
        let errors = try await onThread { AdvancedOperationQueue().run([fetch, parse]) }
        #expect(errors.isEmpty, "\(errors)")
        #expect(output.value?.feed == 2)
        #expect(inTask.withLock { $0 } == false)
    }
}
