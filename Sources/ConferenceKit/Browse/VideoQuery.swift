/// Which recorded sessions to list.
public struct VideoQuery: Hashable, Sendable {
    /// Events to list; nil for all.
    public var eventIDs: [String]?
    /// Plain words to find; a whole number also finds the session of that number. Best match first.
    public var search: String?
    public var favoritesOnly = false
    public var limit: Int?

    public init(eventIDs: [String]? = nil, search: String? = nil, favoritesOnly: Bool = false, limit: Int? = nil) {
        self.eventIDs = eventIDs
        self.search = search
        self.favoritesOnly = favoritesOnly
        self.limit = limit
    }
}
