/// A feed as decoded, with the items it skipped and the fields it ignored.
public protocol DecodedFeed: Sendable {
    var issues: [FeedIssue] { get }
}

extension AppConfig: DecodedFeed {}
extension NewsFeed: DecodedFeed {}
extension LiveVideosFeed: DecodedFeed {}
extension ArticlesFeed: DecodedFeed {}
