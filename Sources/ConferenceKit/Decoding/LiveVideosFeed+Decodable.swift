extension LiveVideosFeed: Decodable {
    private enum CodingKeys: String, CodingKey {
        case updated
        case liveSessions = "live_sessions"
    }

    private enum StreamKeys: String, CodingKey {
        case iosUrl, tvosUrl, actualEndDate, images
    }

    /// `live_sessions` is required: a feed without it would remove every stream.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let sessions = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .liveSessions)
        var streams: [LiveStream] = []
        for key in sessions.allKeys {
            let stream = try sessions.nestedContainer(keyedBy: StreamKeys.self, forKey: key)
            streams.append(LiveStream(
                eventContentID: key.stringValue,
                iosURL: try stream.decodeIfPresent(String.self, forKey: .iosUrl),
                tvosURL: try stream.decodeIfPresent(String.self, forKey: .tvosUrl),
                actualEndDate: try stream.decodeIfPresent(FeedDate.self, forKey: .actualEndDate),
                images: try stream.decodeIfPresent([String: String].self, forKey: .images) ?? [:]))
        }
        self.init(updated: try container.decodeIfPresent(FeedDate.self, forKey: .updated), streams: streams)
    }
}
