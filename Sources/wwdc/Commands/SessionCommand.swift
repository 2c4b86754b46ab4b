import CommandLineKit
import PlainText
import ConferenceData
import ConferenceMedia
import ConferenceModel
import ConferenceTerminal
import Foundation
import Operations
import TerminalUI

/// `wwdc session <id>`: everything about one session.
enum SessionCommand {
    static let code = Option.flag("code", help: "Show the code snippets of its video (title, language, time and code).")

    static let spec = CommandSpec(
        path: "session",
        abstract: "Show one session: when and where, description, video, related sessions and resources.",
        discussion: """
        Also its topics, the chapters of its video, whether it has a transcript ('wwdc transcript'), \
        the sign-up of a lab by appointment, an article's text, and (with --code) the code shown in \
        its video. Yours: whether it is a favorite, your feedback, how far you watched it (and the \
        command that resumes), your bookmarks and your note.
        """,
        options: [code, SharedOptions.local, SharedOptions.json, SharedOptions.noPager, SharedOptions.db],
        arguments: [SharedArguments.session],
        examples: [
            ("wwdc session 101", "Session 101 of the current event."),
            ("wwdc session wwdc2026-202 --local", "With the time in this machine's time zone."),
            ("wwdc session https://developer.apple.com/wwdc17/402", "From a link."),
            ("wwdc session 101 --json | jq .video.stream", "The stream URL, from the JSON output."),
            ("wwdc session wwdc2025-204 --code", "With the code shown in its video."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let zone = BrowseSupport.zone(local: arguments[SharedOptions.local])
        let input = arguments[SharedArguments.session]
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let standing = try Standing(store: store, context: context)
        let (detail, current, downloads, personal, stands) = try store.read { db in
            let id = try BrowseSupport.session(input, in: db, context)
            let detail = try db.sessionDetail(id: id)
            let stands = (favorite: try detail?.favorite.map { standing.text($0.syncState, change: try db.personalChange(.favorite, key: id)) },
                          feedback: try detail?.feedback.map { standing.text($0.syncState, change: try db.personalChange(.rating, key: id)) })
            return (detail, try SessionResolver.currentEvent(in: db), try db.downloadRecords(sessionID: id), try db.personalRecord(sessionID: id),
                    stands)
        }
        guard let detail else { throw BrowseError.unknownSession(input, suggestions: []) }
        if arguments[SharedOptions.json] {
            context.output(try JSONOutput.encode(Document(detail, zone: zone, now: context.now.timeIntervalSince1970, downloads: downloads,
                                                          personal: personal)) + "\n")
        } else {
            let drawing = try picture(of: detail.sessionID, store: store, context: context)
            Paging.output(render(detail, zone: zone, currentEvent: current, now: context.now.timeIntervalSince1970,
                                showsCode: arguments[code], downloads: downloads, personal: personal, width: context.outputWidth,
                                style: context.outputStyle, links: context.outputLinks, standing: stands),
                         context: context, enabled: Paging.isWanted(arguments), above: drawing)
        }
        return .success
    }

    /// The most the picture of a page may take to fetch, in all (its one attempt): a page never
    /// waits longer for it, however slowly a server sends it.
    static let pictureTimeLimit: TimeInterval = 10

    /// The session's picture drawn for the top of its page: only where pictures are drawn (the
    /// config's images: auto on a terminal, always) and the terminal or chafa can draw them. The
    /// cached copy is used as it is; a picture not cached yet is fetched once, within
    /// ``pictureTimeLimit``, and one that cannot be had leaves the page without it, quietly.
    static func picture(of sessionID: String, store: ConferenceStore, context: CommandContext) throws -> Paging.Drawing? {
        let images = try context.setting(Configuration.images)
        guard images == .always || (images == .auto && context.stdoutIsTerminal) else { return nil }
        guard case .success(let picture)? = try? store.read({ try $0.sessionPicture(sessionID: sessionID) }) else { return nil }
        let display: PictureDisplay
        do {
            display = try PictureDisplay(environment: context.environment, columns: min(context.outputWidth ?? 80, 60),
                                         asking: context.stdoutIsTerminal ? context.terminal : nil)
        } catch {
            throw Interrupted()
        }
        guard display.method != .none, let cache = try? Configuration.imageCache(context.environment), (try? DownloadsOperation.requireTransfer()) != nil else { return nil }
        let timeout = min(try Configuration.requestTimeout(context.environment), pictureTimeLimit)
        let fetch = FetchPicturesOperation(pictures: [picture], cache: cache, timeout: timeout, attemptLimit: timeout,
                                           retry: RetryPolicy(maxAttempts: 1), revalidate: false)
        _ = AdvancedOperationQueue().run([fetch])
        guard let entry = fetch.results.first?.outcome.entry, let text = display.drawing(of: entry.path, file: entry.file) else { return nil }
        return Paging.Drawing(text: text, isText: display.drawsText)
    }

    // MARK: Text

    /// The page (``SessionPage``), with the commands it names.
    static func render(_ detail: SessionDetail, zone: TimeZoneChoice, currentEvent: String?, now: Double,
                       showsCode: Bool, downloads: [DownloadRecord], personal: PersonalRecord, width: Int?,
                       style: Style, links: Hyperlinks, standing: (favorite: String?, feedback: String?) = (nil, nil)) -> String {
        let id = detail.sessionID
        let commands = SessionPage.Commands(resume: PersonalDataSupport.playCommand(id, at: personal.progress?.position),
                                            transcript: ShellWord.command("wwdc", "transcript", id),
                                            code: ShellWord.command("wwdc", "session", id, "--code") + " shows them; "
                                                + ShellWord.command("wwdc", "code", id) + " N prints one.")
        var page = SessionPage(detail: detail, zone: zone, width: width, style: style, links: links, commands: commands)
        page.standing = standing
        return page.render(currentEvent: currentEvent, now: now, showsCode: showsCode, personal: personal,
                           downloaded: downloads.map(downloadSummary).joined(separator: "; "))
    }

    /// `HD 1.3 MB, /path/to/file.mp4` or `SD partial 40% (2.0 MB of 5.0 MB) — wwdc download --resume`.
    static func downloadSummary(_ record: DownloadRecord) -> String {
        let row = DownloadsCommand.Row(record)
        let quality = record.item.quality.label
        if row.state == "done" { return "\(quality) \(ByteCount.text(row.bytes)), \(record.item.path)" }
        let percent = row.percent.map { " \($0)%" } ?? ""
        return "\(quality) \(row.state)\(percent) — wwdc download --resume"
    }

    // MARK: JSON

    /// The session in `--json`: the field names are part of the interface (see JSON OUTPUT in the manual page and the README).
    struct Document: Encodable {
        struct Video: Encodable {
            @Nullable var duration: Int?
            @Nullable var stream: String?
            @Nullable var hd: String?
            @Nullable var sd: String?
            @Nullable var appleTVStream: String?
            @Nullable var slides: String?
            @Nullable var subtitles: String?
        }

        struct LiveStream: Encodable {
            @Nullable var stream: String?
            @Nullable var appleTVStream: String?
            @Nullable var ended: String?
        }

        struct Feedback: Encodable {
            var overall: Int
            @Nullable var content: Int?
            @Nullable var presentation: Int?
            var comment: String
            var syncState: String
        }

        struct Related: Encodable {
            var id: String
            @Nullable var title: String?
        }

        struct Resource: Encodable {
            var title: String
            @Nullable var type: String?
            @Nullable var url: String?
        }

        struct Chapter: Encodable {
            var title: String
            var start: Double
            @Nullable var end: Double?
        }

        struct Code: Encodable {
            var title: String
            @Nullable var language: String?
            @Nullable var start: Double?
            @Nullable var end: Double?
            var code: String
        }

        struct Transcript: Encodable {
            var language: String
            var duration: Double
        }

        struct Progress: Encodable {
            /// Seconds; null when the player could not say (or once watched).
            @Nullable var position: Double?
            @Nullable var duration: Double?
            var watched: Bool
            /// 0 to 1; null when unknown.
            @Nullable var progress: Double?
            var updatedAt: Date
        }

        struct Bookmark: Encodable {
            var number: Int
            var time: Double
            var note: String
            var createdAt: Date
        }

        struct Note: Encodable {
            var text: String
            var updatedAt: Date
        }

        struct Signup: Encodable {
            var url: String
            @Nullable var text: String?
            @Nullable var opens: String?
            @Nullable var closes: String?
        }

        var id: String
        var event: String
        @Nullable var eventName: String?
        @Nullable var number: Int?
        var title: String
        var description: String
        @Nullable var type: String?
        @Nullable var track: String?
        @Nullable var room: String?
        @Nullable var day: String?
        @Nullable var start: String?
        @Nullable var end: String?
        @Nullable var published: String?
        var platforms: [String]
        var keywords: [String]
        var topics: [String]
        var favorite: Bool
        @Nullable var favoriteSyncState: String?
        @Nullable var feedback: Feedback?
        /// How far you watched it; null when never played.
        @Nullable var progress: Progress?
        var bookmarks: [Bookmark]
        @Nullable var note: Note?
        @Nullable var video: Video?
        @Nullable var transcript: Transcript?
        /// The session's downloads, as 'wwdc downloads --json' lists them.
        var downloads: [DownloadsCommand.Row]
        @Nullable var liveStream: LiveStream?
        var related: [Related]
        var resources: [Resource]
        var chapters: [Chapter]
        var code: [Code]
        @Nullable var signup: Signup?
        @Nullable var text: String?
        @Nullable var webURL: String?
        @Nullable var imageURL: String?
        @Nullable var bestStream: String?
        var onTheAir: Bool

        init(_ detail: SessionDetail, zone: TimeZoneChoice, now: Double, downloads: [DownloadRecord] = [], personal: PersonalRecord? = nil) {
            self.downloads = downloads.map { DownloadsCommand.Row($0) }
            progress = personal?.progress.map {
                Progress(position: $0.position, duration: $0.duration, watched: $0.watched, progress: $0.progress, updatedAt: $0.updatedAt)
            }
            bookmarks = (personal?.bookmarks ?? []).map { Bookmark(number: $0.number, time: $0.time, note: $0.note, createdAt: $0.createdAt) }
            note = personal?.note.map { Note(text: $0.text, updatedAt: $0.updatedAt) }
            let clean = BrowseSupport.cell
            let optional: (String?) -> String? = { $0 }
            id = detail.sessionID
            event = detail.eventID
            eventName = optional(detail.eventName)
            number = detail.number
            title = clean(detail.title)
            description = detail.description
            type = optional(detail.type)
            track = optional(detail.track)
            room = optional(detail.room)
            let start = detail.startTime.map { zone.localTime($0, recordedOffset: detail.utcOffset) }
            day = start?.date.description
            self.start = start?.iso8601
            end = detail.endTime.map { zone.localTime($0, recordedOffset: detail.utcOffset).iso8601 }
            published = detail.publishedTime.map { zone.localTime($0, recordedOffset: detail.utcOffset).iso8601 }
            platforms = detail.platforms.map(clean)
            keywords = detail.keywords.map(clean)
            topics = detail.topics.map(clean)
            favorite = detail.favorite?.isFavorite ?? false
            favoriteSyncState = detail.favorite?.syncState.rawValue
            feedback = detail.feedback.map {
                Feedback(overall: $0.overall, content: $0.content, presentation: $0.presentation,
                         comment: $0.comment, syncState: $0.syncState.rawValue)
            }
            video = detail.media.map {
                Video(duration: $0.duration.map(BrowseSupport.wholeSeconds), stream: optional($0.hls), hd: optional($0.downloadHD),
                      sd: optional($0.downloadSD), appleTVStream: optional($0.tvOSHLS), slides: optional($0.slides),
                      subtitles: optional($0.subtitles))
            }
            transcript = detail.transcript.map { Transcript(language: $0.language, duration: $0.duration) }
            liveStream = detail.liveStream.map {
                LiveStream(stream: optional($0.iosURL), appleTVStream: optional($0.tvosURL),
                           ended: $0.actualEndDate.map { zone.localTime($0.secondsSince1970, recordedOffset: detail.utcOffset).iso8601 })
            }
            related = detail.related.map { Related(id: clean($0.sessionID), title: optional($0.title)) }
            resources = detail.resources.map { Resource(title: clean($0.title), type: optional($0.type), url: optional($0.url)) }
            chapters = (detail.media?.chapters ?? []).map { Chapter(title: clean($0.title), start: $0.start, end: $0.end) }
            code = detail.codeSnippets.map {
                Code(title: clean($0.title), language: optional($0.language), start: $0.startTime, end: $0.endTime,
                     code: $0.code)
            }
            signup = detail.signup.flatMap { signup in
                signup.url.map { url in
                    Signup(url: clean(url), text: optional(signup.text),
                           opens: signup.startDate.map { zone.localTime($0.secondsSince1970, recordedOffset: detail.utcOffset).iso8601 },
                           closes: signup.endDate.map { zone.localTime($0.secondsSince1970, recordedOffset: detail.utcOffset).iso8601 })
                }
            }
            text = detail.articleBody.map { $0 }
            webURL = optional(detail.webPermalink)
            imageURL = optional(detail.imageURL)
            bestStream = optional(detail.bestStreamURL(at: now))
            onTheAir = detail.isLive(at: now)
        }
    }
}
