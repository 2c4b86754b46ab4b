import ConferenceModel
import Foundation
import Operations
import PlainText

/// Why a video could not be downloaded: what went wrong, with what to do about it, and whether
/// another attempt may succeed (a dropped connection may; a full disk will not).
public enum DownloadError: Error, Equatable, Sendable {
    /// The session has no video file in that quality.
    case noVideo(sessionID: String, quality: MediaQuality)
    /// The feed's address is not one wwdc downloads from (not https, or plain http off this machine).
    case unsafeURL(String)
    /// The server answered with an HTTP error; `retryAfter` is its advice, in seconds.
    case httpStatus(status: Int, url: String, retryAfter: Double?)
    /// The connection ended before the whole file came.
    case connectionLost(detail: String)
    /// No byte came for `seconds`.
    case stalled(seconds: Double)
    /// The server could not be reached.
    case unreachable(host: String, reason: String)
    /// The server's certificate or TLS could not be trusted.
    case untrusted(host: String, reason: String)
    /// libcurl, which downloads use, cannot be loaded on this machine.
    case transferUnavailable(reason: String)
    /// The server answered a resume with another part of the file than the one asked for.
    case unexpectedRange(detail: String)
    /// The server's answer cannot be checked or used as a video file (no length, an encoding).
    case unusableResponse(detail: String)
    /// Fewer bytes arrived than the server announced.
    case incomplete(received: Int64, expected: Int64)
    /// The folder lacks room for the rest of the file.
    case notEnoughSpace(folder: String, needed: Int64, available: Int64)
    /// The disk filled up while writing; the partial file is kept.
    case diskFull(path: String, written: Int64)
    /// A file of the download could not be written, read or renamed.
    case fileError(path: String, reason: String)
    /// Another wwdc is downloading that file.
    case busy(path: String, pid: Int32?)

    /// Whether another attempt may succeed.
    public var isRetriable: Bool {
        switch self {
        case let .httpStatus(status, _, _): status == 408 || status == 429 || status >= 500
        case .connectionLost, .stalled, .unexpectedRange, .incomplete: true
        // As for a sync: a server that cannot be reached at all is said at once, not after a minute.
        case .unreachable, .unusableResponse, .untrusted, .transferUnavailable, .noVideo, .unsafeURL, .notEnoughSpace, .diskFull, .fileError, .busy: false
        }
    }

    /// The retry decision for downloads: retry what ``isRetriable`` says may pass, and timeouts;
    /// never a cancellation.
    public static func shouldRetry(_ errors: [any Error]) -> Bool {
        guard RetryPolicy.retryUnlessCancelled(errors) else { return false }
        return errors.contains { error in
            if let error = error as? DownloadError { return error.isRetriable }
            if case .timedOut = error as? OperationError { return true }
            return false
        }
    }
}

extension DownloadError: RetryAfterProviding {
    public var retryAfter: TimeInterval? {
        if case let .httpStatus(_, _, retryAfter) = self { return retryAfter }
        return nil
    }
}

extension DownloadError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case let .noVideo(id, quality): "\(id) has no \(quality.label) video file"
        case let .unsafeURL(url): "the video's address is not one wwdc downloads from: \(url.prefix(80))"
        case let .httpStatus(status, _, _) where status == 404 || status == 410: "the server no longer has the file (HTTP \(status))"
        case let .httpStatus(status, _, _): "the server answered HTTP \(status)"
        case let .connectionLost(detail): "the connection was lost (\(detail))"
        case let .stalled(seconds): "no data for \(Self.seconds(seconds))"
        case let .unreachable(host, reason): "cannot reach \(host): \(reason)"
        case let .unexpectedRange(detail): "the server resumed at the wrong place (\(detail))"
        case let .untrusted(host, reason): "cannot make a trusted connection to \(host): \(reason)"
        case let .transferUnavailable(reason): "downloads need libcurl, which cannot be used here (\(reason))"
        case let .unusableResponse(detail): "the server's answer is not a usable file (\(detail))"
        case let .incomplete(received, expected): "received \(received) of \(expected) bytes"
        case let .notEnoughSpace(folder, needed, available):
            "not enough space in \(folder): \(ByteCount.text(needed)) needed, \(ByteCount.text(available)) free"
        case let .diskFull(path, written): "the disk is full; \(ByteCount.text(written)) kept in \(path)"
        case let .fileError(path, reason): "cannot write \(path): \(reason)"
        case let .busy(path, pid?): "another wwdc (process \(pid)) is downloading \(path)"
        case let .busy(path, nil): "another wwdc is downloading \(path)"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .noVideo: "Try another quality (sd or hd), or see which video files the session has."
        case .unsafeURL: "Videos are fetched over https (plain http only from this machine); the feed may be broken or hostile."
        case .unreachable: "Check the network connection, then resume the download."
        case .untrusted: "Check the machine's clock and CA certificates (the ca-certificates package), or the network's proxy."
        case .transferUnavailable: "Install libcurl (Debian and Ubuntu: 'apt-get install libcurl4'; Fedora: 'dnf install libcurl')."
        case .unusableResponse: "The server or a proxy on the way changed the file; try again later or from another network."
        case .httpStatus, .connectionLost, .stalled, .unexpectedRange, .incomplete:
            "Resume the download to go on from where it stopped."
        case .notEnoughSpace: "Free some space, or choose another folder."
        case .diskFull: "Free some space, then resume the download to go on from where it stopped."
        case .fileError: "Check the download folder's permissions, or choose another."
        case .busy: "Wait for it to finish."
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
