/// What `wwdc search` asks the store: a query, where to look, and which events and topics.
public struct SearchRequest: Sendable {
    public var query: SearchQuery
    public var sources: Set<SearchSource>
    /// The events whose sessions, transcripts and code are searched; nil for every event. News belong
    /// to no event: naming events (or topics) leaves them out.
    public var eventIDs: [String]?
    /// Only sessions (and their transcripts and code) of these topics; empty for any.
    public var topicIDs: [Int]
    /// At most this many hits, the best.
    public var limit: Int

    public init(query: SearchQuery, sources: Set<SearchSource> = Set(SearchSource.allCases), eventIDs: [String]? = nil,
                topicIDs: [Int] = [], limit: Int = 20) {
        self.query = query
        self.sources = sources
        self.eventIDs = eventIDs
        self.topicIDs = topicIDs
        self.limit = limit
    }

    /// Whether news are searched: asked for, and no event or topic named (news have neither).
    var searchesNews: Bool {
        sources.contains(.news) && eventIDs == nil && topicIDs.isEmpty
    }
}
