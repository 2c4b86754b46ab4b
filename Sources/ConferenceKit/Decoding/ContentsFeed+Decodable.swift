import Foundation

extension FeedDate: Decodable {
    /// Accepts an ISO 8601 string (`2017-06-08T13:50:00-07:00`) or seconds since 1970 (possibly fractional).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let date = ISO8601DateParser.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\"\(text.prefix(64))\" is not a date like 2017-06-08T13:50:00-07:00")
            }
            self = date
        } else {
            do {
                self.init(secondsSince1970: try container.decode(Double.self))
            } catch DecodingError.typeMismatch(_, let context) {
                throw DecodingError.typeMismatch(FeedDate.self, DecodingError.Context(
                    codingPath: context.codingPath,
                    debugDescription: "expected a date string or a number of seconds"))
            }
        }
    }
}

extension ContentsFeed: Decodable {
    private enum CodingKeys: String, CodingKey {
        case updated, events, rooms, tracks, topics, resources, contents
    }

    /// `events` and `contents` are required: a feed without them would empty the store.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            updated: try container.decodeIfPresent(FeedDate.self, forKey: .updated),
            events: try container.decode([Event].self, forKey: .events),
            rooms: try container.decodeIfPresent([Room].self, forKey: .rooms) ?? [],
            tracks: try container.decodeIfPresent([Track].self, forKey: .tracks) ?? [],
            topics: try container.decodeIfPresent([Topic].self, forKey: .topics) ?? [],
            resources: try container.decodeIfPresent([Resource].self, forKey: .resources) ?? [],
            sessions: try container.decode([Session].self, forKey: .contents))
    }
}

extension Event: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, name, startTime, endTime, current, webUrlKey, imagesPath, hashtag
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            name: try container.decode(String.self, forKey: .name),
            startTime: try container.decodeIfPresent(FeedDate.self, forKey: .startTime),
            endTime: try container.decodeIfPresent(FeedDate.self, forKey: .endTime),
            isCurrent: try container.decodeIfPresent(Bool.self, forKey: .current) ?? false,
            webURLKey: try container.decodeIfPresent(String.self, forKey: .webUrlKey),
            imagesPath: try container.decodeIfPresent(String.self, forKey: .imagesPath),
            hashtag: try container.decodeIfPresent(String.self, forKey: .hashtag))
    }
}

extension Room: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, name, ordinal, regionId
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decodeLenientInt(forKey: .id)
        self.init(
            id: id,
            name: try container.decode(String.self, forKey: .name),
            ordinal: try container.decodeIfPresent(Int.self, forKey: .ordinal),
            regionID: try container.decodeLenientIntIfPresent(forKey: .regionId))
    }
}

extension Track: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, name, ordinal, color, darkColor, titleColor, lightBGColor
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decodeLenientInt(forKey: .id)
        self.init(
            id: id,
            name: try container.decode(String.self, forKey: .name),
            ordinal: try container.decodeIfPresent(Int.self, forKey: .ordinal),
            color: try container.decodeIfPresent(String.self, forKey: .color),
            darkColor: try container.decodeIfPresent(String.self, forKey: .darkColor),
            titleColor: try container.decodeIfPresent(String.self, forKey: .titleColor),
            lightBackgroundColor: try container.decodeIfPresent(String.self, forKey: .lightBGColor))
    }
}

extension Topic: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, name, ordinal
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decodeLenientInt(forKey: .id)
        self.init(
            id: id,
            name: try container.decode(String.self, forKey: .name),
            ordinal: try container.decodeIfPresent(Int.self, forKey: .ordinal))
    }
}

extension Resource: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, title, url, description
        case type = "resource_type"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decodeLenientInt(forKey: .id)
        self.init(
            id: id,
            title: try container.decode(String.self, forKey: .title),
            url: try container.decodeIfPresent(String.self, forKey: .url),
            type: try container.decodeIfPresent(String.self, forKey: .type),
            description: try container.decodeIfPresent(String.self, forKey: .description))
    }
}

extension Media: Decodable {
    private enum CodingKeys: String, CodingKey {
        case hls, tvOShls, downloadHD, downloadSD, slides, subtitles, duration
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            hls: try container.decodeIfPresent(String.self, forKey: .hls),
            tvOSHLS: try container.decodeIfPresent(String.self, forKey: .tvOShls),
            downloadHD: try container.decodeIfPresent(String.self, forKey: .downloadHD),
            downloadSD: try container.decodeIfPresent(String.self, forKey: .downloadSD),
            slides: try container.decodeIfPresent(String.self, forKey: .slides),
            subtitles: try container.decodeIfPresent(String.self, forKey: .subtitles),
            duration: try container.decodeIfPresent(Double.self, forKey: .duration))
    }
}

extension Session: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, eventId, eventContentId, staticContentId, title, description, type, trackId, roomId, startTime, endTime
        case webPermalink, platforms, keywords, topicIds, media, related, actionLinkPrompt, actionLinkURL
        case originalPublishingDate
    }

    private enum RelatedKeys: String, CodingKey {
        case activities, resources
    }

    /// `id`, `eventId` and `title` are required; everything else may be absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var relatedSessionIDs: [String] = []
        var relatedResourceIDs: [Int] = []
        if try container.contains(.related) && !container.decodeNil(forKey: .related) {
            let related = try container.nestedContainer(keyedBy: RelatedKeys.self, forKey: .related)
            relatedSessionIDs = try related.decodeIfPresent([String].self, forKey: .activities) ?? []
            relatedResourceIDs = try related.decodeLenientIntList(forKey: .resources)
        }
        self.init(
            id: try container.decode(String.self, forKey: .id),
            eventID: try container.decode(String.self, forKey: .eventId),
            eventContentID: try container.decodeLenientIntIfPresent(forKey: .eventContentId),
            staticContentID: try container.decodeLenientIntIfPresent(forKey: .staticContentId),
            title: try container.decode(String.self, forKey: .title),
            description: try container.decodeIfPresent(String.self, forKey: .description) ?? "",
            type: try container.decodeIfPresent(String.self, forKey: .type),
            trackID: try container.decodeLenientIntIfPresent(forKey: .trackId),
            roomID: try container.decodeLenientIntIfPresent(forKey: .roomId),
            startTime: try container.decodeIfPresent(FeedDate.self, forKey: .startTime),
            endTime: try container.decodeIfPresent(FeedDate.self, forKey: .endTime),
            webPermalink: try container.decodeIfPresent(String.self, forKey: .webPermalink),
            platforms: try container.decodeIfPresent([String].self, forKey: .platforms) ?? [],
            keywords: try container.decodeIfPresent([String].self, forKey: .keywords) ?? [],
            topicIDs: try container.decodeLenientIntList(forKey: .topicIds),
            media: try container.decodeIfPresent(Media.self, forKey: .media),
            relatedSessionIDs: relatedSessionIDs,
            relatedResourceIDs: relatedResourceIDs,
            actionLinkPrompt: try container.decodeIfPresent(String.self, forKey: .actionLinkPrompt),
            actionLinkURL: try container.decodeIfPresent(String.self, forKey: .actionLinkURL),
            originalPublishingDate: try container.decodeIfPresent(FeedDate.self, forKey: .originalPublishingDate))
    }
}
