/// A session found by full-text search.
public struct SearchHit: Hashable, Sendable {
    public var sessionID: String
    public var title: String
    public var eventID: String
    public var type: String?
    /// BM25 score: lower is better (SQLite's convention).
    public var score: Double

    public init(sessionID: String, title: String, eventID: String, type: String?, score: Double) {
        self.sessionID = sessionID
        self.title = title
        self.eventID = eventID
        self.type = type
        self.score = score
    }
}
