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
    /// The topic it is listed under; nil means its first topic.
    public var primaryTopicID: Int?
    public var media: Media?
    /// Identifiers of related sessions (`related.activities`); they may name sessions the feed lacks.
    public var relatedSessionIDs: [String]
    /// Identifiers of related resources (`related.resources`).
    public var relatedResourceIDs: [Int]
    /// A 2017-style sign-up of a lab by appointment ("Request appointment" and its URL).
    public var actionLinkPrompt: String?
    public var actionLinkURL: String?
    /// A lab by appointment's sign-up, as later feeds write it.
    public var signup: LabSignup?
    public var originalPublishingDate: FeedDate?
    public var publishingExpiryDate: FeedDate?
    /// An article's body in the `articles` feed.
    public var articleID: String?
    /// Image kinds (`square`, `wide`).
    public var images: [String]
    /// Streamed live while it runs.
    public var hasLiveStream: Bool
    public var codeSnippets: [CodeSnippet]

    public init(id: String, eventID: String, eventContentID: Int? = nil, staticContentID: Int? = nil, title: String,
                description: String = "", type: String? = nil, trackID: Int? = nil, roomID: Int? = nil,
                startTime: FeedDate? = nil, endTime: FeedDate? = nil, webPermalink: String? = nil,
                platforms: [String] = [], keywords: [String] = [], topicIDs: [Int] = [], primaryTopicID: Int? = nil,
                media: Media? = nil, relatedSessionIDs: [String] = [], relatedResourceIDs: [Int] = [],
                actionLinkPrompt: String? = nil, actionLinkURL: String? = nil, signup: LabSignup? = nil,
                originalPublishingDate: FeedDate? = nil, publishingExpiryDate: FeedDate? = nil, articleID: String? = nil,
                images: [String] = [], hasLiveStream: Bool = false, codeSnippets: [CodeSnippet] = []) {
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
        self.primaryTopicID = primaryTopicID
        self.media = media
        self.relatedSessionIDs = relatedSessionIDs
        self.relatedResourceIDs = relatedResourceIDs
        self.actionLinkPrompt = actionLinkPrompt
        self.actionLinkURL = actionLinkURL
        self.signup = signup
        self.originalPublishingDate = originalPublishingDate
        self.publishingExpiryDate = publishingExpiryDate
        self.articleID = articleID
        self.images = images
        self.hasLiveStream = hasLiveStream
        self.codeSnippets = codeSnippets
    }
}
