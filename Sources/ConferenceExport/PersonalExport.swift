import ConferenceModel
import Foundation

/// What the user keeps, in lists to share or to keep elsewhere: favorites (with titles, links and
/// times), bookmarks (with times and the command that plays each), notes, and the history of what
/// was watched or is in progress. Feed text (titles, links) is cleaned as every read of it is; the
/// user's own text (notes, bookmark notes) is as they typed it, so a file holds it faithfully: a
/// program printing it to a terminal sanitises it there.
public struct PersonalExport: Sendable, Equatable {
    /// The lists, in the order a document holds them.
    public enum List: String, CaseIterable, Sendable {
        case favorites, bookmarks, notes, history
    }

    public struct Favorite: Sendable, Equatable {
        public var sessionID: String
        /// Nil when the session is no longer in the feed.
        public var title: String?
        public var eventID: String?
        /// ISO 8601 with the conference's UTC offset; nil when the session has no time in the schedule.
        public var start: String?
        public var end: String?
        /// The session's page on the web.
        public var url: String?
        public var updatedAt: Date
    }

    public struct Bookmark: Sendable, Equatable {
        public var sessionID: String
        public var title: String?
        /// 1 up, in time order within the session.
        public var number: Int
        /// Seconds into the video.
        public var time: Double
        public var note: String
        public var createdAt: Date
        /// The command line that plays the video from this bookmark.
        public var command: String
    }

    public struct Note: Sendable, Equatable {
        public var sessionID: String
        public var title: String?
        public var text: String
        public var updatedAt: Date
    }

    public struct HistoryEntry: Sendable, Equatable {
        public enum State: String, Sendable {
            case watched
            case inProgress = "in progress"
        }

        public var sessionID: String
        public var title: String?
        public var state: State
        /// Seconds; nil once watched, or when the player could not say.
        public var position: Double?
        public var duration: Double?
        /// 0 to 1 (1 when watched); nil when unknown.
        public var progress: Double?
        public var updatedAt: Date
    }

    /// Each list asked for; nil for one not asked for (a document leaves it out).
    public var favorites: [Favorite]?
    public var bookmarks: [Bookmark]?
    public var notes: [Note]?
    public var history: [HistoryEntry]?

    /// How many items of `list` the export holds (0 when it was not asked for).
    public func count(_ list: List) -> Int {
        switch list {
        case .favorites: favorites?.count ?? 0
        case .bookmarks: bookmarks?.count ?? 0
        case .notes: notes?.count ?? 0
        case .history: history?.count ?? 0
        }
    }
}
