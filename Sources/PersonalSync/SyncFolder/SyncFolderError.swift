import ConferenceData
import Foundation
import PlainText

/// Why a sync folder could not be read or written.
public enum SyncFolderError: Error, Equatable, Sendable {
    /// The folder is not there (not mounted, deleted, or never made).
    case missing(path: String)
    /// Something other than a folder is at the path.
    case notAFolder(path: String)
    /// This user may not write in the folder.
    case notWritable(path: String)
    /// A file of this machine's could not be written.
    case writeFailed(path: String, reason: String)
    /// The folder could not be listed.
    case unreadable(path: String, reason: String)
    /// The folder did not answer within the time limit (a network mount that hangs).
    case timedOut(path: String, seconds: Double)
    /// git failed at `step` (pull, commit, push); `detail` is git's own last words, cleaned.
    case git(step: String, detail: String)
}

extension SyncFolderError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case .missing(let path): "the sync folder \(path) is not there"
        case .notAFolder(let path): "the sync folder \(path) is not a folder"
        case .notWritable(let path): "the sync folder \(path) is not writable"
        case let .writeFailed(path, reason): "cannot write \(path): \(reason)"
        case let .unreadable(path, reason): "cannot read the sync folder \(path): \(reason)"
        case let .timedOut(path, seconds): "the sync folder \(path) did not answer within \(Quantity.text(Int(seconds.rounded()), "second"))"
        case let .git(step, detail): "git could not \(step) the sync folder" + (detail.isEmpty ? "" : ": " + detail)
        }
    }
}
