/// A conference edition as stored, for choosing what to browse.
public struct EventSummary: Hashable, Sendable {
    public var id: String
    public var name: String
    public var isCurrent: Bool
    /// Seconds since 1970.
    public var startTime: Double?
    public var endTime: Double?
    /// The UTC offset the feed wrote the event's times in (the venue's), in seconds.
    public var utcOffset: Int?
    /// The key of the event's web links (`wwdc17`).
    public var webURLKey: String?

    public init(id: String, name: String, isCurrent: Bool, startTime: Double? = nil, endTime: Double? = nil,
                utcOffset: Int? = nil, webURLKey: String? = nil) {
        self.id = id
        self.name = name
        self.isCurrent = isCurrent
        self.startTime = startTime
        self.endTime = endTime
        self.utcOffset = utcOffset
        self.webURLKey = webURLKey
    }
}
