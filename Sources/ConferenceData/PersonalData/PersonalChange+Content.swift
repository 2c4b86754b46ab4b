import ConferenceModel
import Foundation

extension PersonalChange {
    /// What a change sets, its value read once (by its kind's codec).
    public enum Content: Sendable {
        /// A removal (a tombstone) of any kind.
        case removal
        case progress(WatchProgress)
        case bookmark(Bookmark)
        case note(SessionNote)
        /// A favorite's row: a session made a favorite, or, made here, no longer one.
        case favorite(Favorite)
        case rating(Feedback)
        /// A value of a kind this program does not know, kept as it came.
        case other
    }

    /// What this change sets; nil for a value of a known kind that cannot be read.
    public var content: Content? {
        guard value != nil else { return .removal }
        guard let codec = PersonalCodecs.codec(of: kind) else { return .other }
        return codec.content(of: self)
    }

    /// Whether this program can use the change: a removal, a value it reads for a kind it knows, or
    /// any value of a kind it does not know (kept as it came, for a newer program).
    public var isUsable: Bool { content.map(Self.isUsable) ?? false }

    /// Whether a change from elsewhere with `content` can be used, as its kind's codec says (a
    /// favorite's value never says "not a favorite": that is a removal; a bookmark's session is an
    /// ``ItemID``).
    public static func isUsable(_ content: Content) -> Bool {
        for codec in PersonalCodecs.all {
            if let usable = codec.isUsable(in: content) { return usable }
        }
        return true
    }

    // MARK: The changes of each kind

    /// The change that sets a session's progress.
    public static func progress(_ progress: WatchProgress, version: Int64) -> PersonalChange {
        ProgressCodec.change(progress, version: version, at: progress.updatedAt)
    }

    /// The change that adds (or rewrites) a bookmark.
    public static func bookmark(_ bookmark: Bookmark, version: Int64, at date: Date) -> PersonalChange {
        BookmarkCodec.change(bookmark, version: version, at: date)
    }

    /// The change that sets a session's note.
    public static func note(_ note: SessionNote, version: Int64) -> PersonalChange {
        NoteCodec.change(note, version: version, at: note.updatedAt)
    }

    /// The change that makes a session a favorite, or removes it (a tombstone).
    public static func favorite(session: String, _ isFavorite: Bool, version: Int64, at date: Date) -> PersonalChange {
        FavoriteCodec.change(Favorite(sessionID: session, isFavorite: isFavorite, syncState: .pending, updatedAt: date, version: version),
                             version: version, at: date)
    }

    /// The change that sets your rating of a session (the feedback given here).
    public static func rating(_ feedback: Feedback, version: Int64) -> PersonalChange {
        RatingCodec.change(feedback, version: version, at: feedback.updatedAt)
    }

    // MARK: What each kind's change sets

    /// The progress this change sets; nil for another kind, a removal or a value that cannot be read
    /// (a position or a duration out of a video's range among them: it came from another machine).
    public var watchProgress: WatchProgress? { ProgressCodec.item(setBy: self) }

    /// The bookmark this change sets; nil when its time is out of a video's range, or its date out of a date's.
    public var bookmark: Bookmark? { BookmarkCodec.item(setBy: self) }

    /// The note this change sets.
    public var note: SessionNote? { NoteCodec.item(setBy: self) }

    /// The feedback this change sets, kept on this machine (`.local`); nil for another kind, a
    /// removal, or ratings outside one to five stars.
    public var rating: Feedback? { RatingCodec.item(setBy: self) }
}
