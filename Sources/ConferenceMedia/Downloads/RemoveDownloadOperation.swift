import ConferenceModel
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
        for path in [item.path, item.partPath] + Self.subtitleFiles(of: item) where unlink(path) != 0 && errno != ENOENT {
            return finish(with: [DownloadError.fileError(path: path, reason: String(cString: strerror(errno)))])
        }
        do {
            try store.write { try $0.deleteDownload(sessionID: item.sessionID, quality: item.quality) }
            finish()
        } catch {
            finish(with: [error])
        }
    }

    /// The subtitle files a download wrote beside its video: `<name>.vtt` and `<name>.<language>.vtt`.
    static func subtitleFiles(of item: DownloadItem) -> [String] {
        let folder = (item.path as NSString).deletingLastPathComponent
        let base = ((item.path as NSString).lastPathComponent as NSString).deletingPathExtension
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        let written = names.filter { name in
            guard name.hasPrefix(base + "."), name.hasSuffix(".vtt") else { return false }
            let middle = name.dropFirst(base.count + 1).dropLast(4)
            return middle.isEmpty || (!middle.contains(".") && SubtitleLanguage(String(middle)) != nil)
        }
        return [DownloadsOperation.subtitlesPath(for: item)] + written.map { (folder as NSString).appendingPathComponent($0) }
    }
}
