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

    /// The kinds this program stores in tables of their own.
    public static let known: [PersonalKind] = [.progress, .bookmark, .note]

    public static func < (lhs: PersonalKind, rhs: PersonalKind) -> Bool { lhs.rawValue < rhs.rawValue }
}
