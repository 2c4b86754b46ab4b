import ConferenceMedia
import Dispatch
import Operations
import TerminalUI

/// Hears how one of the browser's downloads goes and hands it to the browser on its drawing queue:
/// a start, a wait or a retry at once, the bytes at most ten times a second (a transfer reports
/// every piece it writes).
final class BrowserDownloadReporter: DownloadReporting {
    private struct Progress {
        var bytes: Int64
        var total: Int64?
    }

    private let session: FullScreenSession<Browser>
    /// The bytes heard since the last hand-over; nil when none is due.
    private let pending = Locked<[DownloadItem: Progress]?>(nil)

    init(session: FullScreenSession<Browser>) {
        self.session = session
    }

    func started(_ item: DownloadItem) {
        change(item) { download in
            download.started = true
            download.waiting = nil
        }
    }

    func progressed(_ item: DownloadItem, bytes: Int64, total: Int64?) {
        let due = pending.withLock { pending in
            defer { pending = (pending ?? [:]).merging([item: Progress(bytes: bytes, total: total)]) { $1 } }
            return pending == nil
        }
        guard due else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { [self] in
            let heard = pending.withLock { pending in
                defer { pending = nil }
                return pending ?? [:]
            }
            session.post { app in
                for (item, progress) in heard {
                    app.downloads.update(item) { download in
                        download.bytes = progress.bytes
                        download.total = progress.total ?? download.total
                        download.waiting = nil
                    }
                }
                app.showDownloads()
            }
        }
    }

    func waiting(_ item: DownloadItem, holder: Int32?) {
        change(item) { $0.waiting = "waiting for another wwdc" + (holder.map { " (process \($0))" } ?? "") }
    }

    func retrying(_ item: DownloadItem, attempt: Int, delay: Double, errors: [any Error]) {
        change(item) { $0.waiting = "retrying (attempt \(attempt))" }
    }

    func note(_ item: DownloadItem, _ note: DownloadNote) {}

    func subtitlesProgressed(_ item: DownloadItem, language: String, done: Int, of total: Int) {
        change(item) { $0.waiting = "\(language) subtitles: \(done) of \(total)" }
    }

    /// The end is heard from the operation itself, which says it even when it never started.
    func finished(_ item: DownloadItem, _ result: DownloadsOperation.Result) {}

    private func change(_ item: DownloadItem, _ change: @escaping @Sendable (inout BrowserDownloads.Running) -> Void) {
        session.post { app in
            app.downloads.update(item, change)
            app.showDownloads()
        }
    }
}
