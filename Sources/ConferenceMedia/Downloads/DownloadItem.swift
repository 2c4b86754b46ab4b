/// One video file to fetch: which session and quality, from where, and the file it becomes.
public struct DownloadItem: Hashable, Sendable {
    public var sessionID: String
    public var quality: MediaQuality
    /// The feed's address of the file.
    public var url: String
    /// The finished file; the bytes gather in ``partPath`` until it is complete.
    public var path: String
    public var title: String

    public init(sessionID: String, quality: MediaQuality, url: String, path: String, title: String) {
        self.sessionID = sessionID
        self.quality = quality
        self.url = url
        self.path = path
        self.title = title
    }

    /// Where the bytes gather until the file is complete: it is renamed to ``path`` only then.
    public var partPath: String { path + ".part" }

    /// "wwdc2026-101 HD": how progress lines and messages name it.
    public var label: String { "\(sessionID) \(quality.label)" }
}
