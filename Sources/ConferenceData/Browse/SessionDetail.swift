import ConferenceModel
import JSON
import PlainText

/// Everything the store knows about one session, for `wwdc session`.
///
/// Text is as stored (unsanitised): pass it through `TextSanitizer` before printing.
public struct SessionDetail: Hashable, Sendable {
    /// A related session; `title` is nil when the feed names a session it does not list.
    public struct Related: Hashable, Sendable {
        public var sessionID: String
        public var title: String?
    }

    public var sessionID: String
    public var eventID: String
    public var eventName: String?
    public var number: Int?
    public var title: String
    public var description: String
    public var type: String?
    public var track: String?
    public var room: String?
    /// Seconds since 1970; nil for an unscheduled session (a video).
    public var startTime: Double?
    public var endTime: Double?
    /// The UTC offset the feed wrote the times in, in seconds.
    public var utcOffset: Int?
    /// When a recording was first published (seconds since 1970), for sessions of later years.
    public var publishedTime: Double?
    public var platforms: [String]
    public var keywords: [String]
    public var webPermalink: String?
    public var media: Media?
    /// The live stream of the session, when the current event has one.
    public var liveStream: LiveStream?
    public var related: [Related]
    public var resources: [Resource]
    public var favorite: Favorite?
    public var feedback: Feedback?
    /// When its event runs (seconds since 1970), when the feed says.
    public var eventStart: Double? = nil
    public var eventEnd: Double? = nil
    /// Its topics, in its order.
    public var topics: [String] = []
    /// The code shown in its video.
    public var codeSnippets: [CodeSnippet] = []
    /// How to sign up, for a lab by appointment: the link, its prompt and the window.
    public var signup: LabSignup? = nil
    /// An article's text (markup removed), from the `articles` feed.
    public var articleBody: String? = nil
    /// Its picture's address: the one `PictureAddress` gives for the default size (wide, else square).
    public var imageURL: String? = nil
    /// Its transcript's language and length; nil when the store has none.
    public var transcript: TranscriptSummary? = nil
    /// The languages of its subtitles wwdc knows of: English for the feed's own file, and those
    /// its stream offered when it was last read (for a download or a watch).
    public var subtitleLanguages: [SubtitleLanguage] = []

    /// Whether its live stream is on the air at `now`: inside the session's time window or, for a
    /// session without times, while its event runs; never after the stream's known end.
    public func isLive(at now: Double) -> Bool {
        guard let live = liveStream, live.iosURL ?? live.tvosURL != nil else { return false }
        if let ended = live.actualEndDate?.secondsSince1970, now >= ended { return false }
        let window: (start: Double, end: Double)?
        if let start = startTime {
            window = (start, endTime ?? start)
        } else if let start = eventStart, let end = eventEnd {
            window = (start, end)
        } else {
            window = nil
        }
        guard let window else { return false }
        return now >= window.start && now < window.end
    }

    /// The URL to play: the live stream while it is on the air at `now`, else the recorded video.
    public func bestStreamURL(at now: Double) -> String? {
        liveStreamURL(at: now) ?? recordedVideoURLs.first
    }

    /// The live stream's URL while it is on the air at `now`.
    public func liveStreamURL(at now: Double) -> String? {
        guard isLive(at: now), let live = liveStream else { return nil }
        return live.iosURL ?? live.tvosURL
    }

    /// The recorded video's URLs, best first: the adaptive stream, the HD download, the SD one.
    public var recordedVideoURLs: [String] {
        [media?.hls, media?.downloadHD, media?.downloadSD].compactMap { $0 }
    }
}

extension SessionDetail {
    /// A session as its document shows it: what the store knows, what the user keeps of it, and
    /// its downloads (documents of their own, ``document(downloads:)``).
    public struct Shown<Download: Sendable>: Sendable {
        public var detail: SessionDetail
        public var personal: PersonalRecord
        public var downloads: [Download]

        public init(_ detail: SessionDetail, personal: PersonalRecord, downloads: [Download]) {
            self.detail = detail
            self.personal = personal
            self.downloads = downloads
        }
    }

    /// A code snippet of the session with its number, from 1 (what `wwdc code <id> N` takes).
    public struct Snippet: Sendable {
        public var number: Int
        public var snippet: CodeSnippet
    }

    /// Its code snippets, numbered.
    public var snippets: [Snippet] {
        codeSnippets.enumerated().map { Snippet(number: $0.offset + 1, snippet: $0.element) }
    }

