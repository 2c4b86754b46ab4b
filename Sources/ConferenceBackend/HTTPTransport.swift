import ConferenceModel
import Foundation
import Operations
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches feeds over http(s) with libcurl: conditional requests, no cache, a time limit, a
/// truncated body caught by its Content-Length, and the body decoded here (gzip of any number of
/// members, deflate with or without zlib's wrapper) within the request's limit.
///
/// Why not URLSession: on Linux it has libcurl decode the body, which fails on a gzip body of
/// several members (Apple's CDN sends two: "Failed writing received data"), and it decodes without
/// bound (a body inflating to gigabytes fills memory). Here libcurl hands the body over as sent,
/// a piece at a time, and ``FeedBody`` decodes it into at most the limit. Redirects are followed
/// here, only to addresses wwdc would have asked for itself (https, or http on this machine).
public struct HTTPTransport: FeedTransport {
    public init() {}

    public func fetch(_ request: FeedRequest, completion: @escaping @Sendable (Result<FeedResponse, BackendError>) -> Void) -> FeedFetch {
        let exchange = FeedExchange(request: request, completion: completion)
        exchange.start(url: request.url)
        return FeedFetch { exchange.cancel() }
    }

    /// A Retry-After header's seconds: a number, or an HTTP date from now; nil when it is neither.
    public static func seconds(retryAfter value: String) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(text), seconds.isFinite, seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text).map { max(0, $0.timeIntervalSinceNow) }
    }

    /// A libcurl failure in the feed's words.
    static func classify(code: Int32, message: String, request: FeedRequest, url: URL, received: Int64, expected: Int64?) -> BackendError {
        switch code {
        case 5, 6, 7:
            return .unreachable(source: url.host ?? url.absoluteString, reason: message)
        case 18:
            let detail = expected.map { "received \(received) of \($0) bytes" } ?? "the body stopped short"
            return .connectionLost(feed: request.feed, detail: detail)
        case 28:
            return .timedOut(feed: request.feed, seconds: request.timeout)
        case 52, 55, 56:
            return .connectionLost(feed: request.feed, detail: "the server closed the connection")
        case 1, 3:
            return .transport(feed: request.feed, detail: "unusable address \(url.absoluteString)")
        case 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98:
            return .transport(feed: request.feed, detail: "no trusted connection to \(url.host ?? url.absoluteString) (\(message))")
        default:
            return .connectionLost(feed: request.feed, detail: message)
        }
    }
}

/// One feed request: a transfer, and one more per redirect followed.
//
// @unchecked Sendable: the mutable state is in a Locked; each transfer's callbacks run on its own
// thread, one transfer at a time.
private final class FeedExchange: @unchecked Sendable {
    static let maxRedirects = 10
    static let redirects: Set<Int> = [301, 302, 303, 307, 308]

    private struct State {
        var transfer: CurlTransfer?
        var cancelled = false
        var finished = false
        var redirects = 0
    }

    private struct Answer {
        var head: CurlTransfer.Head?
        var body: FeedBody?
        var failure: BackendError?
    }

    let request: FeedRequest
    private let completion: @Sendable (Result<FeedResponse, BackendError>) -> Void
    private let state = Locked(State())

    init(request: FeedRequest, completion: @escaping @Sendable (Result<FeedResponse, BackendError>) -> Void) {
        self.request = request
        self.completion = completion
    }

    func cancel() {
        let transfer = state.withLock { state -> CurlTransfer? in
            state.cancelled = true
            return state.transfer
        }
        transfer?.cancel()
    }

