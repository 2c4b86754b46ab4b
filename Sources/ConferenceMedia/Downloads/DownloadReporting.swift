import ConferenceData

/// Hears how downloads go, to show it: a terminal's live lines, plain lines in a pipe. Called from
/// any thread.
public protocol DownloadReporting: Sendable {
    /// The file's transfer is starting (its lock is taken).
    func started(_ item: DownloadItem)
    /// Bytes on disk so far, and the file's size once known.
    func progressed(_ item: DownloadItem, bytes: Int64, total: Int64?)
    /// Another process is downloading the file; this one waits for it.
    func waiting(_ item: DownloadItem, holder: Int32?)
    /// An attempt failed; attempt number `attempt` starts after `delay` seconds.
    func retrying(_ item: DownloadItem, attempt: Int, delay: Double, errors: [any Error])
    /// Something worth saying that does not change the outcome.
    func note(_ item: DownloadItem, _ note: DownloadNote)
    /// The file's download ended.
    func finished(_ item: DownloadItem, _ result: DownloadsOperation.Result)
}

/// What a download has to say beside its outcome.
public enum DownloadNote: Sendable, Equatable {
    /// No subtitles: the store has no transcript of the session (a sync fetches them).
    case noTranscript
    /// The subtitles file could not be written.
    case subtitlesNotWritten(FileAccessError)
}
