import ConferenceData
import Foundation
import Operations
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Deletes one download's files (the video, its partial file, its subtitles) and forgets it, under
/// the file's lock: a file another wwdc is downloading is left alone, and no download can start
/// writing it while it is being deleted.
//
// @unchecked Sendable: every property is immutable.
public final class RemoveDownloadOperation: AdvancedOperation, @unchecked Sendable {
    public let item: DownloadItem
    private let store: ConferenceStore

    public init(item: DownloadItem, store: ConferenceStore, lockFolder: String) {
        self.item = item
        self.store = store
        super.init()
        name = "remove \(item.label)"
        let lockPath = DownloadLock.path(for: item, lockFolder: lockFolder)
        CrossProcessLock(path: lockPath) { [item] failure in
            switch failure {
            case .busy(let holder): DownloadError.busy(path: item.path, pid: holder)
            case .unavailable(let reason): FileAccessError.cannotLock(path: lockPath, reason: reason)
            }
        }.guard(self)
    }

    public override func execute() {
        for path in [item.path, item.partPath, DownloadsOperation.subtitlesPath(for: item)] where unlink(path) != 0 && errno != ENOENT {
            return finish(with: [DownloadError.fileError(path: path, reason: String(cString: strerror(errno)))])
        }
        do {
            try store.write { try $0.deleteDownload(sessionID: item.sessionID, quality: item.quality) }
            finish()
        } catch {
            finish(with: [error])
        }
    }
}
