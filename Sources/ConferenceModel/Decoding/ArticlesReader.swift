import JSON

/// Reads the `articles` feed. Its shape is the least settled of Apple's feeds, and it only adds
/// bodies to items the store already has, so it is read by what it holds rather than by one
/// expected layout (docs/feed-format.md): the articles are the document itself when it is a list,
/// else the first of `articles`, `items` and `contents` that is a list, or an object of articles
/// keyed by their ids.
struct ArticlesReader {
    let feed: String

    private static let collectionKeys = ["articles", "items", "contents"]

    func read(_ bytes: UnsafeBufferPointer<UInt8>) throws -> ArticlesFeed {
        var reader = ListReader(feed: feed)
        var scanner = JSONScanner.document(bytes)
        var found: [String: [Article]] = [:]
        var recognised = false
        switch scanner.peekKind() {
        case .array?:
            found[""] = try readCollection(&scanner, path: "", reader: &reader)
            recognised = true
        case .object?:
            try scanner.readObject { scanner, key in
                let key = String(decoding: key, as: UTF8.self)
                guard Self.collectionKeys.contains(key), found[key] == nil,
                      scanner.peekKind() == .array || scanner.peekKind() == .object else { return try scanner.skipValue() }
                found[key] = try readCollection(&scanner, path: key, reader: &reader)
            }
            recognised = !found.isEmpty
        default:
            try scanner.skipValue()
        }
        try scanner.expectEnd()
        let articles = found[""] ?? Self.collectionKeys.lazy.compactMap { found[$0] }.first ?? []
        return ArticlesFeed(articles: articles, isRecognised: recognised, issues: reader.issues)
    }

    /// A list of articles, or an object of articles keyed by id.
    private func readCollection(_ scanner: inout JSONScanner, path: String, reader: inout ListReader) throws -> [Article] {
        if scanner.peekKind() == .array {
            return try reader.readList(&scanner, path: path, table: Article.fields, empty: Article(id: ""),
                                       identify: { $0.id }, required: false).filter { article in
                !article.id.isEmpty
            }
        }
        var articles: [Article] = []
        var seen: [String: String] = [:]
        try scanner.readObject { scanner, key in
            let key = String(decoding: key, as: UTF8.self)
            var problems = FieldProblems()
            let (article, failure) = try problems.within("\(path).\(key).") {
                try Article.fields.readItem(&scanner, empty: Article(id: key), problems: &$0)
            }
            reader.report(item: key, problems: problems, failure: failure)
            if failure == nil, reader.admit(key, at: "\(path).\(key)", seen: &seen) { articles.append(article) }
        }
        return articles
    }
}
