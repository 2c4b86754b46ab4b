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
            let shown = SessionDetail.Shown(detail, personal: personal, downloads: downloads)
            context.output(try JSONOutput.encode(SessionDetail.shownDocument.json(shown, .commandLine(zone: zone, now: context.now.timeIntervalSince1970)))
                           + "\n")
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
        let bytes = record.bytesOnDisk, state = record.shownState
        let quality = record.item.quality.label
        if state == "done" { return "\(quality) \(ByteCount.text(bytes)), \(record.item.path)" }
        let percent = record.percent(bytes).map { " \($0)%" } ?? ""
        return "\(quality) \(state)\(percent) — wwdc download --resume"
    }
}
