/// Everything the store knows about one session, for `wwdc session`.
///
/// Text is as stored (unsanitised): pass it through `TextSanitizer` before printing.
public struct SessionDetail: Hashable, Sendable {
    /// A related session; `title` is nil when the feed names a session it does not list.
    public struct Related: Hashable, Sendable {
        public var sessionID: String
        public var title: String?
    }

    public var sessionID: String
    public var eventID: String
    public var eventName: String?
    public var number: Int?
    public var title: String
    public var description: String
    public var type: String?
    public var track: String?
    public var room: String?
    /// Seconds since 1970; nil for an unscheduled session (a video).
    public var startTime: Double?
    public var endTime: Double?
    /// The UTC offset the feed wrote the times in, in seconds.
    public var utcOffset: Int?
    /// When a recording was first published (seconds since 1970), for sessions of later years.
    public var publishedTime: Double?
    public var platforms: [String]
    public var keywords: [String]
    public var webPermalink: String?
    public var media: Media?
    /// The live stream of the session, when the current event has one.
    public var liveStream: LiveStream?
    public var related: [Related]
    public var resources: [Resource]
    public var favorite: Favorite?
    public var feedback: Feedback?

    /// The URL to play: a live stream still on the air at `now`, else the adaptive stream, else the
    /// HD download, else the SD one.
    public func bestStreamURL(at now: Double) -> String? {
        if let live = liveStream, let url = live.iosURL ?? live.tvosURL,
           live.actualEndDate.map({ $0.secondsSince1970 > now }) ?? true {
            return url
        }
        return media?.hls ?? media?.downloadHD ?? media?.downloadSD
    }
}
