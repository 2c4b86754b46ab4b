import JSON
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

extension ScheduleItem {
    /// A session of the schedule: `schedule --json` and the assistant's `schedule`.
    public static let document = DocumentShape<ScheduleItem>([
        .string("id", "the session's id", \.sessionID),
        .string("event", "its event's id", \.eventID),
        .integer("number", "its number within the event", \.number),
        .string("title", "its title", \.title),
        .string("type", "Session, Lab, Video, ... as the feed says", \.type),
        .string("track", "its track", \.track),
        .strings("topics", "its topics, in its order", \.topics),
        .string("room", "where it is held", \.room),
        .day("day", "the calendar date it starts on, in the zone shown; null for an item without a time") { ($0.startTime, $0.utcOffset) },
        .time("start", "when it starts; null for an item without a time") { ($0.startTime, $0.utcOffset) },
        .time("end", "when it ends; null for an item without a time") { ($0.endTime, $0.utcOffset) },
        .time("published", "when an item without a time was published; null for one with a time") {
            ($0.startTime == nil ? $0.publishedTime : nil, $0.utcOffset)
        },
        .boolean("favorite", "whether it is one of your favorites", \.isFavorite),
    ], WatchMark.fields(\.watch))

    /// A favorite starting soon: `remind --json`.
    public static let reminder = DocumentShape<ScheduleItem>([
        .string("id", "the session's id", \.sessionID),
        .string("title", "its title", \.title),
        .string("room", "where it is held", \.room),
        DocumentField("start", .string, "when it starts") { item, context in
            .string(context.zone.localTime(item.startTime ?? 0, recordedOffset: item.utcOffset).iso8601)
        },
        .time("end", "when it ends") { ($0.endTime, $0.utcOffset) },
        DocumentField("startsIn", .integer, "seconds until it starts") { item, context in
            .int(Int64(item.startTime.map { $0 - context.now } ?? 0))
        },
        DocumentField("watch", .string, nullable: true, "the command that plays it") { item, context in
            JSONValue(context.commands.play(item.sessionID, nil))
        },
    ])
}
