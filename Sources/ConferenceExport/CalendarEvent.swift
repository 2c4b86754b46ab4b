/// One event of an iCalendar file.
public struct CalendarEvent: Hashable, Sendable {
    /// Stays the same across exports, so a calendar updates the event instead of adding a copy.
    public var uid: String
    /// Seconds since 1970.
    public var start: Double
    public var end: Double?
    public var summary: String
    public var description: String
    public var location: String?
    public var categories: [String]
    public var url: String?

    public init(uid: String, start: Double, end: Double?, summary: String, description: String = "",
                location: String? = nil, categories: [String] = [], url: String? = nil) {
        self.uid = uid
        self.start = start
        self.end = end
        self.summary = summary
        self.description = description
        self.location = location
        self.categories = categories
        self.url = url
    }
}
