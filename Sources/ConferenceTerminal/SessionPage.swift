import ConferenceData
import ConferenceModel
import ConferenceSync
import Foundation
import PlainText
import TerminalUI

/// One session's page on a terminal, a section at a time: the title and heading, the facts, yours
/// (favorite, feedback, progress, note, bookmarks), the text, then a section for each of the
/// video's links, chapters, code, the live stream, related sessions, resources and the web page
/// that the session has. The commands it points to are the program's (``Commands``).
public struct SessionPage {
    /// The program's commands the page names, as the person would type them.
    public struct Commands: Sendable {
        /// Plays the session from where the person stopped (`progress`).
        public var resume: String
        /// Prints the transcript.
        public var transcript: String
        /// How to see the code snippets when they are not shown.
        public var code: String

        public init(resume: String, transcript: String, code: String) {
            self.resume = resume
            self.transcript = transcript
            self.code = code
        }
    }

    let detail: SessionDetail
    let zone: TimeZoneChoice
    /// The terminal's width; nil in a pipe, where nothing is cut.
    let width: Int?
    let style: Style
    let links: Hyperlinks
    let commands: Commands
    /// Where the favorite and the feedback stand, in the program's words ("here only", "in the sync
    /// folder"); nil: their sync state with the account service, when not synced.
    public var standing: (favorite: String?, feedback: String?) = (nil, nil)
    private let clean: (String?) -> String = { $0 ?? "" }

    public init(detail: SessionDetail, zone: TimeZoneChoice, width: Int?, style: Style, links: Hyperlinks = .plain, commands: Commands) {
        self.detail = detail
        self.zone = zone
        self.width = width
        self.style = style
        self.links = links
        self.commands = commands
    }

