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
    /// The kinds of session pictures and their sizes (`imageTypes`).
    public var imageTypes: [ImageType]
    /// The `contents` items.
    public var sessions: [Session]
    /// Items skipped and fields ignored while decoding.
    public var issues: [FeedIssue]

    public init(updated: FeedDate? = nil, events: [Event] = [], rooms: [Room] = [], tracks: [Track] = [],
                topics: [Topic] = [], topicCategories: [TopicCategory] = [], resources: [Resource] = [],
                imageTypes: [ImageType] = [], sessions: [Session] = [], issues: [FeedIssue] = []) {
        self.updated = updated
        self.events = events
        self.rooms = rooms
        self.tracks = tracks
        self.topics = topics
        self.topicCategories = topicCategories
        self.resources = resources
        self.imageTypes = imageTypes
        self.sessions = sessions
        self.issues = issues
    }
}