    /// The session's document: `session --json` and the assistant's `get_session`; its downloads
    /// are `downloads`' documents.
    public static func document<Download>(downloads: DocumentShape<Download>) -> DocumentShape<Shown<Download>> {
        DocumentShape<Shown<Download>>([
            .string("id", "the session's id", \.detail.sessionID),
            .string("event", "its event's id", \.detail.eventID),
            .string("eventName", "its event's name", \.detail.eventName),
            .integer("number", "its number within the event", \.detail.number),
            .string("title", "its title", \.detail.title),
            .string("description", "its description", \.detail.description),
            .string("type", "Session, Lab, Video, ... as the feed says", \.detail.type),
            .string("track", "its track", \.detail.track),
            .string("room", "where it is held", \.detail.room),
            .day("day", "the calendar date it starts on, in the zone shown") { ($0.detail.startTime, $0.detail.utcOffset) },
            .time("start", "when it starts") { ($0.detail.startTime, $0.detail.utcOffset) },
            .time("end", "when it ends") { ($0.detail.endTime, $0.detail.utcOffset) },
            .time("published", "when its recording was first published") { ($0.detail.publishedTime, $0.detail.utcOffset) },
            .strings("platforms", "the platforms it is about", \.detail.platforms),
            .strings("keywords", "its keywords", \.detail.keywords),
            .strings("topics", "its topics, in its order", \.detail.topics),
            DocumentField("favorite", .boolean, "whether it is one of your favorites") { shown, _ in .bool(shown.detail.favorite?.isFavorite ?? false) },
            .string("favoriteSyncState", "the account service's state of the favorite: local, pending or synced", \.detail.favorite?.syncState.rawValue),
            .object("feedback", "your feedback", feedbackDocument) { $0.detail.feedback },
            .object("progress", "how far you watched it; null when never played", progressDocument) { shown in
                shown.personal.progress.map { Linked($0, link: shown.detail.link) }
            },
            .list("bookmarks", "your bookmarks of its video, in time order", bookmarkDocument) { $0.personal.bookmarks },
            .object("note", "your note", noteDocument) { $0.personal.note },
            .object("video", "its recording", videoDocument) { $0.detail.media },
            .object("transcript", "its transcript; null when the store has none", transcriptDocument) { $0.detail.transcript },
            .strings("subtitleLanguages", "the languages of its subtitles wwdc knows of: en for the feed's file, and the stream's once read for a download or a watch",
                     { $0.detail.subtitleLanguages.map(\.code) }),
            .object("liveStream", "its live stream, in the current event", liveStreamDocument) { shown in
                shown.detail.liveStream.map { Timed($0, utcOffset: shown.detail.utcOffset) }
            },
            .list("related", "related sessions", relatedDocument) { $0.detail.related },
            .list("resources", "documentation, sample code and guides it links to", resourceDocument) { $0.detail.resources },
            .list("chapters", "the chapters of its video", chapterDocument) { $0.detail.media?.chapters ?? [] },
            .list("code", "the code shown in its video", snippetDocument) { $0.detail.snippets },
            .object("signup", "how to sign up, for a lab by appointment", signupDocument) { shown in
                shown.detail.signup.flatMap { $0.url == nil ? nil : Timed($0, utcOffset: shown.detail.utcOffset) }
            },
            .string("text", "an article's text", \.detail.articleBody),
            .string("webURL", "its page on the web", \.detail.webPermalink),
            .string("imageURL", "the address of its picture", \.detail.imageURL),
            DocumentField("bestStream", .string, nullable: true, "what to play now: the live stream while on the air, else the recording") {
                shown, context in JSONValue(shown.detail.bestStreamURL(at: context.now))
            },
            DocumentField("onTheAir", .boolean, "whether its live stream is on the air now") { shown, context in
                .bool(shown.detail.isLive(at: context.now))
            },
            .list("downloads", "its downloads", downloads) { $0.downloads },
            DocumentField("commands", commandsDocument.type, "the commands that show it, play it and print its transcript") { shown, context in
                commandsDocument.json(shown.detail, context)
            }.only(.assistant),
        ])
    }

    static let feedbackDocument = DocumentShape<Feedback>([
        .integer("overall", "the overall rating, 1 to 5", \.overall),
        .integer("content", "the content's rating, 1 to 5; null when not rated", \.content),
        .integer("presentation", "the presentation's rating, 1 to 5; null when not rated", \.presentation),
        .string("comment", "the comment", \.comment),
        .string("syncState", "the account service's state: local, pending or synced", \.syncState.rawValue),
    ])

