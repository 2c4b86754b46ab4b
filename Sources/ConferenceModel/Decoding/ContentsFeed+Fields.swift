// The fields of the lists of `contents.json` other than its items (docs/feed-format.md), and of
// the other feeds' items, with the store's columns (each item's key column is the importer's).

extension Event {
    public static let fields = FieldTable<Event>([
        .identifier("id", \.id),
        .text("name", \.name, column: "name"),
        .date("startTime", \.startTime, column: "start_time"),
        .date("endTime", \.endTime, column: "end_time"),
        .flag("current", \.isCurrent, column: "is_current"),
        .text("webUrlKey", \.webURLKey, column: "web_url_key"),
        .text("imagesPath", \.imagesPath, column: "images_path"),
        .text("hashtag", \.hashtag, column: "hashtag"),
    ], derived: [
        StoredColumn(name: "utc_offset") { event, statement, index in
            try statement.bind(event.startTime?.utcOffsetSeconds ?? event.endTime?.utcOffsetSeconds, at: index)
        },
    ], finish: { event in
        if event.name.isEmpty { event.name = event.id }
    })

    static var empty: Event { Event(id: "", name: "") }
}

extension Room {
    public static let fields = FieldTable<Room>([
        .requiredInteger("id", \.id),
        .requiredText("name", \.name, column: "name"),
        .integer("ordinal", \.ordinal, column: "ordinal"),
        .integer("regionId", \.regionID, column: "region_id"),
    ])

    static var empty: Room { Room(id: 0, name: "") }
}

extension Track {
    public static let fields = FieldTable<Track>([
        .requiredInteger("id", \.id),
        .requiredText("name", \.name, column: "name"),
        .integer("ordinal", \.ordinal, column: "ordinal"),
        .text("color", \.color, column: "color"),
        .text("darkColor", \.darkColor, column: "dark_color"),
        .text("titleColor", \.titleColor, column: "title_color"),
        .text("lightBGColor", \.lightBackgroundColor, column: "light_background_color"),
    ])

    static var empty: Track { Track(id: 0, name: "") }
}

extension Topic {
    public static let fields = FieldTable<Topic>([
        .requiredInteger("id", \.id),
        .requiredText("title", \.name, alternatives: ["name"], column: "name"),
        .text("name", \.name),
        .integer("ordinal", \.ordinal, column: "ordinal"),
    ])

    static var empty: Topic { Topic(id: 0, name: "") }
}

extension TopicCategory {
    public static let fields = FieldTable<TopicCategory>([
        .requiredInteger("id", \.id),
        .requiredText("title", \.name, alternatives: ["name"], column: "name"),
        .text("name", \.name),
        .integer("ordinal", \.ordinal, column: "ordinal"),
        .integerList("topicIds", \.topicIDs),
    ])

    static var empty: TopicCategory { TopicCategory(id: 0, name: "") }
}

extension Resource {
    public static let fields = FieldTable<Resource>([
        .requiredInteger("id", \.id),
        .requiredText("title", \.title, column: "title"),
        .text("url", \.url, column: "url"),
        .text("resource_type", \.type, column: "type"),
        .text("description", \.description, column: "description"),
    ])

    static var empty: Resource { Resource(id: 0, title: "") }
}

extension ImageType {
    static let fields = FieldTable<ImageType>([
        .requiredText("name", \.name),
        .objectList("variants", \.variants, ImageType.Size.fields, empty: ImageType.Size(width: 0, height: 0)),
    ])

    static var empty: ImageType { ImageType(name: "") }
}

extension ImageType.Size {
    /// Its columns are those of `image_variants`; a size out of ``FeedRange/pixels`` is unusable.
    public static let fields = FieldTable<ImageType.Size>([
        .requiredInteger("width", \.width, in: FeedRange.pixels, column: "width"),
        .requiredInteger("height", \.height, in: FeedRange.pixels, column: "height"),
    ])
}

extension NewsItem {
    public static let fields = FieldTable<NewsItem>([
        .identifier("id", \.id),
        .requiredText("title", \.title, column: "title"),
        .text("body", \.body, column: "body"),
        .date("timestamp", \.timestamp, column: "timestamp"),
        .text("visibility", \.visibility, column: "visibility"),
        .text("type", \.type, column: "type"),
        .objectList("photos", \.photos, NewsItem.Photo.fields, empty: NewsItem.Photo(id: "")),
    ])

    static var empty: NewsItem { NewsItem(id: "", title: "") }
}

extension NewsItem.Photo {
    /// Its columns are those of `news_photos`.
    public static let fields = FieldTable<NewsItem.Photo>([
        .requiredText("id", \.id, column: "photo_id"),
        .number("ratio", \.ratio, column: "ratio"),
    ])
}

extension LiveStream {
    /// A stream's key in `live_sessions` is its session's number, not a field.
    public static let fields = FieldTable<LiveStream>([
        .text("iosUrl", \.iosURL, column: "ios_url"),
        .text("tvosUrl", \.tvosURL, column: "tvos_url"),
        .date("actualEndDate", \.actualEndDate, column: "actual_end_date"),
        .textDictionary("images", \.images),
    ], derived: [
        StoredColumn(name: "shelf_image_url") { stream, statement, index in try statement.bind(stream.images["shelf"], at: index) },
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
    /// The body's keys all fill one column.
    public static let fields = FieldTable<Article>([
        .text("id", \.idText),
        .text("articleID", \.idText),
        .text("title", \.title, column: "title"),
        .text("body", \.body, column: "body"),
        .text("text", \.body),
        .text("content", \.body),
        .text("html", \.body),
        .text("webPermalink", \.webPermalink, column: "web_permalink"),
    ])
}

extension Article {
    /// The id as read (either key); empty until one is found.
    var idText: String? {
        get { id.isEmpty ? nil : id }
        set { id = newValue ?? "" }
    }
}
