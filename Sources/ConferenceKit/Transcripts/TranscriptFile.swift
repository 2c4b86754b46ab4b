import Foundation
import Operations

/// One request of the transcripts step: a manifest, the digest or one transcript, fetched and read.
/// One attempt: the step wraps it in a retry.
//
// @unchecked Sendable: mutable state is in Locked values; the rest is immutable.
final class FetchTranscriptFileOperation: AdvancedOperation, @unchecked Sendable {
    /// What came back and was read.
    enum Outcome: Sendable {
        case manifest(TranscriptManifest, issues: [FeedIssue], etag: String?)
        case transcripts([Transcript], issues: [FeedIssue], bytes: Int)
        /// The manifest has not changed since the ETag sent.
        case notModified
    }

    enum Content: Sendable {
        case manifest
        /// Transcripts; `language` stands in for a file that does not name its own.
        case transcripts(language: String)
    }

    let request: FeedRequest
    private let content: Content
    private let transport: any FeedTransport
    private let fetch = Locked<FeedFetch?>(nil)
    private let outcome = Locked<Outcome?>(nil)

    init(_ request: FeedRequest, content: Content, transport: any FeedTransport) {
        self.request = request
        self.content = content
        self.transport = transport
        super.init()
        name = "download \(request.feed)"
        // The transport's own limit covers a stalled connection; this one a server that trickles.
        addObserver(TimeoutObserver(timeout: request.timeout * 2))
    }

    /// Nil until it succeeded.
    var result: Outcome? { outcome.withLock { $0 } }

    override func execute() {
        let started = transport.fetch(request) { [self] result in
            switch result {
            case .success(.notModified):
                outcome.withLock { $0 = .notModified }
                finish()
            case let .success(.modified(data, etag)):
                do {
                    let read = try self.read(data, etag: etag)
                    outcome.withLock { $0 = read }
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

    override func didCancel() {
        fetch.withLock { $0 }?.cancel()
    }

    private func read(_ data: Data, etag: String?) throws -> Outcome {
        switch content {
        case .manifest:
            let (manifest, issues) = try TranscriptReader.manifest(data, feed: request.feed, base: request.url)
            return .manifest(manifest, issues: issues, etag: etag)
        case .transcripts(let language):
            let (transcripts, issues) = try TranscriptReader.transcripts(data, feed: request.feed, language: language)
            return .transcripts(transcripts, issues: issues, bytes: data.count)
        }
    }
}
