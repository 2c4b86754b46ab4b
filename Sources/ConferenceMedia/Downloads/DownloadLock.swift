import ConferenceData
import Operations

/// The lock that lets one process at a time write a video file: one lock file per file, in the
/// data folder's `locks` (not beside the video, where users would see it).
public enum DownloadLock {
    /// The lock file of `item`'s file: the same for every process (FNV-1a of the file's path).
    public static func path(for item: DownloadItem, lockFolder: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in item.path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return lockFolder + "/download-" + String(hash, radix: 16) + ".lock"
    }

    /// Whether a process is downloading `item` now.
    public static func isHeld(for item: DownloadItem, lockFolder: String) -> Bool {
        CrossProcessLock(path: path(for: item, lockFolder: lockFolder)) { _ in CancellationError() }.isHeld
    }
}
