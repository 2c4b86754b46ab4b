import Foundation

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

    public init(item: DownloadItem, state: State, totalBytes: Int64? = nil, validator: String? = nil,
                reason: String? = nil, updatedAt: Double) {
        self.item = item
        self.state = state
        self.totalBytes = totalBytes
        self.validator = validator
        self.reason = reason
        self.updatedAt = updatedAt
    }

    /// The bytes on disk now: the finished file's size when done, else the partial file's.
    public var bytesOnDisk: Int64 {
        let path = state == .done ? item.path : item.partPath
        return FileSize.of(path) ?? 0
    }

    /// Whether the finished file is there with the size the server gave.
    public var isComplete: Bool {
        guard state == .done, let size = FileSize.of(item.path) else { return false }
        return totalBytes.map { $0 == size } ?? true
    }
}
