import ConferenceModel
import Foundation

/// A change the user makes here to their progress, bookmarks or notes. Each becomes versioned
/// ``PersonalChange``s in the store (``Database/edit(_:at:)``).
public enum PersonalEdit: Hashable, Sendable {
    /// Marks sessions watched (the position is dropped: the next playback starts over).
    case markWatched([String])
    /// Marks sessions not watched and forgets their position.
    case markUnwatched([String])
    /// A playback stopped, or is going on, at `position`; `duration` is the player's when it knew it.
    case recordPosition(session: String, position: Double, duration: Double?)
    /// A playback started with a player that does not say its position.
    case recordStarted(session: String, duration: Double?)
    /// A bookmark at `time` seconds, or at the saved position when nil.
    case addBookmark(session: String, time: Double?, note: String)
    /// Removes a session's bookmark by its number (1 up, in time order).
    case removeBookmark(session: String, number: Int)
    /// Sets a session's note; a blank text removes it.
    case setNote(session: String, text: String)
    /// Removes a session's note.
    case clearNote(session: String)

    /// The sessions it changes, in the order given.
    public var sessionIDs: [String] {
        switch self {
        case .markWatched(let ids), .markUnwatched(let ids): ids
        case .recordPosition(let id, _, _), .recordStarted(let id, _), .addBookmark(let id, _, _),
             .removeBookmark(let id, _), .setNote(let id, _), .clearNote(let id): [id]
        }
    }
}

/// What an edit did to one session.
public struct PersonalEditResult: Sendable {
    public var sessionID: String
    /// False when the session already was as asked (nothing written, no new version).
    public var changed: Bool
    /// The bookmark added or removed, with its number.
    public var bookmark: (bookmark: Bookmark, number: Int)?
    /// The progress the edit left (for the position recorded, or watched).
    public var progress: WatchProgress?

    public init(sessionID: String, changed: Bool, bookmark: (bookmark: Bookmark, number: Int)? = nil, progress: WatchProgress? = nil) {
        self.sessionID = sessionID
        self.changed = changed
        self.bookmark = bookmark
        self.progress = progress
    }
}