    /// The whole page; `downloaded` is the line of the files downloaded (empty: none).
    public func render(currentEvent: String?, now: Double, showsCode: Bool = false, personal: PersonalRecord? = nil,
                       downloaded: String = "") -> String {
        let sections = [heading(), schedule(), facts(), yours(), progress(personal?.progress),
                        recordings(downloaded: downloaded), note(personal?.note), bookmarks(personal?.bookmarks ?? []),
                        text(), videoLinks(), chapters(), code(shown: showsCode), liveStream(now: now),
                        related(currentEvent: currentEvent), resources(), web()]
        return sections.joined().joined(separator: "\n") + "\n"
    }

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
            lines = field("Favorite", style.yellow("★") + " yes" + suffix(standing.favorite, favorite.syncState))
        } else {
            lines = field("Favorite", "no")
        }
        guard let feedback = detail.feedback else { return lines + field("Feedback", "none") }
        let rating = { (label: String, value: Int?) in "\(label) " + (value.map { "\($0)/5" } ?? "not rated") }
        return lines + field("Feedback", [rating("overall", feedback.overall), rating("content", feedback.content),
                                          rating("presentation", feedback.presentation)].joined(separator: ", ")
                                 + suffix(standing.feedback, feedback.syncState))
    }

    /// " (in the sync folder)": where an item stands, or its state with the service when not synced.
    private func suffix(_ standing: String?, _ syncState: SyncState) -> String {
        if let standing { return " (" + standing + ")" }
        return syncState == .synced ? "" : " (\(syncState.rawValue))"
    }

    /// How far you watched, and the command that resumes.
    func progress(_ progress: WatchProgress?) -> [String] {
        guard let progress else { return [] }
        if progress.watched { return field("Watched", style.green("✓") + " yes") }
        let position = progress.position.map(VideoTime.text) ?? "position unknown"
        let share = progress.progress.map { "\(Int(($0 * 100).rounded(.down)))%, " } ?? ""
        let of = progress.duration.map { " of " + VideoTime.duration($0) } ?? ""
        return field("Watched", share + position + of + " — " + commands.resume)
    }

    /// Your note on the session.
    func note(_ note: SessionNote?) -> [String] {
        guard let note else { return [] }
        return section("Your note", wrap(note.text, indent: "  "))
    }

    /// Your bookmarks: number, time, note.
    func bookmarks(_ bookmarks: [BookmarkItem]) -> [String] {
        section("Bookmarks", table(bookmarks.map { ["\($0.number).", VideoTime.text($0.time), $0.note] }, titles: 1))
    }

    /// The video and the transcript in a line each, and the files downloaded.
    func recordings(downloaded: String) -> [String] {
        field("Video", videoSummary()) + field("Transcript", transcriptSummary())
            + field("Subtitles", detail.subtitleLanguages.map { FeedLanguage.name($0.code) }.joined(separator: ", "))
            + field("Downloaded", downloaded)
    }

    /// `1:42:50 · HD and SD · stream`, or `none`.
    func videoSummary() -> String {
        guard let media = detail.media else { return detail.liveStream == nil ? "none" : "live stream only" }
        var parts: [String] = []
        let length = VideoTime.duration(media.duration)
        if !length.isEmpty { parts.append(length) }
        let qualities = [media.downloadHD.map { _ in "HD" }, media.downloadSD.map { _ in "SD" }].compactMap { $0 }
        if !qualities.isEmpty { parts.append(qualities.joined(separator: " and ")) }
        if media.hls != nil { parts.append("stream") }
        return parts.isEmpty ? "none" : parts.joined(separator: " · ")
    }

    /// `23:41, English — ` and the command that prints it, or `none`.
    func transcriptSummary() -> String {
        guard let transcript = detail.transcript else { return "none" }
        let length = VideoTime.duration(transcript.duration)
        return [length, FeedLanguage.name(transcript.language)].filter { !$0.isEmpty }.joined(separator: ", ") + " — " + commands.transcript
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
        section("Chapters", table((detail.media?.chapters ?? []).map { [VideoTime.text($0.start), clean($0.title)] }))
    }

    /// The code snippets: their titles, and the code itself when `shown`, else how to see it.
    func code(shown: Bool) -> [String] {
        var lines: [String] = []
        for (index, snippet) in detail.codeSnippets.enumerated() {
            var heading = "\(index + 1). " + clean(snippet.title.isEmpty ? "Snippet" : snippet.title)
            let details = [snippet.language.map(clean), snippet.startTime.map(VideoTime.text)].compactMap { $0 }
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
            lines.append(style.dim("  " + commands.code))
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

    /// Rows of a time or number and a title (after `titles` more such cells), indented, laid out
    /// as the listings lay out theirs.
    func table(_ rows: [[String]], titles: Int = 0) -> [String] {
        guard !rows.isEmpty else { return [] }
        let layout = TableLayout(columns: Array(repeating: .init(alignRight: true), count: titles + 1) + [.init(flexible: true)])
        return layout.render(rows, headings: [:], indent: "  ", width: width, heading: { $0 }) { $1 }
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Lines of `text` cut to the terminal (after `indent`, blanks), never inside a command the
    /// page names: one wider than what the indent leaves is indented less, to stay on the terminal;
    /// whole in a pipe.
    func wrap(_ text: String, indent: String) -> [String] {
        guard let width else {
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indent + $0 }
        }
        let lines = text.wrapped(width: max(20, width - indent.count), keepingWhole: [commands.resume, commands.transcript])
        // Blank lines stay empty: no indentation left trailing.
        return lines.map { line in
            line.isEmpty ? "" : String(repeating: " ", count: max(0, min(indent.count, width - line.displayWidth))) + line
        }
    }

    /// A value after its dimmed label, its lines wrapped under the value; nothing when it is empty.
    func field(_ name: String, _ value: String) -> [String] {
        guard !value.isEmpty else { return [] }
        let label = "  " + name.padding(toLength: 11, withPad: " ", startingAt: 0)
        let lines = wrap(value, indent: String(repeating: " ", count: label.count))
        guard lines[0].hasPrefix(String(repeating: " ", count: label.count)) else { return [style.dim(label)] + lines }
        return [style.dim(label) + lines[0].dropFirst(label.count)] + lines.dropFirst()
    }

    /// An address after its label, whole on one line however narrow the terminal (cut, it would
    /// no longer work when copied), a link on a terminal.
    func address(_ name: String, _ url: String) -> [String] {
        guard !url.isEmpty else { return [] }
        return [style.dim("  " + name.padding(toLength: 11, withPad: " ", startingAt: 0)) + links.link(url)]
    }
}
