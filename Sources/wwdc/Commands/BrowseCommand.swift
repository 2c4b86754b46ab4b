import CommandLineKit
import ConferenceData
import ConferenceMedia
import ConferenceModel
import ConferenceSync
import ConferenceTerminal
import Foundation
import Operations
import PersonalSync

/// `wwdc browse` (and `wwdc` alone on a terminal): the full-screen browser over the store.
enum BrowseCommand {
    static let tab = Option.text("tab", value: "name", help: "The tab to open on: \(BrowserTab.names.joined(separator: ", ")) (default: explore).",
                                 choices: BrowserTab.names)

    static let spec = CommandSpec(
        path: "browse",
        abstract: "Browse the store full screen: tabs, a list beside the session's page, narrowing and search as you type.",
        discussion: """
        'wwdc' alone opens it too, on a terminal. It shows the store at once and syncs it in the \
        background as it opens (the setting browse-sync: auto, when the last sync is older than the \
        source asks; always; never). Tabs: Explore, Schedule, Videos, Search and Downloads \
        (1–5, Tab and Shift-Tab). Enter opens the selected session's page (beside the list from 100 \
        columns, in its place below), Esc goes back; on a page, [ and ] choose a related session, \
        Enter opens it and Backspace returns. / narrows the list as you type (every word starts a word \
        of the title), s searches everything with the ranking of 'wwdc search', F filters the videos \
        (event, topic, platform, track, type, favorites, watched, downloaded, bookmarks). On the selected \
        session, f makes it a favorite or no longer one, w marks it watched or not, b bookmarks a \
        moment, r rates it with the feedback form, p plays it from where you stopped and P from the \
        start, as 'wwdc favorite', 'wwdc watched', 'wwdc bookmark add', 'wwdc feedback' and 'wwdc \
        watch' do (a login, when one is needed, is asked for in a dialog); d downloads its video as \
        'wwdc download' does while you go on browsing (its progress on the Downloads tab and in the \
        status line; q asks first while downloads run, Ctrl-C stops them, resumable), D removes the \
        download as 'wwdc downloads remove' does; n opens your note on it in your editor as 'wwdc \
        note' does; o opens its page on the web in your browser (xdg-open, or open on macOS; https \
        only); y copies its link to the terminal's clipboard. A change made elsewhere (a sync, \
        'wwdc favorite add' in another terminal) shows within a second. ? shows \
        every key, q quits, Ctrl-C from anywhere. Needs a terminal: in a pipe, the other commands \
        print the same.
        """,
        options: [SharedOptions.event, tab, SharedOptions.local, SharedOptions.db, SharedOptions.trace],
        examples: [
            ("wwdc", "Open the browser on the current event."),
            ("wwdc browse --tab videos", "Open it on the Videos tab."),
            ("wwdc browse --event 2025 --tab schedule", "The schedule of 2025."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        guard opens(context) else {
            throw UsageError("'wwdc browse' needs a terminal: standard input and output on one, TERM not dumb", spec: spec,
                             hint: "In a pipe, the same is printed by 'wwdc schedule', 'wwdc videos', 'wwdc search' and 'wwdc session'.")
        }
        let path = try Configuration.storePath(flag: arguments[SharedOptions.db], context.environment)
        let environment = context.environment
        let settings = BrowserSettings(storePath: path, event: arguments[SharedOptions.event],
                                       tab: arguments[tab].flatMap(BrowserTab.init(named:)) ?? .explore,
                                       zone: BrowseSupport.zone(local: arguments[SharedOptions.local]),
                                       now: { CommandContext(environment: environment).now })
        var actions = actions(path: path, context)
        if try startupSyncIsDue(path: path, context) {
            actions.startupSync = { reporter, interaction in
                try SyncCommand.startupOperation(path: path, reporter: reporter, interaction: interaction, context)
            }
        }
        let browser = try Browser(settings: settings, actions: actions)
        let exit = try OperationRunner(arguments, context: context).observing(browser.operationQueue) {
            try browser.run(owner: context.terminal)
        }
        switch exit {
        case .quit: return .success
        case .interrupted: return .interrupted
        }
    }

    /// The browser's keys as the commands do the same: `favorite add`, `watched`, `feedback`,
    /// `bookmark add`, `watch`, `download`, `downloads remove`, `note`; `o`'s opener.
    static func actions(path: String, _ context: CommandContext) -> BrowserActions {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        return BrowserActions(
            favorite: { id, favorite, interaction in
                let store = try ConferenceStore.openExisting(path: path)
                return ChangeFavoritesOperation(sessionIDs: [id], favorite: favorite, store: store, at: context.now,
                                                account: { try AccountAccess.session(store: store, asking: interaction, context: context) },
                                                interaction: interaction, backends: try PersonalDataSupport.backends(context))
            },
            watched: { id, watched in
                ChangePersonalDataOperation(edit: watched ? .markWatched([id]) : .markUnwatched([id]),
                                            store: try ConferenceStore.openExisting(path: path), at: context.now,
                                            backends: try PersonalDataSupport.backends(context))
            },
            rate: { id, interaction in
                let store = try ConferenceStore.openExisting(path: path)
                return try FeedbackCommand.operation(sessionID: id, given: nil, store: store,
                                                     account: try AccountAccess.session(store: store, asking: interaction, context: context),
                                                     interaction: interaction, context)
            },
            bookmark: { id, seconds in
                ChangePersonalDataOperation(edit: .addBookmark(session: id, time: seconds, note: ""),
                                            store: try ConferenceStore.openExisting(path: path), at: context.now,
                                            backends: try PersonalDataSupport.backends(context))
            },
            moment: { Option<Int?>.seconds(in: $0) },
            play: { id, start in
                // The watch command itself, on the terminal: its player, its messages, its progress saved.
                BrowserActions.Program(executable: executable,
                                       arguments: ["wwdc", "watch", id, "--db", path] + watchArguments(start),
                                       environment: context.originalEnvironment)
            },
            download: { id, reporter in
                // `wwdc download <session>`: the HD file, into the download folder, as many at once as the jobs setting says.
                let settings = try DownloadCommand.settings(jobs: context.setting(Configuration.jobs), subtitles: false, context)
                let folder = try DownloadCommand.folder(nil, context)
                let store = try ConferenceStore.openExisting(path: path)
                let item = try store.read { try $0.downloadItem(sessionID: id, quality: .hd, folder: folder) }
                try DownloadsOperation.requireTransfer()
                return DownloadsOperation(items: [item], settings: settings, store: store, reporter: reporter)
            },
            removeDownloads: { id in
                let removals = try DownloadsCommand.removals(of: id, qualities: MediaQuality.allCases,
                                                             store: ConferenceStore.openExisting(path: path), context)
                return removals.isEmpty ? nil : GroupOperation(operations: removals)
            },
            editNote: { id in
                // `wwdc note <session>`: the editor on the note (or on the text kept when it was refused), then the save.
                let store = try ConferenceStore.openExisting(path: path)
                let (text, draft) = try NoteCommand.edited(id, store: store, context) { _ in }
                let edit = PersonalEdit.setNote(session: id, text: text)
                let save = ChangePersonalDataOperation(edit: edit, store: store, at: context.now,
                                                       backends: try PersonalDataSupport.backends(context))
                save.addObserver(BlockObserver(finish: { _, errors in _ = NoteCommand.settle(draft, text: text, errors: errors) }))
                return BrowserActions.NoteEdit(save: save) { errors in
                    guard let error = OperationError.rootCause(in: errors) else {
                        guard let result = save.results.first, let label = save.labels.first else { return "" }
                        return NoteCommand.said(edit, changed: result.changed, label: label)
                    }
                    // Too long: `settle` kept it, and the editor opens on it the next time.
                    guard case PersonalDataError.noteTooLong = error else { return ErrorText.message(error) }
                    return ErrorText.message(error) + ". What you wrote is kept: n opens your editor on it again."
                }
            },
            openWebPage: { address in OpenWebPageOperation(address: address, environment: context.originalEnvironment) })
    }

    /// What `wwdc watch` is told for where to play from.
    static func watchArguments(_ start: BrowserActions.PlayStart) -> [String] {
        switch start {
        case .resume: []
        case .beginning: ["--from-start"]
        case .at(let seconds): ["--at", String(VideoTime.wholeSeconds(seconds))]
        }
    }

    /// Whether the browser syncs as it opens (the `browse-sync` setting); with no store yet and a
    /// sync due, an empty one is made for it to open on.
    static func startupSyncIsDue(path: String, _ context: CommandContext) throws -> Bool {
        let policy = try context.setting(Configuration.browseSync)
        guard policy != .never else { return false }
        let store = FileManager.default.fileExists(atPath: path) ? try ConferenceStore.openForBrowsing(path: path, allowingEmpty: true) : nil
        guard try policy.isDue(store, now: context.now) else { return false }
        if store == nil {
            try StoreLocation.prepareFolder(for: path)
            _ = try ConferenceStore(path: path)
        }
        return true
    }

    /// Whether the browser can open: standard input, output and error on a terminal that is not dumb.
    static func opens(_ context: CommandContext) -> Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 && isatty(STDERR_FILENO) == 1 && context.environment["TERM"] != "dumb"
    }

    /// The words of `wwdc` alone (top-level options, or none) as those of `wwdc browse`, when the
    /// browser can open; nil otherwise (the help is printed then, as ever). `--no-pager` has
    /// nothing to do on a full screen and is dropped.
    static func words(forBare words: [String], program: CommandLineProgram<WWDC.Runner>, _ context: CommandContext) -> [String]? {
        guard program.namesNoCommand(words), opens(context) else { return nil }
        return ["browse"] + words.filter { $0 != "--no-pager" }
    }
}
