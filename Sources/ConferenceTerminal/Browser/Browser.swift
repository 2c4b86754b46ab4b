import ConferenceData
import ConferenceModel
import Foundation
import Operations
import PlainText
import TerminalUI

/// The WWDC app on a full terminal: tabs (Explore, Schedule, Videos, Search, Downloads), a list
/// beside the selected session's page (one at a time on a narrow terminal), narrowing as you
/// type, searching as you type, and what changes in the store shown as it changes.
///
/// A ``FullScreenApp``: its keys are answered and its frames drawn on the terminal owner's queue,
/// which does nothing else; reading a page, a search and a refresh after a change are
/// operations on the browser's queue whose results come back with `session.post`, a newer key
/// cancelling the work an older one started.
public final class Browser: FullScreenApp {
    enum Focus {
        case list, page, searchField
    }

    let settings: BrowserSettings
    let actions: BrowserActions
    /// The store the lists and pages are read from; searches have one of their own, so that a long
    /// search never holds up a page.
    let store: ConferenceStore
    let searchStore: ConferenceStore
    let queue = AdvancedOperationQueue()
    /// The queue the browser's work runs on (reads, searches, what its keys do), for observers.
    public var operationQueue: AdvancedOperationQueue { queue }
    var session: FullScreenSession<Browser>?
    var watcher: BrowserChangeWatcher?

    var event: EventSummary?
    /// The current event when it has no sessions yet, and ``event`` stands in for it.
    var emptyCurrent: EventSummary?
    var tab: BrowserTab
    var lists: [BrowserTab: BrowserList]
    var focus = Focus.list
    /// One pane at a time: whether the page is the pane shown.
    var pageOpen = false
    var page: BrowserPage?
    var pageLoad: AdvancedOperation?
    /// The pages Backspace goes back to, as a browser's history.
    var history: [String] = []
    /// Each tab's narrowing field, while narrowing.
    var narrowings: [BrowserTab: TextArea] = [:]
    /// Whether keys type into the narrowing field (from `/` until Enter opens a page or the list
    /// is left); the narrowing stays after, until Esc.
    var typingNarrowing = false
    var fieldScroll = 0
    var searchField = TextArea(multiline: false, maximumLength: 200)
    var search: AdvancedOperation?
    var searching = false
    var showsKeys = false
    /// The first key the keys overlay shows, when they do not all fit.
    var keysOffset = 0
    var message = ""
    /// Whether the list and the page were last drawn side by side.
    var sideBySide = false
    /// Where things were last drawn, for clicks.
    var tabRect = Rect(x: 0, y: 0, width: 0, height: 0)
    var listRect = Rect(x: 0, y: 0, width: 0, height: 0)
    var reloading: AdvancedOperation?
    /// The questions asked over the browser (a login, an alert, a form), the first on the screen.
    var questions: [any BrowserQuestion] = []
    /// The Videos tab's filters, and what they choose from.
    var videoFilter = BrowserFilter()
    var filterChoices = BrowserFilter.Choices()
    /// The startup sync's step while it runs.
    var syncStatus: String?
    /// How many new things the last sync found (counted on the Explore tab).
    var newCount = 0
    var downloads = BrowserDownloads()
    public internal(set) var exit = BrowserExit.quit

    /// Opens the stores and reads what the lists show: an unknown event or an empty store fails
    /// here, before anything is drawn.
    public init(settings: BrowserSettings, actions: BrowserActions) throws {
        self.settings = settings
        self.actions = actions
        // A store still empty is shown while the startup sync fills it.
        let syncs = actions.startupSync != nil
        store = try ConferenceStore.openForBrowsing(path: settings.storePath, allowingEmpty: syncs)
        searchStore = try ConferenceStore.openForBrowsing(path: settings.storePath, allowingEmpty: syncs)
        // The tab opened on first, for the first frame; the others are read once it is drawn.
        let content = try BrowserContent.read(store, eventText: settings.event, zone: settings.zone,
                                              now: settings.now().timeIntervalSince1970, tabs: [settings.tab])
        event = content.event
        emptyCurrent = content.emptyCurrent
        filterChoices = content.choices
        tab = settings.tab
        lists = [
            .explore: BrowserList(rows: content.explore, layout: BrowserContent.exploreLayout, title: 1),
            .schedule: BrowserList(rows: content.schedule, layout: BrowserContent.scheduleLayout, title: 2),
            .videos: BrowserList(rows: content.videos, layout: BrowserContent.videosLayout, title: 1),
            .search: BrowserList(rows: [], layout: BrowserContent.searchLayout, title: 2),
            .downloads: BrowserList(rows: content.downloads, layout: BrowserContent.downloadsLayout, title: 1),
        ]
        downloads.stored = content.downloads
        if tab == .search { focus = .searchField }
    }

    /// Runs the browser on the terminal until `q` or Ctrl-C; the terminal as it was after.
    public func run(owner: TerminalOwner) throws -> BrowserExit {
        let session = FullScreenSession<Browser>(owner: owner)
        self.session = session
        let watched = try ConferenceStore.openForBrowsing(path: settings.storePath, allowingEmpty: true)
        watcher = BrowserChangeWatcher(store: watched) { [weak session] in
            session?.post { app in app.reload() }
        }
        defer {
            watcher?.stop()
            queue.cancelAllOperations()
            dismissQuestions()
            downloads.stop()
        }
        try session.run(self)
        return exit
    }