    static let progressDocument = DocumentShape<Linked<WatchProgress>>([
        .number("position", "seconds into the video; null when the player could not say, or once watched", \.value.position),
        .number("duration", "the video's length in seconds, when known", \.value.duration),
        .boolean("watched", "whether you watched it", \.value.watched),
        .number("progress", "how far you got, 0 to 1; null when unknown", \.value.progress),
        .date("updatedAt", "when it last changed", \.value.updatedAt),
        DocumentField("resume", .string, nullable: true, "the command that plays it from where you stopped") { progress, context in
            JSONValue(context.commands.play(progress.value.sessionID, progress.value.watched ? nil : progress.value.position))
        }.only(.assistant),
        SessionLink.field { progress in (progress.link, progress.value.watched ? nil : progress.value.position) },
    ])

    static let bookmarkDocument = BookmarkItem.document.removing(["id", "title"])

    static let noteDocument = DocumentShape<SessionNote>([
        .string("text", "the note, as typed", \.text),
        .date("updatedAt", "when it last changed", \.updatedAt),
    ])

    static let videoDocument = DocumentShape<Media>([
        DocumentField("duration", .integer, nullable: true, "its length in whole seconds") { media, _ in JSONValue(media.duration.map(VideoTime.length)) },
        .string("stream", "the adaptive stream (HLS)", \.hls),
        .string("hd", "the HD download", \.downloadHD),
        .string("sd", "the SD download", \.downloadSD),
        .string("appleTVStream", "the Apple TV stream", \.tvOSHLS),
        .string("slides", "the slides", \.slides),
        .string("subtitles", "the subtitles", \.subtitles),
    ])

    static let transcriptDocument = DocumentShape<TranscriptSummary>([
        .string("language", "the feed's language code (eng, jpn)", \.language),
        .number("duration", "where its last line starts, in seconds", \.duration),
    ])

    static let liveStreamDocument = DocumentShape<Timed<LiveStream>>([
        .string("stream", "the stream", \.value.iosURL),
        .string("appleTVStream", "the Apple TV stream", \.value.tvosURL),
        .time("ended", "when it ended, once known") { ($0.value.actualEndDate?.secondsSince1970, $0.utcOffset) },
    ])

    static let relatedDocument = DocumentShape<Related>([
        .string("id", "its id", \.sessionID),
        .string("title", "its title; null when the feed does not list it", \.title),
    ])

    static let resourceDocument = DocumentShape<Resource>([
        .string("title", "its title", \.title),
        .string("type", "documentation, samplecode, guide, ... as the feed says", \.type),
        .string("url", "its address", \.url),
    ])

    static let chapterDocument = DocumentShape<Chapter>([
        .string("title", "its title", \.title),
        .number("start", "where it starts, in seconds into the video", \.start),
        .number("end", "where it ends, in seconds into the video", \.end),
    ])

    /// A code snippet; the assistant reads its code with a tool of its own, and sees its number.
    public static let snippetDocument = DocumentShape<Snippet>([
        DocumentField("number", .integer, "its number within the session, from 1") { snippet, _ in JSONValue(snippet.number) }.only(.assistant),
        .string("title", "its title", \.snippet.title),
        .string("language", "its language", \.snippet.language),
        .number("start", "when it is shown, in seconds into the video", \.snippet.startTime),
        .number("end", "when it stops being shown, in seconds into the video", \.snippet.endTime),
        DocumentField("code", .string, "the code", read: { snippet, _ in .string(snippet.snippet.code) }).only(.commandLine),
    ])

    static let signupDocument = DocumentShape<Timed<LabSignup>>([
        DocumentField("url", .string, "where to sign up") { signup, _ in .string(signup.value.url ?? "") },
        .string("text", "its prompt", \.value.text),
        .time("opens", "when sign-up opens") { ($0.value.startDate?.secondsSince1970, $0.utcOffset) },
        .time("closes", "when sign-up closes") { ($0.value.endDate?.secondsSince1970, $0.utcOffset) },
    ])

    static let commandsDocument = DocumentShape<SessionDetail>([
        DocumentField("show", .string, nullable: true, "the command that shows it") { detail, context in
            JSONValue(context.commands.show(detail.sessionID))
        },
        DocumentField("watch", .string, nullable: true, "the command that plays it; null when it has nothing to play now") { detail, context in
            JSONValue(detail.bestStreamURL(at: context.now) == nil ? nil : context.commands.play(detail.sessionID, nil))
        },
        DocumentField("transcript", .string, nullable: true, "the command that prints its transcript; null without one") { detail, context in
            JSONValue(detail.transcript == nil ? nil : context.commands.transcript(detail.sessionID))
        },
    ])
}
