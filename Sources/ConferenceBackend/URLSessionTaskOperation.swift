import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Operations

/// Runs a URL session data or download task and finishes when its completion handler has run.
///
/// No KVO: the operation creates the task with a completion handler, calls your handler with the
/// result, then finishes (with the task's error, if any). Cancelling cancels the task.
//
// @unchecked Sendable: the task lives in a Locked; the rest is immutable.
public final class URLSessionTaskOperation: AdvancedOperation, @unchecked Sendable {
    private enum Kind {
        case data(@Sendable (Data?, URLResponse?, (any Error)?) -> Void)
        case download(@Sendable (URL?, URLResponse?, (any Error)?) -> Void)
    }

    private let session: URLSession
    private let request: URLRequest
    private let kind: Kind
    private let task = Locked<URLSessionTask?>(nil)

    /// A data task; `completion` gets the body, the response and the error.
    public init(session: URLSession, request: URLRequest,
                completion: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) {
        self.session = session
        self.request = request
        self.kind = .data(completion)
        super.init()
    }

    /// A download task; `completion` gets the temporary file, which is deleted after it returns.
    public init(session: URLSession, downloadRequest: URLRequest,
                completion: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void) {
        self.session = session
        self.request = downloadRequest
        self.kind = .download(completion)
        super.init()
    }

    public override func execute() {
        let created: URLSessionTask
        switch kind {
        case let .data(completion):
            created = session.dataTask(with: request) { [self] data, response, error in
                completion(data, response, error)
                finish(with: error.map { [$0] } ?? [])
            }
        case let .download(completion):
            created = session.downloadTask(with: request) { [self] url, response, error in
                completion(url, response, error)
                finish(with: error.map { [$0] } ?? [])
            }
        }
        task.withLock { $0 = created }
        created.resume()
        if isCancelled { created.cancel() }
    }

    public override func didCancel() {
        task.withLock { $0 }?.cancel()
    }

    /// The retry decision for attempts that are URL tasks: any failure but a cancellation, a task
    /// cancelled (`URLError.cancelled`) included.
    public static func retryUnlessCancelled(_ errors: [any Error]) -> Bool {
        RetryPolicy.retryUnlessCancelled(errors) && !errors.contains { ($0 as? URLError)?.code == .cancelled }
    }
}
