/// The decoded `videos_live.json`.
public struct LiveVideosFeed: Hashable, Sendable {
    public var updated: FeedDate?
    /// Sorted by `eventContentID`, so the order does not depend on the JSON object's.
    public var streams: [LiveStream]
    /// Streams skipped and fields ignored while decoding.
    public var issues: [FeedIssue]

    public init(updated: FeedDate? = nil, streams: [LiveStream] = [], issues: [FeedIssue] = []) {
        self.updated = updated
        self.streams = streams.sorted { $0.eventContentID < $1.eventContentID }
        self.issues = issues
    }
}
