import Foundation
import JSON

/// What a sync brought that was not there before: new videos, new sessions, new news, and
/// favorites whose time or room changed. Titles are clean (through the sanitiser), ready to print.
///
/// A session new to the store that has a video is listed under ``videos`` only; an item of the
/// event `news` (an article, how feeds from 2020 on publish news) under ``news``. A sync into a
/// store that held no session finds nothing new: everything is.
public struct WhatsNew: Sendable, Equatable {
    /// One item: its id and title.
    public struct Item: Sendable, Hashable {
        public var id: String
        public var title: String

        public init(id: String, title: String) {
            self.id = id
            self.title = title
        }
    }

    /// The lists, in the order they are shown; the raw values name them in the store and in JSON.
    public enum Kind: String, Sendable, CaseIterable {
        case videos, sessions, news, favoritesChanged
    }

    public var videos: [Item] = []
    public var sessions: [Item] = []
    public var news: [Item] = []
    public var favoritesChanged: [Item] = []

    public init(videos: [Item] = [], sessions: [Item] = [], news: [Item] = [], favoritesChanged: [Item] = []) {
        self.videos = videos
        self.sessions = sessions
        self.news = news
        self.favoritesChanged = favoritesChanged
    }

    public subscript(kind: Kind) -> [Item] {
        get {
            switch kind {
            case .videos: videos
            case .sessions: sessions
            case .news: news
            case .favoritesChanged: favoritesChanged
            }
        }
        set {
            switch kind {
            case .videos: videos = newValue
            case .sessions: sessions = newValue
            case .news: news = newValue
            case .favoritesChanged: favoritesChanged = newValue
            }
        }
    }

    public var isEmpty: Bool { Kind.allCases.allSatisfy { self[$0].isEmpty } }
    public var count: Int { Kind.allCases.reduce(0) { $0 + self[$1].count } }
}

extension WhatsNew {
    /// What the last sync that found something new found, and when it ran (nil, the lists empty,
    /// when none has).
    public struct Found: Sendable {
        public var list: WhatsNew
        public var syncedAt: Date?

        public init(list: WhatsNew, syncedAt: Date?) {
            self.list = list
            self.syncedAt = syncedAt
        }
    }

    /// `whatsnew --json`.
    public static let document = DocumentShape<Found>([
        DocumentField("syncedAt", .string, nullable: true, "when the sync ran, in UTC; null when none has found anything") { found, _ in
            JSONValue(found.syncedAt.map { $0.formatted(.iso8601) })
        },
        .list("videos", "new videos", itemDocument) { $0.list.videos },
        .list("sessions", "new sessions", itemDocument) { $0.list.sessions },
        .list("news", "new news", itemDocument) { $0.list.news },
        .list("favoritesChanged", "favorites whose time or room changed", itemDocument) { $0.list.favoritesChanged },
    ])

    static let itemDocument = DocumentShape<Item>([
        .string("id", "its id", \.id),
        .string("title", "its title", \.title),
    ])
}
