import PlainText

/// An `Article` item, for `wwdc articles`.
///
/// Text is as stored (unsanitised): pass it through `TextSanitizer` before printing.
public struct ArticleItem: Hashable, Sendable {
    public var sessionID: String
    public var eventID: String
    public var title: String
    /// When it was published (seconds since 1970).
    public var publishedTime: Double?
    /// Its page on the web.
    public var url: String?
    /// Whether the `articles` feed gave its text (`wwdc session` shows it).
    public var hasBody: Bool
    public var isFavorite: Bool

    public init(sessionID: String, eventID: String, title: String, publishedTime: Double?, url: String?, hasBody: Bool,
                isFavorite: Bool) {
        self.sessionID = sessionID
        self.eventID = eventID
        self.title = title
        self.publishedTime = publishedTime
        self.url = url
        self.hasBody = hasBody
        self.isFavorite = isFavorite
    }
}