    var list: BrowserList {
        get { lists[tab]! }
        set { lists[tab] = newValue }
    }

    var now: Double { settings.now().timeIntervalSince1970 }

    // MARK: Background work

    /// Shows `id`'s page, read off the drawing queue (the read of the page shown before cancelled).
    func showPage(_ id: String) {
        guard page?.sessionID != id else { return }
        page = BrowserPage(sessionID: id)
        loadPage()
    }

    /// Reads the page shown again (after a change to the store).
    func loadPage() {
        guard let id = page?.sessionID, let session else { return }
        pageLoad?.cancel()
        let store = store
        let read = BrowserRead(name: "page \(id)", read: { try BrowserPage.Content.read(store, sessionID: id) }) { result in
            session.post { app in app.pageRead(id, result) }
        }
        pageLoad = read
        queue.addOperation(read)
    }

    private func pageRead(_ id: String, _ result: Result<BrowserPage.Content?, any Error>) {
        guard page?.sessionID == id else { return }
        switch result {
        case .success(let content?): page?.show(content)
        case .success(nil): message = "\(id) is no longer in the store"
        case .failure(let error): message = ErrorText.message(error)
        }
    }

    /// Reads every list again after the store changed elsewhere, and the page shown: each list
    /// keeps its selection, its scroll and its narrowing.
    func reload() {
        guard let session else { return }
        reloading?.cancel()
        let (store, settings, now, filter) = (store, settings, now, videoFilter)
        let read = BrowserRead(name: "refresh", read: {
            try BrowserContent.read(store, eventText: settings.event, zone: settings.zone, now: now, filter: filter)
        }) { result in
            session.post { app in app.reloaded(result) }
        }
        reloading = read
        queue.addOperation(read)
        loadPage()
        if !searchField.isEmpty { searchChanged() }
    }

    private func reloaded(_ result: Result<BrowserContent, any Error>) {
        guard case .success(let content) = result else { return }
        event = content.event
        emptyCurrent = content.emptyCurrent
        if content.tabs.contains(.videos) { filterChoices = content.choices }
        if content.tabs.contains(.explore) { lists[.explore]?.replace(content.explore) }
        if content.tabs.contains(.schedule) { lists[.schedule]?.replace(content.schedule) }
        if content.tabs.contains(.videos) { lists[.videos]?.replace(content.videos) }
        if content.tabs.contains(.downloads) { showDownloads(stored: content.downloads) }
        followSelection()
    }

    /// Searches for what the field holds, as `search` ranks it, the last word a prefix while it is
    /// being typed; the search under way for what it held before is cancelled.
    func searchChanged() {
        search?.cancel()
        guard let session else { return }
        let text = searchField.text
        guard let query = SearchQuery(Self.asTyped(text)) else {
            searching = false
            lists[.search]?.replace([])
            return
        }
        guard query.isWithinBounds else {
            message = "That asks for more than a search looks for: fewer words."
            return
        }
        searching = true
        let store = searchStore
        let read = BrowserRead(name: "search \(text)", read: { try Self.searchRows(query, in: store) }) { result in
            session.post { app in app.found(text, result) }
        }
        search = read
        queue.addOperation(read)
    }

    /// The text searched for: the last word, still being typed, as a prefix (from two letters).
    static func asTyped(_ text: String) -> String {
        guard let last = text.split(separator: " ").last, text.last != " ", !text.contains(where: SearchQuery.isQuote),
              !last.hasSuffix("*"), last.count >= 2 else { return text }
        return text + "*"
    }

    private func found(_ text: String, _ result: Result<[BrowserRow], any Error>) {
        guard text == searchField.text else { return }
        searching = false
        switch result {
        case .success(let rows): lists[.search]?.replace(rows)
        case .failure(let error): message = ErrorText.message(error)
        }
        followSelection()
    }

    /// The hits of `query`, best first, as rows: kind, number, title (and the moment), what matched, marks.
    static func searchRows(_ query: SearchQuery, in store: ConferenceStore) throws -> [BrowserRow] {
        try store.read { db in
            let results = try db.searchEverywhere(SearchRequest(query: query, limit: 200))
            let marks = try db.watchMarks(sessionIDs: results.filter { $0.source != .news }.map(\.id))
            let current = try SessionResolver.currentEvent(in: db)
            return results.map { result in
                let isSession = result.source != .news
                var number = isSession ? result.id : ""
                if let current, number.hasPrefix(current + "-") { number = String(number.dropFirst(current.count + 1)) }
                var title = result.title
                if let at = result.at { title += ", at " + VideoTime.text(at) }
                if result.source == .code { title += " — " + (result.snippetTitle ?? "snippet \(result.snippetNumber ?? 1)") }
                return BrowserRow(sessionID: isSession ? result.id : nil,
                                  cells: [result.kind, number, title, result.snippet,
                                          BrowserRow.marks(favorite: false, watch: isSession ? marks[result.id] : nil, downloaded: false)],
                                  title: 2, at: result.at, snippet: result.source == .code ? result.snippetNumber ?? 1 : nil)
            }
        }
    }
}
