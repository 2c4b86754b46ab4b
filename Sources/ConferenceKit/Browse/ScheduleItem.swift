/// One row of the schedule: a session's scheduled occurrence, with the names it refers to.
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
    /// Seconds since 1970.
    public var startTime: Double
    public var endTime: Double?
    /// The UTC offset the feed wrote the times in (the venue's), in seconds.
    public var utcOffset: Int?
    public var isFavorite: Bool

    public init(sessionID: String, eventID: String, number: Int?, title: String, type: String?, track: String?,
                room: String?, startTime: Double, endTime: Double?, utcOffset: Int?, isFavorite: Bool) {
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
    }
}
