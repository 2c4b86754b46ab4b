import PlainText

/// One row of the schedule: a session's scheduled occurrence (or, found by a search or listed as
/// unscheduled, an item without one), with the names it refers to.
///
/// Text is as stored (unsanitised): pass it through `TextSanitizer` before printing.
public struct ScheduleItem: Hashable, Sendable {
    public var sessionID: String
    public var eventID: String
    /// The number within the event (`101`).
    public var number: Int?
    public var title: String
    public var type: String?
    public var track: String?
    public var room: String?
    /// Seconds since 1970; nil for an item that is not scheduled.
    public var startTime: Double?
    public var endTime: Double?
    /// The UTC offset the feed wrote the times in (the venue's), in seconds.
    public var utcOffset: Int?
    public var isFavorite: Bool
    /// Where the user stands with its video: nil when never played.
    public var watch: WatchMark?
    /// The topic it is listed under (its primary topic, else its first).
    public var topic: String?
    /// All its topics, in its order.
    public var topics: [String]
    /// When an unscheduled item was published (seconds since 1970).
    public var publishedTime: Double?

    public init(sessionID: String, eventID: String, number: Int?, title: String, type: String?, track: String?,
                room: String?, startTime: Double?, endTime: Double?, utcOffset: Int?, isFavorite: Bool,
                topic: String? = nil, topics: [String] = [], publishedTime: Double? = nil) {
        self.sessionID = sessionID
        self.eventID = eventID
        self.number = number
        self.title = title
        self.type = type
        self.track = track
        self.room = room
        self.startTime = startTime
        self.endTime = endTime
        self.utcOffset = utcOffset
        self.isFavorite = isFavorite
        self.topic = topic
        self.topics = topics
        self.publishedTime = publishedTime
    }

    /// The track, else the topic: what a listing shows in its track column.
    public var trackOrTopic: String? { track ?? topic }
}
