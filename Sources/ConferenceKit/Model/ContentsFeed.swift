/// The decoded `contents.json`: the schedule and video catalogue of every edition it lists.
///
/// Lists a year does not have (rooms, tracks, topics) are empty.
public struct ContentsFeed: Hashable, Sendable {
    public var updated: FeedDate?
    public var events: [Event]
    public var rooms: [Room]
    public var tracks: [Track]
    public var topics: [Topic]
    public var resources: [Resource]
    /// The `contents` items.
    public var sessions: [Session]

    public init(updated: FeedDate? = nil, events: [Event] = [], rooms: [Room] = [], tracks: [Track] = [],
                topics: [Topic] = [], resources: [Resource] = [], sessions: [Session] = []) {
        self.updated = updated
        self.events = events
        self.rooms = rooms
        self.tracks = tracks
        self.topics = topics
        self.resources = resources
        self.sessions = sessions
    }
}