    func start(url: URL) {
        var headers = ["Accept": request.accept, "Accept-Encoding": "gzip, deflate"]
        if let etag = request.etag { headers["If-None-Match"] = etag }
        if let lastModified = request.lastModified { headers["If-Modified-Since"] = lastModified }
        // Touched only on the transfer's thread, from its head to its end.
        let answer = Locked(Answer())
        // A stalled connection ends a few seconds after the request's time limit: the operation that
        // asked keeps the limit itself (one clock, one message), this is the backstop.
        let transfer = CurlTransfer(
            url: url.absoluteString, headers: headers, stallSeconds: Int(request.timeout.rounded(.up)) + 5,
            followsRedirects: false, threadName: "wwdc feed",
            onHead: { [self] head in
                answer.withLock { answer in
                    answer.head = head
                    guard (200..<300).contains(head.status) else { return .skip }
                    do {
                        try Self.checkLength(head, request: request)
                        answer.body = try FeedBody(feed: request.feed, contentEncoding: head.value("Content-Encoding"), limit: request.limit)
                        return .receive
                    } catch {
                        answer.failure = error as? BackendError ?? .transport(feed: request.feed, detail: ErrorText.message(error))
                        return .abort
                    }
                }
            },
            onBody: { bytes in
                answer.withLock { answer in
                    do {
                        try answer.body?.append(bytes)
                        return true
                    } catch {
                        answer.failure = error as? BackendError ?? .transport(feed: self.request.feed, detail: ErrorText.message(error))
                        return false
                    }
                }
            },
            onEnd: { [self] outcome in
                let taken = answer.withLock { answer in
                    defer { answer = Answer() }
                    return answer
                }
                ended(outcome, answer: taken, url: url)
            })
        let go = state.withLock { state -> Bool in
            guard !state.cancelled else { return false }
            state.transfer = transfer
            return true
        }
        if go {
            transfer.start()
        } else {
            complete(.failure(.transport(feed: request.feed, detail: "cancelled")))
        }
    }

    /// A plain body announced larger than the limit is refused before a byte of it is read.
    private static func checkLength(_ head: CurlTransfer.Head, request: FeedRequest) throws {
        guard head.value("Content-Encoding") == nil, let length = head.value("Content-Length").flatMap({ Int64($0) }),
              length > request.limit else { return }
        throw BackendError.tooLarge(feed: request.feed, limit: request.limit, compressed: false)
    }

    private func ended(_ outcome: CurlTransfer.Outcome, answer: Answer, url: URL) {
        let received = answer.body?.receivedCount ?? 0
        let expected = answer.head?.value("Content-Length").flatMap { Int64($0) }
        switch outcome {
        case .cancelled:
            return complete(.failure(.transport(feed: request.feed, detail: "cancelled")))
        case .aborted:
            return complete(.failure(answer.failure ?? .transport(feed: request.feed, detail: "stopped")))
        case .stalled:
            return complete(.failure(.timedOut(feed: request.feed, seconds: request.timeout)))
        case let .failed(code, message):
            return complete(.failure(HTTPTransport.classify(code: code, message: message, request: request, url: url,
                                                            received: received, expected: expected)))
        case .completed:
            break
        }
        guard let head = answer.head else {
            return complete(.failure(.transport(feed: request.feed, detail: "no HTTP response")))
        }
        let etag = head.value("ETag")
        switch head.status {
        case 304:
            complete(.success(.notModified(etag: etag ?? request.etag)))
        case 200..<300:
            do {
                guard let body = answer.body else { throw BackendError.transport(feed: request.feed, detail: "no body") }
                if let expected, head.value("Content-Encoding") == nil, body.receivedCount < expected {
                    throw BackendError.connectionLost(feed: request.feed, detail: "received \(body.receivedCount) of \(expected) bytes")
                }
                complete(.success(.modified(try body.finish(), etag: etag, lastModified: head.value("Last-Modified"))))
            } catch {
                complete(.failure(error as? BackendError ?? .transport(feed: request.feed, detail: ErrorText.message(error))))
            }
        case let status where Self.redirects.contains(status):
            follow(head, from: url)
        default:
            complete(.failure(.httpStatus(feed: request.feed, status: head.status, url: request.url,
                                          retryAfter: head.value("Retry-After").flatMap(HTTPTransport.seconds(retryAfter:)))))
        }
    }

    /// Follows a redirect to an address wwdc would have asked for itself; another ends the request
    /// with the redirect's own answer.
    private func follow(_ head: CurlTransfer.Head, from url: URL) {
        let refused = BackendError.httpStatus(feed: request.feed, status: head.status, url: request.url)
        guard let location = head.value("Location"), let next = URL(string: location, relativeTo: url)?.absoluteURL,
              (try? ConferenceSource.requireSecure(next)) != nil else {
            return complete(.failure(refused))
        }
        let allowed = state.withLock { state -> Bool in
            state.redirects += 1
            return state.redirects <= Self.maxRedirects
        }
        guard allowed else {
            return complete(.failure(.transport(feed: request.feed, detail: "too many redirects")))
        }
        start(url: next)
    }

    private func complete(_ result: Result<FeedResponse, BackendError>) {
        let first = state.withLock { state -> Bool in
            defer { state.finished = true }
            return !state.finished
        }
        if first { completion(result) }
    }
}
