import CommandLineKit
import ConferenceData
import ConferenceMedia
import Foundation
import PlainText
import TerminalUI

/// `wwdc downloads [remove]`: what has been downloaded, what is partial and what failed.
enum DownloadsCommand {
    static let json = SharedOptions.json.help("Print JSON: [{id, quality, title, state, bytes, totalBytes, percent, path, error}].")

    static let spec = CommandSpec(
        path: "downloads",
        abstract: "List downloaded videos, partial and failed downloads.",
        discussion: """
        Each download with its state (done; partial, with how much is on disk; failed, with the reason; \
        downloading, while another wwdc fetches it; done, subtitles pending, when its subtitles are \
        still to be written), its size and its file. 'wwdc download --resume' goes on with every one \
        that did not finish.
        """,
        options: [json, SharedOptions.noPager, SharedOptions.db],
        examples: [("wwdc downloads", ""), ("wwdc downloads --json | jq -r '.[] | select(.state == \"done\") | .path'", "The files ready to watch.")],
        subcommands: [remove])

    static let remove = CommandSpec(
        path: "downloads remove",
        abstract: "Delete downloaded videos (and partial files) and forget them.",
        options: [DownloadCommand.quality.help("Only this file: hd or sd (default: both)."), SharedOptions.db],
        arguments: [SharedArguments.sessions.help("Session ids, numbers or links.")],
        examples: [("wwdc downloads remove 101", "Delete session 101's downloaded videos.")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let lockFolder = try DownloadFolder.lockFolder(Configuration.folders(context.environment))
        let records = try store.read { try $0.downloadRecords() }.map { record in
            var record = record
            record.isBeingFetched = DownloadLock.isHeld(for: record.item, lockFolder: lockFolder)
            return record
        }
        return try Listing.print(records, json: arguments[json], context: context, paging: Paging.isWanted(arguments),
                                 row: { DownloadRecord.document.json($0, .commandLine()) },
                                 empty: { ["No downloads yet. Download a video with 'wwdc download <session>'."] }) { records in
            render(records, width: context.outputWidth, style: context.outputStyle, home: context.environment["HOME"])
        }
    }

    static func runRemove(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let store = try context.openExistingStore(explicitPath: arguments[SharedOptions.db])
        let qualities = arguments[DownloadCommand.quality].isEmpty ? MediaQuality.allCases : arguments[DownloadCommand.quality]
        let ids = try store.read { db in try arguments[SharedArguments.sessions].map { try BrowseSupport.session($0, in: db, context) } }
        let removals = try ids.flatMap { id in
            let found = try Self.removals(of: id, qualities: qualities, store: store, context)
            if found.isEmpty { throw RuntimeError("\(id) has no download", hint: "'wwdc downloads' lists them.") }
            return found
        }
        let runner = OperationRunner(arguments, context: context)
        for removal in removals {
            if let error = runner.run(removal).first {
                if case .busy = error as? DownloadError {
                    throw RuntimeError("\(removal.item.label) is being downloaded by another wwdc", hint: "Wait for it to finish, or stop it first.")
                }
                throw error
            }
            context.message("Removed \(removal.item.label) (\(removal.item.path)).")
        }
        return .success
    }

    /// The operations that delete the downloads of session `id` in `qualities` (their files) and
    /// forget them, each under its file's lock: a download running elsewhere keeps its file, and
    /// none starts mid-way. None when it has no download.
    static func removals(of id: String, qualities: [MediaQuality], store: ConferenceStore,
                         _ context: CommandContext) throws -> [RemoveDownloadOperation] {
        let records = try store.read { try $0.downloadRecords(sessionID: id) }.filter { qualities.contains($0.item.quality) }
        guard !records.isEmpty else { return [] }
        let lockFolder = try DownloadFolder.lockFolder(Configuration.folders(context.environment))
        try FileManager.default.createDirectory(atPath: lockFolder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return records.map { RemoveDownloadOperation(item: $0.item, store: store, lockFolder: lockFolder) }
    }

    /// Id and quality, state (with %), size, title and file (or, failed, why), one download a line:
    /// aligned in columns on a terminal (`width`), as `favorite list` is; separated by tabs in a pipe,
    /// whole, for `cut -f`.
    static func render(_ records: [DownloadRecord], width: Int?, style: Style, home: String? = nil) -> String {
        let cells = records.map { record in
            let bytes = record.bytesOnDisk, shownState = record.shownState
            let size = record.totalBytes.map { shownState == "done" ? ByteCount.text($0) : "\(ByteCount.text(bytes)) of \(ByteCount.text($0))" }
                ?? ByteCount.text(bytes)
            var state = shownState
            if let percent = record.percent(bytes), shownState != "done" { state += " \(percent)%" }
            // A complete video whose subtitles a resume has still to write.
            if shownState == "done", record.pendingSubtitles != nil { state += ", subtitles pending" }
            return (label: record.item.label, state: state, size: size, title: record.item.title, path: record.item.path,
                    error: record.state == .failed ? record.reason : nil)
        }
        guard let width else {
            return cells.map { cell in
                "\(cell.label)\t\(cell.state)\t\(cell.size)\t\(cell.title)\t\(cell.path)" + (cell.error.map { "\t" + $0 } ?? "") + "\n"
            }.joined()
        }
        // On a terminal the file is shown from the home folder (~/...), and a failure's reason in its place.
        let shown: (String) -> String = { path in
            guard let home, !home.isEmpty, path.hasPrefix(home + "/") else { return path }
            return "~" + path.dropFirst(home.count)
        }
        // The file and the size matter more than the title the id already names: the title claims
        // 20 columns of their room; narrower, the file goes first, then the size.
        let layout = TableLayout(columns: [.init(), .init(), .init(minimum: 6, dropOrder: 1), .init(flexible: true, claim: 20),
                                           .init(minimum: 16, dropOrder: 2)])
        let table = cells.map { [$0.label, $0.state, $0.size, $0.title, $0.error ?? shown($0.path)] }
        return layout.render(table, headings: [:], indent: "", width: width, heading: { $0 }) { column, text in
            column == 1 && text.hasPrefix("failed") ? style.red(text) : text
        }
    }
}
