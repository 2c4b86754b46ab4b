import Foundation
import Operations

/// How ``DownloadsOperation`` downloads: how many files at once, how it retries, when a transfer
/// counts as stalled, and where its locks live.
public struct DownloadSettings: Sendable {
    /// Files downloaded at once.
    public var jobs: Int
    /// How each file is retried: by default five attempts, backing off from 1 s, retrying dropped
    /// connections, stalls, 5xx and 429 (after their `Retry-After`), never a full disk or a 404.
    public var retry: RetryPolicy
    /// Seconds without a byte after which a transfer is given up and retried.
    public var stallTimeout: TimeInterval
    /// Whether the session's transcript is written beside each video as subtitles.
    public var subtitles: Bool
    /// The folder of the per-file locks that keep two processes from writing one file.
    public var lockFolder: String
    /// Whether a file another process is downloading is waited for (else it fails as busy).
    public var waitForOtherProcesses: Bool

    public init(jobs: Int = 3, retry: RetryPolicy = DownloadSettings.defaultRetry, stallTimeout: TimeInterval = 30,
                subtitles: Bool = false, lockFolder: String, waitForOtherProcesses: Bool = true) {
        self.jobs = jobs
        self.retry = retry
        self.stallTimeout = stallTimeout
        self.subtitles = subtitles
        self.lockFolder = lockFolder
        self.waitForOtherProcesses = waitForOtherProcesses
    }

    public static let defaultRetry = RetryPolicy(maxAttempts: 5, baseDelay: 1, multiplier: 2, maxDelay: 30, jitter: .equal,
                                                 shouldRetry: DownloadError.shouldRetry)
}
