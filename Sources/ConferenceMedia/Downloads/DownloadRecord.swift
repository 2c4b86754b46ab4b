import ConferenceData
import ConferenceModel
import Foundation
import JSON
import PlainText

/// A download as the store remembers it, with what is on disk now.
public struct DownloadRecord: Hashable, Sendable {
    /// Where a download stands.
    public enum State: String, Codable, Sendable {
        /// Asked for; no byte yet.
        case queued
        /// Some bytes are in the `.part` file; a resumed download goes on from them.
        case partial
        /// Complete, checked against the server's length, and in place.
        case done
        /// Given up after its retries; ``DownloadRecord/reason`` says why. Resumable too.
        case failed
    }

    public var item: DownloadItem
    public var state: State
    /// The file's size as the server gave it, once known.
    public var totalBytes: Int64?
    /// The ETag (or Last-Modified date) the partial bytes came with: a resume asks for the rest only
    /// if the file is still that one.
    public var validator: String?
    /// Why it failed, for ``State/failed``.
    public var reason: String?
    /// When it last changed, in seconds since 1970.
    public var updatedAt: Double
    /// The subtitles still to be written beside the video, whose languages were asked for (empty:
    /// the default language); nil when none are pending. A resume writes them.
    public var pendingSubtitles: [SubtitleLanguage]?
    /// Whether another process is fetching it now (set by the caller, from the download's lock).
    public var isBeingFetched = false

    public init(item: DownloadItem, state: State, totalBytes: Int64? = nil, validator: String? = nil,
                reason: String? = nil, updatedAt: Double, pendingSubtitles: [SubtitleLanguage]? = nil) {
        self.item = item
        self.state = state
        self.totalBytes = totalBytes
        self.validator = validator
        self.reason = reason
        self.updatedAt = updatedAt
        self.pendingSubtitles = pendingSubtitles
    }

    /// The bytes on disk now: the finished file's size when done, else the partial file's.
    public var bytesOnDisk: Int64 {
        let path = state == .done ? item.path : item.partPath
        return FileSize.of(path) ?? 0
    }

    /// Where it stands as it is shown: its state; `downloading` while another process fetches it;
    /// `missing` when done but the file was moved or deleted.
    public var shownState: String {
        if isBeingFetched { return "downloading" }
        if state == .done, !isComplete { return "missing" }
        return state.rawValue
    }

    /// The share of `bytes` in the server's size, in percent; nil before the size is known.
    public func percent(_ bytes: Int64) -> Int? {
        totalBytes.flatMap { $0 > 0 ? Int(saturating: Double(bytes) * 100 / Double($0)) : nil }
    }

    /// Whether the finished file is there with the size the server gave.
    public var isComplete: Bool {
        guard state == .done, let size = FileSize.of(item.path) else { return false }
        return totalBytes.map { $0 == size } ?? true
    }
}

extension DownloadRecord {
    /// A download: `downloads --json`, `download --json` and a session's document.
    public static let document = DocumentShape<DownloadRecord>([
        .string("id", "the session's id", \.item.sessionID),
        .string("quality", "hd or sd", \.item.quality.rawValue),
        .string("title", "the session's title", \.item.title),
        .string("state", "done, partial, failed, queued, downloading (another wwdc is fetching it now) or missing (done, but the file was moved or deleted)", \.shownState),
        DocumentField("bytes", .integer, "what is on disk, in bytes") { record, _ in .int(record.bytesOnDisk) },
        DocumentField("totalBytes", .integer, nullable: true, "the server's size, once known") { record, _ in record.totalBytes.map(JSONValue.int) ?? .null },
        DocumentField("percent", .integer, nullable: true, "how much is on disk, in percent of the server's size") { record, _ in
            JSONValue(record.percent(record.bytesOnDisk))
        },
        .string("path", "the file", \.item.path),
        DocumentField("error", .string, nullable: true, "why it failed") { record, _ in JSONValue(record.state == .failed ? record.reason : nil) },
    ])

}

extension SessionDetail {
    /// The session's document with its downloads (``DownloadRecord/document``).
    public static let shownDocument = document(downloads: DownloadRecord.document)
}
