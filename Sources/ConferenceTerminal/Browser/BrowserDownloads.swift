import ConferenceMedia
import Foundation
import Operations
import PlainText

/// The downloads the browser started that have not ended, with how far each has come (for the
/// Downloads tab and the status line), and the queue they run on: as many at once as `wwdc
/// download` runs, while the browser goes on answering keys.
struct BrowserDownloads {
    /// One file being downloaded, or waiting for its turn.
    struct Running {
        let item: DownloadItem
        let operation: DownloadsOperation
        /// Whether its transfer started (its turn came and its lock is taken).
        var started = false
        var bytes: Int64 = 0
        var total: Int64?
        /// What it waits for meanwhile: another wwdc fetching the file, the next attempt.
        var waiting: String?
    }

    let queue = AdvancedOperationQueue()
    private(set) var running: [Running] = []
    /// The downloads the store remembers, as the tab lists them; a running one shows in its place.
    var stored: [BrowserRow] = []

    init() {
        queue.name = "downloads"
    }

    /// Whether a download of session `id` is running or waiting.
    func isDownloading(_ id: String) -> Bool {
        running.contains { $0.item.sessionID == id }
    }

    /// The operations downloading session `id`.
    func operations(of id: String) -> [DownloadsOperation] {
        running.filter { $0.item.sessionID == id }.map(\.operation)
    }

    /// Starts `operation` on the queue, at most its settings' `jobs` at once.
    mutating func start(_ operation: DownloadsOperation) {
        running += operation.items.map { Running(item: $0, operation: operation) }
        queue.maxConcurrentOperationCount = max(1, operation.settings.jobs)
        queue.addOperation(operation)
    }

    /// Changes what is known of `item`'s download, while it runs.
    mutating func update(_ item: DownloadItem, _ change: (inout Running) -> Void) {
        guard let index = running.firstIndex(where: { $0.item == item }) else { return }
        change(&running[index])
    }

    /// Forgets the files of `operation`, which ended.
    mutating func ended(_ operation: DownloadsOperation) {
        running.removeAll { $0.operation === operation }
    }

    /// The Downloads tab: the running downloads first (quality, title, how far), then those the store
    /// remembers.
    var rows: [BrowserRow] {
        let live = running.map { download in
            BrowserRow(sessionID: download.item.sessionID, cells: [download.item.quality.label, download.item.title, Self.progress(download), ""],
                       title: 1)
        }
        let shown = Set(running.map { $0.item.sessionID + " " + $0.item.quality.label })
        return live + stored.filter { row in row.sessionID.map { !shown.contains($0 + " " + row.cells[0]) } ?? true }
    }

    /// How far a download has come: "33% · 1.0 MB of 3.0 MB", or what it waits for.
    private static func progress(_ download: Running) -> String {
        guard download.started, download.waiting == nil else { return download.waiting ?? "queued" }
        guard let total = download.total, total > 0 else { return ByteCount.text(download.bytes) }
        return "\(percent(download.bytes, of: total))% · \(ByteCount.text(download.bytes)) of \(ByteCount.text(total))"
    }

    /// The share of `bytes` in `total`, below 100 until the file is complete.
    private static func percent(_ bytes: Int64, of total: Int64) -> Int {
        min(99, Int(Double(bytes) * 100 / Double(total)))
    }

    /// The status line's part: "↓ 2 downloading, 45%" (the share of the files whose size is known).
    var status: String? {
        guard !running.isEmpty else { return nil }
        let sized = running.filter { $0.started && ($0.total ?? 0) > 0 }
        let total = sized.reduce(Int64(0)) { $0 + ($1.total ?? 0) }
        let share = total > 0 ? ", \(Self.percent(sized.reduce(Int64(0)) { $0 + $1.bytes }, of: total))%" : ""
        return "↓ \(running.count) downloading" + share
    }

    /// Stops every download, keeping what was fetched (resumable, as `wwdc download` leaves it), and
    /// waits a moment for them to let go of their files.
    func stop() {
        queue.cancelAllOperations()
        _ = queue.waitUntilAllOperationsAreFinished(timeout: 5)
    }
}
