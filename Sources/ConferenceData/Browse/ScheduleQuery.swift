/// Which schedule instances to list: every filter given must hold (filters of one kind are alternatives).
public struct ScheduleQuery: Hashable, Sendable {
    /// A calendar day to keep.
    public enum Day: Hashable, Sendable {
        /// Instances starting within these instants (a day of the machine's zone, computed by the caller).
        case instants(Range<Double>)
        /// Instances starting on this date in the UTC offset the feed wrote each start time in.
        case conferenceDate(LocalDate)
    }

    /// Events to list; nil for all.
    public var eventIDs: [String]?
    public var day: Day?
    public var trackIDs: [Int] = []
    /// Topics, by id: an item must carry one of them.
    public var topicIDs: [Int] = []
    /// Only items without a schedule (by publishing date) instead of the scheduled ones.
    public var unscheduledOnly = false
    /// Session types (`Session`, `Lab`), compared without case.
    public var types: [String] = []
    /// Platforms (`iOS`), compared without case.
    public var platforms: [String] = []
    public var favoritesOnly = false
    /// Only sessions with a video (no labs or get-togethers, which have none).
    public var hasVideo = false
    /// Words, "phrases" and prefix* terms to find (``SearchQuery``); a whole number also finds the session of
    /// that number. With a search, the best matches come first, those matching in the title before
    /// the others, and items without a schedule are found too.
    public var search: String?
    /// Only instances still running or to come at this instant (seconds since 1970).
    public var notEndedBefore: Double?
    public var limit: Int?

    public init(eventIDs: [String]? = nil, day: Day? = nil, trackIDs: [Int] = [], topicIDs: [Int] = [],
                unscheduledOnly: Bool = false, types: [String] = [], platforms: [String] = [], favoritesOnly: Bool = false,
                search: String? = nil, notEndedBefore: Double? = nil, limit: Int? = nil) {
        self.eventIDs = eventIDs
        self.day = day
        self.trackIDs = trackIDs
        self.topicIDs = topicIDs
        self.unscheduledOnly = unscheduledOnly
        self.types = types
        self.platforms = platforms
        self.favoritesOnly = favoritesOnly
        self.search = search
        self.notEndedBefore = notEndedBefore
        self.limit = limit
    }
}
