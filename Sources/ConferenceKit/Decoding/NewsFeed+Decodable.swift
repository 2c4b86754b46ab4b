extension NewsFeed: Decodable {
    private enum CodingKeys: String, CodingKey {
        case items
    }

    /// `items` is required: a feed without it would empty the news.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(items: try container.decode([NewsItem].self, forKey: .items))
    }
}

extension NewsItem: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, title, body, timestamp, visibility, type, photos
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            title: try container.decode(String.self, forKey: .title),
            body: try container.decodeIfPresent(String.self, forKey: .body),
            timestamp: try container.decodeIfPresent(FeedDate.self, forKey: .timestamp),
            visibility: try container.decodeIfPresent(String.self, forKey: .visibility),
            type: try container.decodeIfPresent(String.self, forKey: .type),
            photos: try container.decodeIfPresent([Photo].self, forKey: .photos) ?? [])
    }
}

extension NewsItem.Photo: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, ratio
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            ratio: try container.decodeIfPresent(Double.self, forKey: .ratio))
    }
}
