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
    /// The file's video is complete and its subtitles in `language` are being fetched: `done` of
    /// the rendition's `total` segments are in. ``finished(_:_:)`` comes once they are written.
    func subtitlesProgressed(_ item: DownloadItem, language: String, done: Int, of total: Int)
    /// The file's download ended.
    func finished(_ item: DownloadItem, _ result: DownloadsOperation.Result)
}

/// What a download has to say beside its outcome.
public enum DownloadNote: Sendable, Equatable {
    /// Subtitles written in `file` beside the video, in `language`, from `source`; `passedOver`
    /// says why the sources before it were not used (another language's included).
    case subtitles(file: String, language: String, source: SubtitlesOperation.Source, passedOver: [String])
    /// No subtitles in any of `languages`: why, for each source tried.
    case subtitlesMissing(languages: [String], reasons: [String])
}
