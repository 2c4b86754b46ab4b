import ConferenceModel
import Foundation
import PlainText

/// Why a video's subtitles in a language could not be had from its stream or the feed's file.
public enum SubtitleError: Error, Equatable, Sendable {
    /// What came back is not an HLS playlist.
    case notAPlaylist(url: String)
    /// A playlist names an address wwdc does not fetch (another scheme, plain http beyond this
    /// machine, a user name).
    case refusedAddress(uri: String, reason: String)
    /// A playlist names a path that climbs out of its folder (`..`).
    case climbingPath(uri: String)
    /// A media playlist lists more segments than wwdc reads.
    case tooManySegments(count: Int, limit: Int)
    /// The segments together are larger than wwdc reads.
    case tooLarge(limit: Int64)
    /// One file (a playlist, a segment) is larger than wwdc reads.
    case fileTooLarge(name: String, limit: Int64)
    /// Segment `segment` is not WebVTT.
    case notWebVTT(segment: Int)
    /// Segment `segment`'s `X-TIMESTAMP-MAP` cannot be used.
    case badTimestampMap(segment: Int, detail: String)
    /// The joined file would hold more cues than wwdc writes.
    case tooManyCues(limit: Int)
    /// The stream offers no rendition in the language.
    case noRendition(language: String, offered: [String])
    /// The video has no stream to read renditions from.
    case noStream
    /// A file of the subtitles could not be fetched: the fetch's own error, worded.
    case fetchFailed(detail: String)
}

extension SubtitleError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case let .notAPlaylist(url): "\(url.prefix(120)) is not an HLS playlist"
        case let .refusedAddress(uri, reason): "the playlist names an address wwdc does not fetch: \(uri) (\(reason))"
        case let .climbingPath(uri): "the playlist names a path out of its folder: \(uri)"
        case let .tooManySegments(count, limit): "the playlist lists \(count) segments, more than the \(limit) wwdc reads"
        case let .tooLarge(limit): "the segments are larger than the \(ByteCount.text(limit)) wwdc reads"
        case let .fileTooLarge(name, limit): "\(name.prefix(80)) is larger than the \(ByteCount.text(limit)) wwdc reads"
        case let .notWebVTT(segment): "segment \(segment + 1) is not WebVTT"
        case let .badTimestampMap(segment, detail): "segment \(segment + 1)'s X-TIMESTAMP-MAP cannot be used: \(detail)"
        case let .tooManyCues(limit): "the subtitles hold more than \(limit) cues"
        case let .noRendition(language, offered) where offered.isEmpty: "the stream has no subtitles in \(language)"
        case let .noRendition(language, offered): "the stream has no subtitles in \(language) (it has \(offered.joined(separator: ", ")))"
        case .noStream: "the session has no stream to read subtitles from"
        case let .fetchFailed(detail): detail
        }
    }
}
