import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ConferenceBackend
import Operations
import TestSupport
import Testing

@Suite("URL session task operation")
struct URLSessionTaskOperationTests {
    @Test("a data task: the completion handler gets the body, then the operation finishes")
    func dataTask() async throws {
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let body = Locked<Data?>(nil)
        let operation = URLSessionTaskOperation(session: .shared, request: URLRequest(url: server.url("/config.json"))) { data, _, _ in
            body.withLock { $0 = data }
        }
        let queue = AdvancedOperationQueue()
        queue.addOperation(operation)
        let errors = await operation.finishedErrors()
        #expect(errors.isEmpty)
        let config = try JSONSerialization.jsonObject(with: body.withLock { $0 } ?? Data()) as? [String: Any]
        #expect(config?["feeds"] != nil)
    }

    @Test("a download task hands over a file that exists while the handler runs")
    func downloadTask() async throws {
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let size = Locked(0)
        let operation = URLSessionTaskOperation(session: .shared, downloadRequest: URLRequest(url: server.url("/news.json"))) { url, _, _ in
            let data = url.flatMap { try? Data(contentsOf: $0) } ?? Data()
            size.withLock { $0 = data.count }
        }
        AdvancedOperationQueue().addOperation(operation)
        #expect(await operation.finishedErrors().isEmpty)
        #expect(size.withLock { $0 } > 100)
    }

    @Test("cancelling cancels the task: the operation finishes long before the server answers")
    func cancelCancelsTask() async throws {
        let server = try await ReferenceServer.start(arguments: ["--fault", "/contents.json=delay:300"])
        defer { server.stop() }
        let operation = URLSessionTaskOperation(session: .shared, request: URLRequest(url: server.url("/contents.json"))) { _, _, _ in }
        let (started, starting) = AsyncStream<Void>.makeStream()
        operation.addObserver(BlockObserver(start: { _ in starting.finish() }))
        let queue = AdvancedOperationQueue()
        queue.addOperation(operation)
        for await _ in started {}
        operation.cancel()
        // The server holds the answer for five minutes: only a cancelled task finishes before.
        _ = await operation.finishedErrors()
        #expect(operation.isCancelled && operation.isFinished)
        #expect((operation.errors.first as? URLError)?.code == .cancelled)
    }

    @Test("its retry decision retries any failure except a cancellation, a cancelled task included")
    func retryDecision() {
        #expect(URLSessionTaskOperation.retryUnlessCancelled([Failure("x")]))
        #expect(!URLSessionTaskOperation.retryUnlessCancelled([CancellationError()]))
        #expect(!URLSessionTaskOperation.retryUnlessCancelled([Failure("x"), URLError(.cancelled)]))
        #expect(URLSessionTaskOperation.retryUnlessCancelled([URLError(.timedOut)]))
    }

    private struct Failure: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }
}
