import CommandLineKit
import PlainText
import ConferenceKit
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
        its video.
        """,
        options: [code, SharedOptions.local, SharedOptions.json, SharedOptions.noPager, SharedOptions.db],
        arguments: [.init(name: "session", help: "A session id (wwdc2026-101), a number in the current event (101) or a developer.apple.com link.",
                          completion: .sessionIDs)],
        examples: [
            ("wwdc session 101", "Session 101 of the current event."),
            ("wwdc session wwdc2026-202 --local", "With the time in this machine's time zone."),
            ("wwdc session https://developer.apple.com/wwdc17/402", "From a link."),
            ("wwdc session 101 --json | jq .video.stream", "The stream URL, from the JSON output."),
            ("wwdc session wwdc2025-204 --code", "With the code shown in its video."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let zone = BrowseSupport.zone(arguments)
        let input = arguments.positionals[0]
        let store = try BrowseSupport.openStore(arguments, context)
        let (detail, current, downloads) = try store.read { db -> (SessionDetail?, String?, [DownloadRecord]) in
            let id = try SessionResolver.resolve(input, in: db)
            return (try db.sessionDetail(id: id), try SessionResolver.currentEvent(in: db), try db.downloadRecords(sessionID: id))
        }
        guard let detail else { throw BrowseError.unknownSession(input, suggestions: []) }
        if arguments[SharedOptions.json] {
            context.output(try JSONOutput.encode(Document(detail, zone: zone, now: context.now.timeIntervalSince1970, downloads: downloads)) + "\n")
        } else {
            if let drawing = try picture(of: detail.sessionID, store: store, context: context) { context.output(drawing) }
            Paging.output(render(detail, zone: zone, currentEvent: current, now: context.now.timeIntervalSince1970,
                                showsCode: arguments[code], downloads: downloads, width: context.outputWidth, style: context.outputStyle,
                                links: context.outputLinks),
                         context: context, enabled: Paging.isWanted(arguments))
        }
        return .success
    }

    /// The session's picture drawn for the top of its page: only where pictures are drawn (the
    /// config's images: auto on a terminal, always) and the terminal or chafa can draw them. The
    /// cached copy is used as it is; a picture not cached yet is fetched once, and one that cannot
    /// be had leaves the page without it, quietly.
    static func picture(of sessionID: String, store: ConferenceStore, context: CommandContext) throws -> String? {
        let images = try Configuration.imagesSetting(context)
        guard images == .always || (images == .auto && context.stdoutIsTerminal) else { return nil }
        let display = PictureDisplay(environment: context.environment, columns: min(context.outputWidth ?? 80, 60))
        guard display.method != .none, case .success(let picture)? = try? store.read({ try $0.sessionPicture(sessionID: sessionID) }),
              let cache = try? Configuration.imageCache(context.environment), (try? DownloadsOperation.requireTransfer()) != nil else { return nil }
        let timeout = min(try Configuration.requestTimeout(context.environment), 10)
        let fetch = FetchPicturesOperation(pictures: [picture], cache: cache, timeout: timeout,
                                           retry: RetryPolicy(maxAttempts: 1), revalidate: false)
        _ = AdvancedOperationQueue().run([fetch])
        guard let entry = fetch.results.first?.outcome.entry else { return nil }
        return display.drawing(of: entry.path, file: entry.file)
    }

    // MARK: Text

    /// The page: the title and heading, the facts, the text, then a section for each of the video's
    /// links, chapters, code, the live stream, related sessions, resources and the web page that the
    /// session has.
    static func render(_ detail: SessionDetail, zone: TimeZoneChoice, currentEvent: String?, now: Double,
                       showsCode: Bool = false, downloads: [DownloadRecord] = [], width: Int?, style: Style,
                       links: Hyperlinks = .plain) -> String {
        let page = Page(detail: detail, zone: zone, width: width, style: style, links: links)
        let sections = [page.heading(), page.schedule(), page.facts(), page.yours(), page.recordings(downloads: downloads),
                        page.text(), page.videoLinks(), page.chapters(), page.code(shown: showsCode), page.liveStream(now: now),
                        page.related(currentEvent: currentEvent), page.resources(), page.web()]
        return sections.joined().joined(separator: "\n") + "\n"
    }

    /// One session's page as lines, a section at a time: what every section needs to lay itself out.
    private struct Page {
        let detail: SessionDetail
        let zone: TimeZoneChoice
        /// The terminal's width; nil in a pipe, where nothing is cut.
        let width: Int?
        let style: Style
        let links: Hyperlinks
        let clean = BrowseSupport.cell

        /// The title, and the id, event, type and track under it.
        func heading() -> [String] {
            let heading = [detail.sessionID, clean(detail.eventName ?? detail.eventID), clean(detail.type), clean(detail.track)]
                .filter { !$0.isEmpty }.joined(separator: " · ")
            return wrap(clean(detail.title), indent: "").map(style.bold) + [style.dim(heading), ""]
        }

        /// When (or when published), the room, and the sign-up of a lab by appointment.
        func schedule() -> [String] {
            var lines: [String] = []
            if let start = detail.startTime {
                let from = zone.localTime(start, recordedOffset: detail.utcOffset)
                var when = from.date.longText + ", " + from.clockText
                if let end = detail.endTime { when += "–" + zone.localTime(end, recordedOffset: detail.utcOffset).clockText }
                lines += field("When", when + " (" + zone.label(at: start, recordedOffset: detail.utcOffset) + ")")
            } else if let published = detail.publishedTime {
                lines += field("Published", zone.localTime(published, recordedOffset: detail.utcOffset).date.longText)
            }
            lines += field("Room", clean(detail.room))
            guard let signup = detail.signup, let url = signup.url else { return lines }
            var text = clean(signup.text ?? "Sign up")
            if let start = signup.startDate?.secondsSince1970 {
                let from = zone.localTime(start, recordedOffset: detail.utcOffset)
                text += ", " + from.date.longText + " " + from.clockText
                if let end = signup.endDate?.secondsSince1970 {
                    let to = zone.localTime(end, recordedOffset: detail.utcOffset)
                    text += "–" + (to.date == from.date ? "" : to.date.longText + " ") + to.clockText
                }
            }
            return lines + field("Sign-up", text) + address("", clean(url))
        }

        /// Topics, platforms and keywords.
        func facts() -> [String] {
            field("Topics", detail.topics.map(clean).joined(separator: ", "))
                + field("Platforms", detail.platforms.map(clean).joined(separator: ", "))
                + field("Keywords", detail.keywords.map(clean).joined(separator: ", "))
        }

        /// The person's own: whether it is a favorite, and the feedback given.
        func yours() -> [String] {
            var lines: [String]
            if let favorite = detail.favorite, favorite.isFavorite {
                lines = field("Favorite", style.yellow("★") + " yes" + (favorite.syncState == .synced ? "" : " (\(favorite.syncState.rawValue))"))
            } else {
                lines = field("Favorite", "no")
            }
            guard let feedback = detail.feedback else { return lines + field("Feedback", "none") }
            let rating = { (label: String, value: Int?) in "\(label) " + (value.map { "\($0)/5" } ?? "not rated") }
            return lines + field("Feedback", [rating("overall", feedback.overall), rating("content", feedback.content),
                                              rating("presentation", feedback.presentation)].joined(separator: ", ")
                                     + (feedback.syncState == .synced ? "" : " (\(feedback.syncState.rawValue))"))
        }

        /// The video and the transcript in a line each, and the files downloaded.
        func recordings(downloads: [DownloadRecord]) -> [String] {
            field("Video", SessionCommand.videoSummary(detail)) + field("Transcript", SessionCommand.transcriptSummary(detail))
                + (downloads.isEmpty ? [] : field("Downloaded", downloads.map(SessionCommand.downloadSummary).joined(separator: "; ")))
        }

        /// The description, then an article's text.
        func text() -> [String] {
            [detail.description, detail.articleBody ?? ""].filter { !$0.isEmpty }.flatMap { [""] + wrap($0, indent: "  ") }
        }

        /// The stream, the files, the slides and the subtitles, each on a line of its own.
        func videoLinks() -> [String] {
            guard let media = detail.media else { return [] }
            let named = [("Stream", media.hls), ("HD", media.downloadHD), ("SD", media.downloadSD), ("Apple TV", media.tvOSHLS),
                         ("Slides", media.slides), ("Subtitles", media.subtitles)].compactMap { name, url in url.map { (name, clean($0)) } }
                + media.otherLinks.map { ($0.kind, clean($0.url)) }
            return section("Video", named.flatMap { address($0, $1) })
        }

        /// The video's chapters: the time each starts, and its title.
        func chapters() -> [String] {
            section("Chapters", table((detail.media?.chapters ?? []).map { [BrowseSupport.timestamp($0.start), clean($0.title)] }))
        }

        /// The code snippets: their titles, and the code itself when `shown`, else how to see it.
        func code(shown: Bool) -> [String] {
            var lines: [String] = []
            for (index, snippet) in detail.codeSnippets.enumerated() {
                var heading = "\(index + 1). " + clean(snippet.title.isEmpty ? "Snippet" : snippet.title)
                let details = [snippet.language.map(clean), snippet.startTime.map(BrowseSupport.timestamp)].compactMap { $0 }
                if !details.isEmpty { heading += style.dim(" (" + details.joined(separator: ", ") + ")") }
                lines.append("  " + heading)
                if shown {
                    // Code keeps its lines and indentation: never wrapped.
                    lines += snippet.code.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { $0.isEmpty ? "" : "      " + $0 }
                    lines.append("")
                }
            }
            if !lines.isEmpty, !shown {
                lines.append(style.dim("  wwdc session \(detail.sessionID) --code shows them; wwdc code \(detail.sessionID) N prints one."))
            }
            return section("Code", lines)
        }

        /// The live stream's address and whether it is on the air at `now`.
        func liveStream(now: Double) -> [String] {
            guard let live = detail.liveStream, let url = live.iosURL ?? live.tvosURL else { return [] }
            let status: [String]
            if detail.isLive(at: now) {
                status = field("Status", "on the air")
            } else if let ended = live.actualEndDate?.secondsSince1970, ended <= now {
                let end = zone.localTime(ended, recordedOffset: detail.utcOffset)
                status = field("Ended", end.date.longText + ", " + end.clockText)
            } else if let start = detail.startTime ?? detail.eventStart, start > now {
                status = field("Status", "not on the air yet")
            } else {
                status = field("Status", "not on the air")
            }
            return section("Live stream", address("Stream", clean(url)) + status)
        }

        /// Related sessions: their ids (numbers in the current event) and titles.
        func related(currentEvent: String?) -> [String] {
            let rows = detail.related.map { related -> [String] in
                var shown = related.sessionID
                if let current = currentEvent, shown.hasPrefix(current + "-") { shown = String(shown.dropFirst(current.count + 1)) }
                return [clean(shown), related.title.map(clean) ?? "(not in the schedule)"]
            }
            return section("Related sessions", table(rows))
        }

        /// Resources: each title and type, its address under it.
        func resources() -> [String] {
            section("Resources", detail.resources.flatMap { resource in
                wrap(clean(resource.title) + (resource.type.map { " (\(clean($0)))" } ?? ""), indent: "  ")
                    + (resource.url.flatMap { $0.isEmpty ? nil : ["    " + style.dim(links.link(clean($0)))] } ?? [])
            })
        }

        /// The session's page on the web.
        func web() -> [String] {
            detail.webPermalink.map { [""] + address("Web", clean($0)) } ?? []
        }

        // MARK: Layout

        /// A section: a blank line and its bold title before `lines`; nothing when there are none.
        func section(_ title: String, _ lines: [String]) -> [String] {
            lines.isEmpty ? [] : ["", style.bold(title)] + lines
        }

        /// Rows of a time or number and a title, indented, laid out as the listings lay out theirs.
        func table(_ rows: [[String]]) -> [String] {
            guard !rows.isEmpty else { return [] }
            let layout = TableLayout(columns: [.init(alignRight: true), .init(minimum: 10, flexible: true)])
            return layout.render(rows, headings: [:], indent: "  ", width: width, heading: { $0 }) { $1 }
                .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }

        /// Lines of `text` cut to the terminal (after `indent`); whole in a pipe.
        func wrap(_ text: String, indent: String) -> [String] {
            let lines = width.map { text.wrapped(width: max(20, $0 - indent.count)) }
                ?? text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // Blank lines stay empty: no indentation left trailing.
            return lines.map { $0.isEmpty ? "" : indent + $0 }
        }

        /// A value after its dimmed label, its lines wrapped under the value; nothing when it is empty.
        func field(_ name: String, _ value: String) -> [String] {
            guard !value.isEmpty else { return [] }
            let label = "  " + name.padding(toLength: 11, withPad: " ", startingAt: 0)
            let lines = wrap(value, indent: String(repeating: " ", count: label.count))
            return [style.dim(label) + lines[0].dropFirst(label.count)] + lines.dropFirst()
        }

        /// An address after its label, whole on one line however narrow the terminal (cut, it would
        /// no longer work when copied), a link on a terminal.
        func address(_ name: String, _ url: String) -> [String] {
            guard !url.isEmpty else { return [] }
            return [style.dim("  " + name.padding(toLength: 11, withPad: " ", startingAt: 0)) + links.link(url)]
        }
    }

    /// `HD 1.3 MB, /path/to/file.mp4` or `SD partial 40% (2.0 MB of 5.0 MB) — wwdc download --resume`.
    static func downloadSummary(_ record: DownloadRecord) -> String {
        let row = DownloadsCommand.Row(record)
        let quality = record.item.quality.label
        if row.state == "done" { return "\(quality) \(ByteCount.text(row.bytes)), \(record.item.path)" }
        let percent = row.percent.map { " \($0)%" } ?? ""
        return "\(quality) \(row.state)\(percent) — wwdc download --resume"
    }

    /// `23:41, English — wwdc transcript wwdc2026-101`, or `none`.
    static func transcriptSummary(_ detail: SessionDetail) -> String {
        guard let transcript = detail.transcript else { return "none" }
        let length = BrowseSupport.duration(transcript.duration)
        return [length, BrowseSupport.languageName(transcript.language)].filter { !$0.isEmpty }.joined(separator: ", ")
            + " — wwdc transcript \(detail.sessionID)"
    }

    /// `1:42:50 · HD and SD · stream`, or `none`.
    static func videoSummary(_ detail: SessionDetail) -> String {
        guard let media = detail.media else { return detail.liveStream == nil ? "none" : "live stream only" }
        var parts: [String] = []
        let length = BrowseSupport.duration(media.duration)
        if !length.isEmpty { parts.append(length) }
        let qualities = [media.downloadHD.map { _ in "HD" }, media.downloadSD.map { _ in "SD" }].compactMap { $0 }
        if !qualities.isEmpty { parts.append(qualities.joined(separator: " and ")) }
        if media.hls != nil { parts.append("stream") }
        return parts.isEmpty ? "none" : parts.joined(separator: " · ")
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

        init(_ detail: SessionDetail, zone: TimeZoneChoice, now: Double, downloads: [DownloadRecord] = []) {
            self.downloads = downloads.map { DownloadsCommand.Row($0) }
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
