import ConferenceModel
import PlainText

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
    /// When its event runs (seconds since 1970), when the feed says.
    public var eventStart: Double? = nil
    public var eventEnd: Double? = nil
    /// Its topics, in its order.
    public var topics: [String] = []
    /// The code shown in its video.
    public var codeSnippets: [CodeSnippet] = []
    /// How to sign up, for a lab by appointment: the link, its prompt and the window.
    public var signup: LabSignup? = nil
    /// An article's text (markup removed), from the `articles` feed.
    public var articleBody: String? = nil
    /// Its picture's address: the one `PictureAddress` gives for the default size (wide, else square).
    public var imageURL: String? = nil
    /// Its transcript's language and length; nil when the store has none.
    public var transcript: TranscriptSummary? = nil

    /// Whether its live stream is on the air at `now`: inside the session's time window or, for a
    /// session without times, while its event runs; never after the stream's known end.
    public func isLive(at now: Double) -> Bool {
        guard let live = liveStream, live.iosURL ?? live.tvosURL != nil else { return false }
        if let ended = live.actualEndDate?.secondsSince1970, now >= ended { return false }
        let window: (start: Double, end: Double)?
        if let start = startTime {
            window = (start, endTime ?? start)
        } else if let start = eventStart, let end = eventEnd {
            window = (start, end)
        } else {
            window = nil
        }
        guard let window else { return false }
        return now >= window.start && now < window.end
    }

    /// The URL to play: the live stream while it is on the air at `now`, else the recorded video.
    public func bestStreamURL(at now: Double) -> String? {
        liveStreamURL(at: now) ?? recordedVideoURLs.first
    }

    /// The live stream's URL while it is on the air at `now`.
    public func liveStreamURL(at now: Double) -> String? {
        guard isLive(at: now), let live = liveStream else { return nil }
        return live.iosURL ?? live.tvosURL
    }

    /// The recorded video's URLs, best first: the adaptive stream, the HD download, the SD one.
    public var recordedVideoURLs: [String] {
        [media?.hls, media?.downloadHD, media?.downloadSD].compactMap { $0 }
    }
}
