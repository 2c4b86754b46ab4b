import ConferenceModel
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
    /// Whether subtitles are written beside each video.
    public var subtitles: Bool
    /// The languages asked for, each written as `<name>.<language>.vtt`; none: one `<name>.vtt` in
    /// ``preferredSubtitleLanguage``, else English.
    public var subtitleLanguages: [SubtitleLanguage]
    /// The language of `<name>.vtt` (the synced one), English when it has none.
    public var preferredSubtitleLanguage: SubtitleLanguage
    /// The folder of the per-file locks that keep two processes from writing one file.
    public var lockFolder: String
    /// Whether a file another process is downloading is waited for (else it fails as busy).
    public var waitForOtherProcesses: Bool

    public init(jobs: Int = 3, retry: RetryPolicy = DownloadSettings.defaultRetry, stallTimeout: TimeInterval = 30,
                subtitles: Bool = false, subtitleLanguages: [SubtitleLanguage] = [], preferredSubtitleLanguage: SubtitleLanguage = .english,
                lockFolder: String, waitForOtherProcesses: Bool = true) {
        self.jobs = jobs
        self.retry = retry
        self.stallTimeout = stallTimeout
        self.subtitles = subtitles
        self.subtitleLanguages = subtitleLanguages
        self.preferredSubtitleLanguage = preferredSubtitleLanguage
        self.lockFolder = lockFolder
        self.waitForOtherProcesses = waitForOtherProcesses
    }

    /// The subtitle files of `item`, one per language asked for (see ``subtitleLanguages``).
    public func subtitleRequests(for item: DownloadItem) -> [SubtitlesOperation.Request] {
        subtitleRequests(for: item, languages: subtitleLanguages)
    }

    /// The subtitle files of `item`, one per language of `languages`; empty: one file, in
    /// ``preferredSubtitleLanguage``, else English.
    public func subtitleRequests(for item: DownloadItem, languages subtitleLanguages: [SubtitleLanguage]) -> [SubtitlesOperation.Request] {
        let base = (item.path as NSString).deletingPathExtension
        guard !subtitleLanguages.isEmpty else {
            let languages = preferredSubtitleLanguage.matches(.english) ? [preferredSubtitleLanguage] : [preferredSubtitleLanguage, .english]
            return [SubtitlesOperation.Request(languages: languages, path: base + ".vtt")]
        }
        var seen = Set<String>()
        return subtitleLanguages.filter { seen.insert($0.canonical).inserted }.map { language in
            SubtitlesOperation.Request(languages: [language], path: base + "." + language.short + ".vtt")
        }
    }

    public static let defaultRetry = RetryPolicy(maxAttempts: 5, baseDelay: 1, multiplier: 2, maxDelay: 30, jitter: .equal,
                                                 shouldRetry: DownloadError.shouldRetry)
}
