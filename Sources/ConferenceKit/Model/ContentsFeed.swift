/// The decoded `contents.json`: the schedule and video catalogue of every edition it lists.
///
/// Lists a year does not have (rooms, tracks, topics) are empty.
public struct ContentsFeed: Hashable, Sendable {
    public var updated: FeedDate?
    public var events: [Event]
    public var rooms: [Room]
    public var tracks: [Track]
    public var topics: [Topic]
    public var topicCategories: [TopicCategory]
    public var resources: [Resource]
    /// The `contents` items.
    public var sessions: [Session]
    /// Items skipped and fields ignored while decoding.
    public var issues: [FeedIssue]

    public init(updated: FeedDate? = nil, events: [Event] = [], rooms: [Room] = [], tracks: [Track] = [],
                topics: [Topic] = [], topicCategories: [TopicCategory] = [], resources: [Resource] = [],
                sessions: [Session] = [], issues: [FeedIssue] = []) {
        self.updated = updated
        self.events = events
        self.rooms = rooms
        self.tracks = tracks
        self.topics = topics
        self.topicCategories = topicCategories
        self.resources = resources
        self.sessions = sessions
        self.issues = issues
    }
}
