import CommandLineKit
import ConferenceBackend
import ConferenceData
import ConferenceMedia
import ConferenceModel
import ConferenceTerminal
import Foundation
import Operations
import PlainText

/// `wwdc photos <id>`: a session's picture or a news item's photos, fetched into the picture
/// cache, their paths printed and, on a terminal that can, the pictures drawn.
enum PhotosCommand {
    static let size = Option.integer("size", value: "pixels",
                                     help: "About how wide the pictures should be, in pixels (default 900): the smallest size at least this wide, else the largest. A session's picture comes in the sizes the contents feed lists (imageTypes; 900x506 when it lists none), a news photo 256, 512, 1024 or 2048 wide.",
                                     in: 1...10_000)
    static let dir = Option.text("dir", value: "path", help: "Also copy the pictures into this folder, named after the session or the news item and photo.")
    static let json = SharedOptions.json.help("Print the pictures as JSON (field names under JSON OUTPUT in 'man wwdc'); nothing is drawn.")

    static let id = Argument.text("id", help: "A session (wwdc2017-102, 102 in the current event, a developer.apple.com link) or a news item's id.",
                                  completion: .sessionIDs)

    static let spec = CommandSpec(
        path: "photos",
        abstract: "Fetch and show a session's picture or a news item's photos.",
        discussion: """
        Pictures are kept in $XDG_CACHE_HOME/wwdc/images (~/.cache/wwdc/images), at most \
        WWDC_IMAGE_CACHE_MB megabytes (100), the ones used longest ago removed first; a picture \
        already there is asked for again with its ETag and date, so an unchanged one costs no \
        download. Each path is printed on its own line. On a terminal (the config key images: auto), \
        each picture is drawn above its path: with kitty's graphics protocol or iTerm2's inline \
        images when the environment says the terminal has them (TERM, TERM_PROGRAM, KITTY_WINDOW_ID) \
        or the terminal answers kitty's graphics query with OK, else with chafa when it is \
        installed, else the path is a link. A picture that cannot be fetched (a \
        404, an address refused) is reported and the others still come; the exit status is 1 only \
        when none could be had.
        """,
        options: [size, dir, json, SharedOptions.db, SharedOptions.trace],
        arguments: [id],
        examples: [
            ("wwdc photos 102", "Session 102's picture: drawn on a terminal, its path printed."),
            ("wwdc photos 047E4F0B-2B8C-499A-BB23-F2CFDB3EB730 --size 2048", "A news gallery's photos, the largest size."),
            ("wwdc photos 102 --dir ~/Pictures/WWDC", "Also copied into a folder."),
            ("wwdc photos 102 --json | jq -r '.[].path'", "The paths, for another program."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let name = arguments[id]
        let width = arguments[size] ?? PictureAddress.defaultWidth
        let images = try context.setting(Configuration.images)
        let cache = try Configuration.imageCache(context.environment)
        let timeout = try Configuration.requestTimeout(context.environment)
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let (pictures, refused, elsewhere) = try store.pictures(of: name, width: width)
        if let picture = pictures.first { BrowseSupport.say(elsewhere, id: picture.id, context) }
        for problem in refused { context.message("Skipped: " + ErrorWording.commandLine.message(problem)) }
        guard !pictures.isEmpty else {
            throw RuntimeError("no picture of \(BrowseSupport.cell(name)) can be fetched", hint: "Check the id with 'wwdc news' or 'wwdc session'.")
        }
        try DownloadsOperation.requireTransfer()
        let fetch = FetchPicturesOperation(pictures: pictures, cache: cache, timeout: timeout)
        let errors = OperationRunner(arguments, context: context).run(fetch)
        if fetch.isCancelled || errors.contains(where: { $0 is Interrupted }) { return .interrupted }

        var shown: [FetchedPicture] = []
        for (picture, outcome) in fetch.results {
            switch outcome {
            case .fetched(let entry), .unchanged(let entry):
                var path = entry.path
                if let folder = arguments[dir] {
                    do {
                        path = try PictureExport.copy(entry, of: picture, into: folder)
                    } catch {
                        context.message("Error: " + ErrorWording.commandLine.message(error))
                        continue
                    }
                }
                shown.append(FetchedPicture(picture: picture, entry: entry, path: path))
            case .failed(let error):
                // A transfer's error starts with the picture's id already.
                let message = ErrorWording.commandLine.message(error)
                context.message("Could not fetch " + (error is BackendError ? message : BrowseSupport.cell(picture.id) + ": " + message))
            case .cancelled:
                return .interrupted
            }
        }

        if arguments[json] {
            context.output(try JSONOutput.encode(FetchedPicture.document.json(shown, .commandLine())) + "\n")
        } else {
            let draws = images == .always || (images == .auto && context.stdoutIsTerminal)
            let display: PictureDisplay?
            do {
                display = draws ? try PictureDisplay(environment: context.environment, columns: min(context.outputWidth ?? 80, 80),
                                                     asking: context.stdoutIsTerminal && !shown.isEmpty ? context.terminal : nil) : nil
            } catch {
                return .interrupted
            }
            for item in shown {
                if let drawing = display?.drawing(of: item.path, file: item.entry.file) { context.output(drawing) }
                context.output((context.stdoutIsTerminal ? PictureDisplay.fileLink(item.path, links: context.outputLinks) : item.path) + "\n")
            }
        }
        guard !shown.isEmpty else {
            context.message(pictures.count == 1 ? "Error: the picture of \(BrowseSupport.cell(name)) could not be fetched."
                            : "Error: none of the \(pictures.count) pictures of \(BrowseSupport.cell(name)) could be fetched.")
            return .failure
        }
        return .success
    }
}
