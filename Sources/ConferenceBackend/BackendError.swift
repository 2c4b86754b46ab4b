import ConferenceModel
import Foundation
import Operations
import PlainText
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A feed or account request that failed on its way: the server could not be reached, answered with an
/// error, took too long, or the connection broke. Names the feed and the cause, and how to fix it.
public enum BackendError: Error, Equatable, Sendable {
    /// The source is neither an http(s) URL nor an existing folder.
    case invalidSource(String)
    /// Plain http to a host other than this machine: refused, credentials and data would travel in clear.
    case insecureSource(URL)
    /// An address the rule of ``WebAddress`` refuses for another reason (shown without a password).
    case refusedAddress(String, WebAddress.Refusal)
    /// A folder source's config or manifest names a file outside the folder (`../x`, an absolute
    /// path, a link leading out): refused, never read.
    case outsideFolder(feed: String?, path: String, folder: String)
    /// Nothing answers at the source (refused, unknown host, no route): found before any feed is asked for.
    case unreachable(source: String, reason: String)
    /// The server answered with an HTTP error; `retryAfter` is its advice, in seconds, when it gave one.
    case httpStatus(feed: String, status: Int, url: URL, retryAfter: Double? = nil)
    /// No complete answer within the time limit.
    case timedOut(feed: String, seconds: Double)
    /// The connection broke, or the body stopped short.
    case connectionLost(feed: String, detail: String)
    /// A folder source lacks the feed's file.
    case missingFile(feed: String, path: String)
    /// The body, once decoded, would pass the most a feed may hold (`limit` bytes).
    case tooLarge(feed: String, limit: Int64, compressed: Bool)
    /// A compressed body that cannot be decoded: corrupt, cut short, or in a coding wwdc cannot read.
    case undecodable(feed: String, detail: String)
    /// Anything else the transport reported.
    case transport(feed: String, detail: String)

    /// How to fix it.
    public var recoverySuggestion: String? {
        switch self {
        case .invalidSource:
            "Give an http(s) URL or the path of a folder holding config.json."
        case .insecureSource:
            WebAddress.Refusal.plainHTTP(host: "").advice
        case .refusedAddress(_, let refusal):
            refusal.advice
        case .outsideFolder:
            "A folder source reads only the files inside its folder; copy the file into it, or name it by its place there."
        case .unreachable:
            "Check the network and the source URL; nothing was changed."
        case .httpStatus(_, let status, _, _) where status >= 500:
            "The server has a problem; try again later. Nothing was changed."
        case .httpStatus:
            "Check the source URL; nothing was changed."
        case .timedOut:
            "The server is slow or stuck; try again later, or with a longer time limit."
        case .connectionLost:
            "The download was cut off; try again. Nothing was changed."
        case .missingFile:
            "Check that the folder holds the feed files in Apple's format."
        case .tooLarge:
            "Apple's feeds are under 2 MB: check the source. To read a larger feed, raise the limit."
        case .undecodable:
            "The server sent a damaged or unreadable body; try again later, or tell the source's owner. Nothing was changed."
        case .transport:
            "Try again; nothing was changed."
        }
    }
}

extension BackendError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case let .invalidSource(text):
            "\(text) is not a source: neither an http(s) URL nor a folder"
        case let .insecureSource(url):
            "refusing plain http to \(url.host ?? url.absoluteString): only https is allowed beyond this machine"
        case let .refusedAddress(address, refusal):
            "refusing \(address): \(refusal)"
        case let .outsideFolder(feed, path, folder):
            (feed.map { $0 + ": " } ?? "") + "refusing \(path): it is outside the source folder \(folder)"
        case let .unreachable(source, reason):
            "cannot reach \(source): \(reason)"
        case let .httpStatus(feed, status, url, _):
            "\(feed): HTTP \(status) \(HTTPURLResponse.localizedString(forStatusCode: status)) from \(url.absoluteString)"
        case let .timedOut(feed, seconds):
            "\(feed): no answer within \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s"
        case let .connectionLost(feed, detail):
            "\(feed): connection lost (\(detail))"
        case let .missingFile(feed, path):
            "\(feed): no such file \(path)"
        case let .tooLarge(feed, limit, compressed):
            "\(feed): \(compressed ? "inflates to" : "is") more than \(limit % 1_000_000 == 0 ? "\(limit / 1_000_000) MB" : ByteCount.text(limit)), the most a feed may hold"
        case let .undecodable(feed, detail):
            "\(feed): \(detail)"
        case let .transport(feed, detail):
            "\(feed): \(detail)"
        }
    }
}

extension BackendError {
    /// The error for an address ``WebAddress`` refuses.
    public init(refusing url: URL, _ refusal: WebAddress.Refusal) {
        switch refusal {
        case .notWeb: self = .invalidSource(WebAddress.redacted(url.absoluteString))
        case .plainHTTP: self = .insecureSource(url)
        case .credentials, .mappedIPv4: self = .refusedAddress(WebAddress.redacted(url.absoluteString), refusal)
        }
    }
}

extension BackendError: RetryAfterProviding {
    /// What a server that is busy (429, 503) said to wait, in seconds.
    public var retryAfter: TimeInterval? {
        if case let .httpStatus(_, _, _, seconds) = self { return seconds }
        return nil
    }

    /// Whether the same request may succeed later: a timeout, a broken connection, a server error or
    /// "too many requests"; not a missing file or a refused source.
    public var isTransient: Bool {
        switch self {
        case .timedOut, .connectionLost, .transport: true
        case let .httpStatus(_, status, _, _): status == 429 || status == 408 || status >= 500
        case .invalidSource, .insecureSource, .refusedAddress, .outsideFolder, .unreachable, .missingFile, .tooLarge, .undecodable: false
        }
    }
}

