// The fields of the lists of `contents.json` other than its items (docs/feed-format.md).

extension Event {
    static let fields = FieldTable<Event>([
        .requiredText("id", \.id),
        .text("name", \.name),
        .date("startTime", \.startTime),
        .date("endTime", \.endTime),
        .flag("current", \.isCurrent),
        .text("webUrlKey", \.webURLKey),
        .text("imagesPath", \.imagesPath),
        .text("hashtag", \.hashtag),
    ], finish: { event in
        if event.name.isEmpty { event.name = event.id }
    })

    static var empty: Event { Event(id: "", name: "") }
}

extension Room {
    static let fields = FieldTable<Room>([
        .requiredInteger("id", \.id),
        .requiredText("name", \.name),
        .integer("ordinal", \.ordinal),
        .integer("regionId", \.regionID),
    ])

    static var empty: Room { Room(id: 0, name: "") }
}

extension Track {
    static let fields = FieldTable<Track>([
        .requiredInteger("id", \.id),
        .requiredText("name", \.name),
        .integer("ordinal", \.ordinal),
        .text("color", \.color),
        .text("darkColor", \.darkColor),
        .text("titleColor", \.titleColor),
        .text("lightBGColor", \.lightBackgroundColor),
    ])

    static var empty: Track { Track(id: 0, name: "") }
}

extension Topic {
    static let fields = FieldTable<Topic>([
        .requiredInteger("id", \.id),
        .requiredText("title", \.name, alternatives: ["name"]),
        .text("name", \.name),
        .integer("ordinal", \.ordinal),
    ])

    static var empty: Topic { Topic(id: 0, name: "") }
}

extension TopicCategory {
    static let fields = FieldTable<TopicCategory>([
        .requiredInteger("id", \.id),
        .requiredText("title", \.name, alternatives: ["name"]),
        .text("name", \.name),
        .integer("ordinal", \.ordinal),
        .integerList("topicIds", \.topicIDs),
    ])

    static var empty: TopicCategory { TopicCategory(id: 0, name: "") }
}

extension Resource {
    static let fields = FieldTable<Resource>([
        .requiredInteger("id", \.id),
        .requiredText("title", \.title),
        .text("url", \.url),
        .text("resource_type", \.type),
        .text("description", \.description),
    ])

    static var empty: Resource { Resource(id: 0, title: "") }
}

extension NewsItem {
    static let fields = FieldTable<NewsItem>([
        .requiredText("id", \.id),
        .requiredText("title", \.title),
        .text("body", \.body),
        .date("timestamp", \.timestamp),
        .text("visibility", \.visibility),
        .text("type", \.type),
        .objectList("photos", \.photos, NewsItem.Photo.fields, empty: NewsItem.Photo(id: "")),
    ])

    static var empty: NewsItem { NewsItem(id: "", title: "") }
}

extension NewsItem.Photo {
    static let fields = FieldTable<NewsItem.Photo>([
        .requiredText("id", \.id),
        .number("ratio", \.ratio),
    ])
}

extension LiveStream {
    /// A stream's key in `live_sessions` is its session's number, not a field.
    static let fields = FieldTable<LiveStream>([
        .text("iosUrl", \.iosURL),
        .text("tvosUrl", \.tvosURL),
        .date("actualEndDate", \.actualEndDate),
        .textDictionary("images", \.images),
    ])
}

extension FeedLink {
    static let fields = FieldTable<FeedLink>([
        .requiredText("url", \.url),
        .text("etag", \.etag),
    ])
}

extension EventHero {
    static let fields = FieldTable<EventHero>([
        .requiredText("title", \.title),
        .text("body", \.body),
        .text("backgroundImage", \.backgroundImage),
    ])
}

extension Article {
    static let fields = FieldTable<Article>([
        .text("id", \.idText),
        .text("articleID", \.idText),
        .text("title", \.title),
        .text("body", \.body),
        .text("text", \.body),
        .text("content", \.body),
        .text("html", \.body),
        .text("webPermalink", \.webPermalink),
    ])
}

extension Article {
    /// The id as read (either key); empty until one is found.
    var idText: String? {
        get { id.isEmpty ? nil : id }
        set { id = newValue ?? "" }
    }
}
