import JSON
import PlainText

/// A session with a recording, for `wwdc videos`.
///
/// Text is as stored (unsanitised): pass it through `TextSanitizer` before printing.
public struct VideoItem: Hashable, Sendable {
    public var sessionID: String
    public var eventID: String
    public var number: Int?
    public var title: String
    public var type: String?
    /// Seconds.
    public var duration: Double?
    public var streamURL: String?
    public var hdURL: String?
    public var sdURL: String?
    /// When it was given or published (seconds since 1970), and the offset the feed wrote that in.
    public var date: Double?
    public var utcOffset: Int?
    public var isFavorite: Bool
    /// Where the user stands with it: nil when never played.
    public var watch: WatchMark?
    /// Whether a file of it is downloaded and complete (set by the caller, from the downloads).
    public var isDownloaded = false
    /// True when `date` is a publishing date (the item is not scheduled).
    public var isPublishingDate: Bool
    /// The topic it is listed under, and all its topics.
    public var topic: String?
    public var topics: [String]

    public init(sessionID: String, eventID: String, number: Int?, title: String, type: String?, duration: Double?,
                streamURL: String?, hdURL: String?, sdURL: String?, date: Double?, utcOffset: Int?, isFavorite: Bool,
                isPublishingDate: Bool = false, topic: String? = nil, topics: [String] = []) {
        self.sessionID = sessionID
        self.eventID = eventID
        self.number = number
        self.title = title
        self.type = type
        self.duration = duration
        self.streamURL = streamURL
        self.hdURL = hdURL
        self.sdURL = sdURL
        self.date = date
        self.utcOffset = utcOffset
        self.isFavorite = isFavorite
        self.isPublishingDate = isPublishingDate
        self.topic = topic
        self.topics = topics
    }
}

extension VideoItem {
    /// A video: `videos --json` and the assistant's `list_videos`.
    public static let document = DocumentShape<VideoItem>([
        .string("id", "the session's id", \.sessionID),
        .string("event", "its event's id", \.eventID),
        .integer("number", "its number within the event", \.number),
        .string("title", "its title", \.title),
        .string("type", "Session, Lab, Video, ... as the feed says", \.type),
        DocumentField("duration", .integer, nullable: true, "its length in whole seconds") { item, _ in JSONValue(item.duration.map(VideoTime.length)) },
        .string("stream", "the adaptive stream (HLS)", \.streamURL),
        .string("hd", "the HD download", \.hdURL),
        .string("sd", "the SD download", \.sdURL),
        DocumentField("date", .string, nullable: true, "when it was given or published, in the conference's offset") { item, _ in
            JSONValue(item.date.map { TimeZoneChoice.conference.localTime($0, recordedOffset: item.utcOffset).iso8601 })
        },
        .strings("topics", "its topics, in its order", \.topics),
        .boolean("favorite", "whether it is one of your favorites", \.isFavorite),
        .boolean("downloaded", "whether a file of it is downloaded and complete", \.isDownloaded),
    ], WatchMark.fields(\.watch), [
        DocumentField("command", .string, nullable: true, "the command that plays it") { item, context in
            JSONValue(context.commands.play(item.sessionID, nil))
        }.only(.assistant),
    ])
}
