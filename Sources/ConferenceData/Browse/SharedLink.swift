import ConferenceModel
import JSON

/// A session's page on the web to send someone, at a moment of its video when one is given: what
/// `wwdc share` prints.
public struct SharedLink: Hashable, Sendable {
    public var sessionID: String
    public var title: String
    /// Seconds into the video; nil for the page alone.
    public var at: Int?
    /// The address: its page on Apple's site (``SessionLink``), at the moment; an article's own page.
    public var link: String

    public init(sessionID: String, title: String, at: Int?, link: String) {
        self.sessionID = sessionID
        self.title = title
        self.at = at
        self.link = link
    }

    /// A shared link: `share --json`.
    public static let document = DocumentShape<SharedLink>([
        .string("id", "the session's id", \.sessionID),
        .string("title", "its title", \.title),
        .integer("at", "the moment, in seconds into the video; null for the page alone", \.at),
        .string("link", "its page on developer.apple.com, at the moment when there is one (?time=); an article's own page", \.link),
    ])
}

extension SessionDetail {
    /// Its page on Apple's site (``SessionLink``); nil for an item without a number, or one the feed
    /// gives another kind of page (an article).
    public var link: SessionLink? {
        SessionLink(eventID: eventID, number: number, permalink: webPermalink)
    }

    /// Its page on the web at `at` seconds into its video (nil: the page alone): its page on Apple's
    /// site, else, without a moment, the feed's own page of it (an article's) when it is an address
    /// wwdc links (``WebAddress``); nil when it has none.
    public func sharedLink(at seconds: Int?) -> SharedLink? {
        let title = Clean.line(title)
        if let link { return SharedLink(sessionID: sessionID, title: title, at: seconds, link: link.address(at: seconds)) }
        guard seconds == nil, let page = webPermalink.map(Clean.line), !page.isEmpty, WebAddress.allows(page) else { return nil }
        return SharedLink(sessionID: sessionID, title: title, at: nil, link: page)
    }
}
