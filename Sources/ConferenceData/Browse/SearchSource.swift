/// What `wwdc search` looks through: the sessions (title, description, keywords), the transcripts'
/// lines, the code shown in videos (title and code), the news (title and body), and the user's own
/// notes (a session's note and the notes of its bookmarks).
public enum SearchSource: String, CaseIterable, Hashable, Sendable {
    case sessions, transcripts, code, news, notes

    /// The kind of a hit from here, as `--json` names it (`session`, `transcript`, `code`, `news`).
    public var kind: String {
        switch self {
        case .sessions: "session"
        case .transcripts: "transcript"
        case .code: "code"
        case .news: "news"
        case .notes: "note"
        }
    }
}
