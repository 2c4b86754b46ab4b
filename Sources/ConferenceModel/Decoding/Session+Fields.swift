// The fields of a content item (`contents[]`), as docs/feed-format.md describes them. This table is
// the one definition of each field: the decoder reads by it, and the store's writer takes the
// columns of the `sessions` table from the entries that name one (the `instances` and `videos`
// columns are here too), so a new field is a property, an entry here and a migration.
extension Session {
    public static let fields = FieldTable<Session>([
        .identifier("id", \.id),
        .identifier("eventId", \.eventID, column: "event_id"),
        .requiredText("title", \.title, column: "title"),
        .integer("eventContentId", \.eventContentID, column: "event_content_id"),
        .integer("staticContentId", \.staticContentID, column: "static_content_id"),
        .text("description", \.description, column: "description"),
        .text("type", \.type, column: "type"),
        .integer("trackId", \.trackID, column: "track_id"),
        .integer("roomId", \.roomID),
        .date("startTime", \.startTime),
        .date("endTime", \.endTime),
        .text("webPermalink", \.webPermalink, column: "web_permalink"),
        .textList("platforms", \.platforms),
        .textList("keywords", \.keywords),
        .integerList("topicIds", \.topicIDs),
        .integer("primaryTopicID", \.primaryTopicID, column: "primary_topic_id"),
        .object("media", \.media, Media.fields, empty: Media()),
        .nested("related", FieldTable<Session>([
            .textList("activities", \.relatedSessionIDs),
            .integerList("resources", \.relatedResourceIDs),
        ])),
        .text("actionLinkPrompt", \.actionLinkPrompt, column: "action_link_prompt"),
        .text("actionLinkURL", \.actionLinkURL, column: "action_link_url"),
        .object("signupInformation", \.signup, LabSignup.fields, empty: LabSignup(), columnPrefix: "signup_"),
        .date("originalPublishingDate", \.originalPublishingDate, column: "original_publishing_date"),
        .date("publishingExpiryDate", \.publishingExpiryDate, column: "publishing_expiry_date"),
        .text("articleID", \.articleID, column: "article_id"),
        .textList("images", \.images),
        .flag("hasLiveStream", \.hasLiveStream, column: "has_live_stream"),
        .objectList("codeSnippets", \.codeSnippets, CodeSnippet.fields, empty: CodeSnippet()),
    ])

    /// An empty item for the decoder to fill in.
    static var empty: Session { Session(id: "", eventID: "", title: "") }

    /// The `instances` columns: the schedule of an item that has a start time.
    public static let instanceColumns: [StoredColumn<Session>] = [
        StoredColumn("start_time", \.startTime?.secondsSince1970),
        StoredColumn("end_time", \.endTime?.secondsSince1970),
        StoredColumn("utc_offset", \.startTime?.utcOffsetSeconds),
        StoredColumn("room_id", \.roomID),
        StoredColumn("track_id", \.trackID),
    ]
}

extension Media {
    /// Known kinds by key, with their `videos` columns; a key not listed whose value is text is kept
    /// as a link of that kind.
    public static let fields = FieldTable<Media>([
        .text("hls", \.hls, column: "hls"),
        .text("tvOShls", \.tvOSHLS, column: "tvos_hls"),
        .text("downloadHD", \.downloadHD, column: "download_hd"),
        .text("downloadSD", \.downloadSD, column: "download_sd"),
        .text("slides", \.slides, column: "slides"),
        .text("subtitles", \.subtitles, column: "subtitles"),
        .number("duration", \.duration, in: FeedRange.videoSeconds, column: "duration"),
        .objectList("chapters", \.chapters, Chapter.fields, empty: Chapter(title: "", start: 0)),
    ], other: { kind, scanner, media in
        guard scanner.peekKind() == .string else { return try scanner.skipValue() }
        if case .value(let url) = try scanner.readText() { media.otherLinks.append(Media.Link(kind: kind, url: url)) }
    }, finish: { media in
        media.otherLinks.sort { $0.kind < $1.kind }
    })
}

extension Media.Link {
    /// A key of `media` its table does not list, with text (a URL) for its value: read by
    /// `Media.fields` (`other`), kept in `video_links` in these columns.
    public static let columns: [StoredColumn<Media.Link>] = [StoredColumn("kind", \.kind), StoredColumn("url", \.url)]
}

extension Chapter {
    /// Its columns are those of `session_chapters`.
    public static let fields = FieldTable<Chapter>([
        .requiredText("title", \.title, column: "title"),
        .number("start", \.start, in: FeedRange.videoSeconds, required: true, column: "start_time"),
        .number("end", \.end, in: FeedRange.videoSeconds, column: "end_time"),
        .text("summary", \.summary, column: "summary"),
    ])
}

extension CodeSnippet {
    /// `unstyledCode` is the plain code; `code` is HTML, used (without its markup) when it is the only
    /// one. Its columns are those of `session_code`.
    public static let fields = FieldTable<CodeSnippet>([
        .text("title", \.title, column: "title"),
        .text("language", \.language, column: "language"),
        .number("startTimeSeconds", \.startTime, in: FeedRange.videoSeconds, column: "start_time"),
        .number("endTimeSeconds", \.endTime, in: FeedRange.videoSeconds, column: "end_time"),
        .text("unstyledCode", \.code, required: true, alternatives: ["code"], column: "code"),
        .text("code", \.markup),
    ], finish: { snippet in
        if snippet.code.isEmpty, let markup = snippet.markup { snippet.code = HTMLText.plainText(markup) }
        snippet.markup = nil
    })
}

extension LabSignup {
    /// Its columns are the item's own, prefixed (`signup_url`).
    static let fields = FieldTable<LabSignup>([
        .text("url", \.url, column: "url"),
        .text("text", \.text, column: "text"),
        .date("startDate", \.startDate, column: "start"),
        .date("endDate", \.endDate, column: "end"),
    ])
}
