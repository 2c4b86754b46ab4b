import Foundation

/// The feeds a sync reads, with the names Apple's config and the store use.
public enum FeedKind: String, CaseIterable, Sendable {
    case config
    case contents
    case news
    case liveVideos
    case articles

    /// The file name, for messages and the fallback URL (`<base>/<file>`).
    public var fileName: String {
        switch self {
        case .config: "config.json"
        case .contents: "contents.json"
        case .news: "news.json"
        case .liveVideos: "videos_live.json"
        case .articles: "articles.json"
        }
    }

    /// Feeds whose failure does not fail the sync: they only add to what the others bring.
    var isAuxiliary: Bool { self == .articles }
}
