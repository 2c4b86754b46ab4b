/// A session with a recording, for `wwdc videos`.
///
/// Text is as stored (unsanitised): pass it through `TextSanitizer` before printing.
public struct VideoItem: Hashable, Sendable {
    public var sessionID: String
    public var eventID: String
    public var number: Int?
    public var title: String
    public var type: String?
    /// Seconds.
    public var duration: Double?
    public var streamURL: String?
    public var hdURL: String?
    public var sdURL: String?
    /// When it was given or published (seconds since 1970), and the offset the feed wrote that in.
    public var date: Double?
    public var utcOffset: Int?
    public var isFavorite: Bool

    public init(sessionID: String, eventID: String, number: Int?, title: String, type: String?, duration: Double?,
                streamURL: String?, hdURL: String?, sdURL: String?, date: Double?, utcOffset: Int?, isFavorite: Bool) {
        self.sessionID = sessionID
        self.eventID = eventID
        self.number = number
        self.title = title
        self.type = type
        self.duration = duration
        self.streamURL = streamURL
        self.hdURL = hdURL
        self.sdURL = sdURL
        self.date = date
        self.utcOffset = utcOffset
        self.isFavorite = isFavorite
    }
}
