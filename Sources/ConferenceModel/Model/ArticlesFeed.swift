/// The decoded `articles` feed: bodies of `Article` items, by article id.
public struct ArticlesFeed: Hashable, Sendable {
    public var articles: [Article]
    /// False when the document held nothing wwdc recognises as articles (then nothing is changed).
    public var isRecognised: Bool
    public var issues: [FeedIssue]

    public init(articles: [Article] = [], isRecognised: Bool = true, issues: [FeedIssue] = []) {
        self.articles = articles
        self.isRecognised = isRecognised
        self.issues = issues
    }
}
