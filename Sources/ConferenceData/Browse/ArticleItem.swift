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

extension ArticleItem {
    /// An article: `articles --json`, its date in the offset given with it.
    public static let document = DocumentShape<Timed<ArticleItem>>([
        .string("id", "its id", \.value.sessionID),
        .string("event", "its event's id", \.value.eventID),
        .string("title", "its title", \.value.title),
        .time("date", "when it was published") { ($0.value.publishedTime, $0.utcOffset) },
        .string("url", "its page on the web", \.value.url),
        .boolean("hasText", "whether its text is here ('wwdc session' shows it)", \.value.hasBody),
        .boolean("favorite", "whether it is one of your favorites", \.value.isFavorite),
    ])
}
