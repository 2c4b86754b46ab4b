/// One item of `contents.json`: a session, lab, video, special event, article, ...
///
/// When the item is scheduled (`startTime` set) it also makes one schedule instance.
public struct Session: Hashable, Sendable {
    /// Apple's identifier, e.g. `wwdc2017-820`.
    public var id: String
    public var eventID: String
    /// The number within the event (`820`).
    public var eventContentID: Int?
    public var staticContentID: Int?
    public var title: String
    public var description: String
    /// Apple's `type`: `Session`, `Lab`, `Video`, `Special Event`, `Get-Together`, `Article`, ...
    public var type: String?
    public var trackID: Int?
    public var roomID: Int?
    public var startTime: FeedDate?
    public var endTime: FeedDate?
    public var webPermalink: String?
    public var platforms: [String]
    public var keywords: [String]
    public var topicIDs: [Int]
    public var media: Media?
    /// Identifiers of related sessions (`related.activities`); they may name sessions the feed lacks.
    public var relatedSessionIDs: [String]
    /// Identifiers of related resources (`related.resources`).
    public var relatedResourceIDs: [Int]
    public var actionLinkPrompt: String?
    public var actionLinkURL: String?
    public var originalPublishingDate: FeedDate?

    public init(id: String, eventID: String, eventContentID: Int? = nil, staticContentID: Int? = nil, title: String,
                description: String = "", type: String? = nil, trackID: Int? = nil, roomID: Int? = nil,
                startTime: FeedDate? = nil, endTime: FeedDate? = nil, webPermalink: String? = nil,
                platforms: [String] = [], keywords: [String] = [], topicIDs: [Int] = [], media: Media? = nil,
                relatedSessionIDs: [String] = [], relatedResourceIDs: [Int] = [], actionLinkPrompt: String? = nil,
                actionLinkURL: String? = nil, originalPublishingDate: FeedDate? = nil) {
        self.id = id
        self.eventID = eventID
        self.eventContentID = eventContentID
        self.staticContentID = staticContentID
        self.title = title
        self.description = description
        self.type = type
        self.trackID = trackID
        self.roomID = roomID
        self.startTime = startTime
        self.endTime = endTime
        self.webPermalink = webPermalink
        self.platforms = platforms
        self.keywords = keywords
        self.topicIDs = topicIDs
        self.media = media
        self.relatedSessionIDs = relatedSessionIDs
        self.relatedResourceIDs = relatedResourceIDs
        self.actionLinkPrompt = actionLinkPrompt
        self.actionLinkURL = actionLinkURL
        self.originalPublishingDate = originalPublishingDate
    }
}
