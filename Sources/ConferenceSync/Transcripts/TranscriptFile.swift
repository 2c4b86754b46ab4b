import ConferenceBackend
import ConferenceData
import ConferenceModel
import Foundation

/// One file of the transcripts step, as fetched and read: a manifest, the digest or one transcript.
enum TranscriptFile: Sendable {
    case manifest(TranscriptManifest, issues: [FeedIssue], etag: String?)
    case transcripts([Transcript], issues: [FeedIssue], bytes: Int)
    /// The manifest has not changed since the ETag sent.
    case notModified

    /// What a request asks for.
    enum Content: Sendable {
        case manifest
        /// Transcripts; `language` stands in for a file that does not name its own.
        case transcripts(language: String)
    }

    /// Reads the answer to `request` as `content`.
    static func read(_ response: FeedResponse, as content: Content, of request: FeedRequest) throws -> TranscriptFile {
        guard case let .modified(data, etag, _) = response else { return .notModified }
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
