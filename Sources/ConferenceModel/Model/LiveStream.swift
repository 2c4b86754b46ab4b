/// A live stream of `videos_live.json`, keyed by the event content number of its session.
public struct LiveStream: Hashable, Sendable {
    /// The session's number within the current event (`"201"`), the key in `live_sessions`.
    public var eventContentID: String
    public var iosURL: String?
    public var tvosURL: String?
    public var actualEndDate: FeedDate?
    /// Image URLs by kind (`shelf`).
    public var images: [String: String]

    public init(eventContentID: String, iosURL: String? = nil, tvosURL: String? = nil, actualEndDate: FeedDate? = nil,
                images: [String: String] = [:]) {
        self.eventContentID = eventContentID
        self.iosURL = iosURL
        self.tvosURL = tvosURL
        self.actualEndDate = actualEndDate
        self.images = images
    }
}
