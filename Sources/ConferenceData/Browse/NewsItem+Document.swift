import ConferenceModel

extension NewsItem {
    /// A news item: `news --json`, its date in the offset given with it.
    public static let document = DocumentShape<Timed<NewsItem>>([
        .string("id", "its id", \.value.id),
        .string("title", "its title", \.value.title),
        .string("body", "its text", \.value.body),
        .time("date", "when it was published") { ($0.value.timestamp?.secondsSince1970, $0.utcOffset) },
        .string("type", "its kind, as the feed says", \.value.type),
        .string("visibility", "who the feed shows it to, as the feed says", \.value.visibility),
        DocumentField("photos", .array(.string), "the ids of its photos") { item, _ in .array(item.value.photos.map { .string($0.id) }) },
        .string("url", "the page of a news article", \.value.url),
    ])
}
