/// What a personal change is about. Open: a change of a kind this program does not know (written
/// by a newer wwdc elsewhere) is kept as it came and passed on, never dropped.
public struct PersonalKind: RawRepresentable, Hashable, Sendable, Comparable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Watch progress and the watched mark; keyed by session id.
    public static let progress = PersonalKind(rawValue: "progress")
    /// A bookmark; keyed by the bookmark's id.
    public static let bookmark = PersonalKind(rawValue: "bookmark")
    /// A session's note; keyed by session id.
    public static let note = PersonalKind(rawValue: "note")
    /// A favorite (a removal is a tombstone); keyed by session id. Stored in the favorites' table.
    public static let favorite = PersonalKind(rawValue: "favorite")
    /// Your rating of a session (the feedback given here); keyed by session id. Stored in the
    /// feedback table.
    public static let rating = PersonalKind(rawValue: "rating")

    /// The kinds this program stores in tables of their own.
    public static let known: [PersonalKind] = [.progress, .bookmark, .note, .favorite, .rating]

    public static func < (lhs: PersonalKind, rhs: PersonalKind) -> Bool { lhs.rawValue < rhs.rawValue }
}
