/// Which recorded sessions to list.
public struct VideoQuery: Hashable, Sendable {
    /// Events to list; nil for all.
    public var eventIDs: [String]?
    /// Plain words to find; a whole number also finds the session of that number. Best match first.
    public var search: String?
    public var favoritesOnly = false
    /// Only sessions you rated (your feedback, given here or received from a sync folder).
    public var ratedOnly = false
    /// Only videos watched, not watched or in progress; nil for all.
    public var watchFilter: WatchFilter?
    /// Topics, by id: an item must carry one of them.
    public var topicIDs: [Int] = []
    /// Tracks, by id: an item must be in one of them.
    public var trackIDs: [Int] = []
    /// Session types (`Session`, `Lab`), compared without case.
    public var types: [String] = []
    /// Platforms (`iOS`), compared without case.
    public var platforms: [String] = []
    /// Only videos with a complete downloaded file (true), or only those without (false); nil for all.
    public var downloaded: Bool?
    /// Only sessions you bookmarked a moment of.
    public var bookmarkedOnly = false
    public var limit: Int?

    public init(eventIDs: [String]? = nil, search: String? = nil, favoritesOnly: Bool = false, topicIDs: [Int] = [],
                limit: Int? = nil) {
        self.eventIDs = eventIDs
        self.topicIDs = topicIDs
        self.search = search
        self.favoritesOnly = favoritesOnly
        self.limit = limit
    }
}
