// The fields of a content item (`contents[]`), as docs/feed-format.md describes them. This table is
// the one definition of each field: the decoder reads by it, and the store's writer takes the
// columns of the `sessions` table from the entries that name one.
extension Session {
    static let fields = FieldTable<Session>([
        .requiredText("id", \.id),
        .requiredText("eventId", \.eventID, column: "event_id"),
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
        .object("signupInformation", \.signup, LabSignup.fields, empty: LabSignup()),
        .date("originalPublishingDate", \.originalPublishingDate, column: "original_publishing_date"),
        .date("publishingExpiryDate", \.publishingExpiryDate, column: "publishing_expiry_date"),
        .text("articleID", \.articleID, column: "article_id"),
        .textList("images", \.images),
        .flag("hasLiveStream", \.hasLiveStream, column: "has_live_stream"),
        .objectList("codeSnippets", \.codeSnippets, CodeSnippet.fields, empty: CodeSnippet()),
    ])

    /// An empty item for the decoder to fill in.
    static var empty: Session { Session(id: "", eventID: "", title: "") }
}

extension Media {
    /// Known kinds by key; a key not listed whose value is text is kept as a link of that kind.
    static let fields = FieldTable<Media>([
        .text("hls", \.hls),
        .text("tvOShls", \.tvOSHLS),
        .text("downloadHD", \.downloadHD),
        .text("downloadSD", \.downloadSD),
        .text("slides", \.slides),
        .text("subtitles", \.subtitles),
        .number("duration", \.duration),
        .objectList("chapters", \.chapters, Chapter.fields, empty: Chapter(title: "", start: 0)),
    ], other: { kind, scanner, media in
        guard scanner.peekKind() == .string else { return try scanner.skipValue() }
        if case .value(let url) = try scanner.readText() { media.otherLinks.append(Media.Link(kind: kind, url: url)) }
    }, finish: { media in
        media.otherLinks.sort { $0.kind < $1.kind }
    })
}

extension Chapter {
    static let fields = FieldTable<Chapter>([
        .requiredText("title", \.title),
        .number("start", \.start, required: true),
        .number("end", \.end),
        .text("summary", \.summary),
    ])
}

extension CodeSnippet {
    /// `unstyledCode` is the plain code; `code` is HTML, used (without its markup) when it is the only one.
    static let fields = FieldTable<CodeSnippet>([
        .text("title", \.title),
        .text("language", \.language),
        .number("startTimeSeconds", \.startTime),
        .number("endTimeSeconds", \.endTime),
        .text("unstyledCode", \.code, required: true, alternatives: ["code"]),
        .text("code", \.markup),
    ], finish: { snippet in
        if snippet.code.isEmpty, let markup = snippet.markup { snippet.code = HTMLText.plainText(markup) }
        snippet.markup = nil
    })
}

extension LabSignup {
    static let fields = FieldTable<LabSignup>([
        .text("url", \.url),
        .text("text", \.text),
        .date("startDate", \.startDate),
        .date("endDate", \.endDate),
    ])
}
