import ConferenceKit
import Foundation
import Operations
import PlainText
import TerminalUI

/// Shows downloads on stderr through the terminal owner: on a terminal, a live line per active file
/// (bytes, %, rate, time left) and a total line; in a pipe, a line when a file starts and one when it
/// ends. With `quiet`, only failures.
final class DownloadProgressDisplay: DownloadReporting {
    private let progress: LiveProgress
    private let context: CommandContext
    private let quiet: Bool
    private let count: Int
    private let state = Locked(State())

    private struct Transfer {
        var line: LiveProgress.LineID?
        var bytes: Int64 = 0
        var total: Int64?
        /// Bytes on disk when this run's transfer started, and when: the rate counts only this run's.
        var startBytes: Int64?
        var startTime = ContinuousClock.now
    }

    private struct State {
        var transfers: [DownloadItem: Transfer] = [:]
        var totalLine: LiveProgress.LineID?
        var finished = 0
    }

    init(context: CommandContext, count: Int, quiet: Bool) {
        self.context = context
        self.quiet = quiet
        self.count = count
        progress = LiveProgress(owner: context.terminal)
    }

    func started(_ item: DownloadItem) {
        guard !quiet else { return }
        if progress.isLive {
            let line = progress.begin(item.label)
            state.withLock { state in
                state.transfers[item, default: Transfer()].line = line
                if state.totalLine == nil, count > 1 { state.totalLine = progress.begin("total") }
            }
            updateTotal()
        } else {
            context.message("Downloading \(item.label) to \(item.path)")
        }
    }

    func progressed(_ item: DownloadItem, bytes: Int64, total: Int64?) {
        guard !quiet else { return }
        let (line, detail) = state.withLock { state -> (LiveProgress.LineID?, String) in
            var transfer = state.transfers[item, default: Transfer()]
            if transfer.startBytes == nil {
                transfer.startBytes = bytes
                transfer.startTime = .now
            }
            transfer.bytes = bytes
            transfer.total = total
            state.transfers[item] = transfer
            return (transfer.line, Self.detail(transfer))
        }
        guard progress.isLive, let line else { return }
        progress.update(line, detail: detail)
        updateTotal()
    }

    func waiting(_ item: DownloadItem, holder: Int32?) {
        let who = holder.map { "another wwdc (process \($0))" } ?? "another wwdc"
        context.message("Waiting for \(who) downloading \(item.label)…")
    }

    func retrying(_ item: DownloadItem, attempt: Int, delay: Double, errors: [any Error]) {
        let cause = OperationError.rootCause(in: errors).map(ErrorText.message) ?? "failed"
        let wait = delay < 1 ? "" : " in \(Int(saturating: delay, rounding: .up)) s"
        let text = "\(item.label): \(cause); retrying\(wait) (attempt \(attempt))"
        if let line = state.withLock({ $0.transfers[item]?.line }), progress.isLive {
            progress.update(line, detail: text)
        } else if !quiet {
            context.message(text)
        }
    }

    func note(_ item: DownloadItem, _ text: String) {
        context.message("\(item.label): \(text)")
    }

    func finished(_ item: DownloadItem, _ result: DownloadsOperation.Result) {
        let line = state.withLock { state -> LiveProgress.LineID? in
            state.finished += 1
            return state.transfers[item]?.line
        }
        let outcome: LiveProgress.Outcome
        var detail: String?
        switch result {
        case let .downloaded(fetched, size):
            outcome = .succeeded
            detail = fetched == size ? ByteCount.text(size) : "\(ByteCount.text(size)) (\(ByteCount.text(fetched)) this time)"
        case let .alreadyComplete(size):
            outcome = .succeeded
            detail = "\(ByteCount.text(size)), already downloaded"
        case let .failed(error):
            outcome = .failed(ErrorText.message(error))
        case .cancelled:
            outcome = .skipped("interrupted; the partial file is kept")
        }
        if case .failed = outcome {} else if quiet { return }
        if progress.isLive, let line {
            progress.finish(line, outcome, detail: detail)
            updateTotal()
        } else {
            switch outcome {
            case .succeeded: context.message("Downloaded \(item.label): \(detail ?? "")")
            // A single download's failure is the summary's Error line.
            case .failed(let reason): if count > 1 { context.message("Failed \(item.label): \(reason)") }
            case .skipped(let reason): context.message("Stopped \(item.label): \(reason)")
            }
        }
    }

    /// Ends the live lines; call once the downloads are over.
    func stop() {
        if let line = state.withLock({ $0.totalLine }) {
            progress.finish(line, .succeeded, detail: totalText())
        }
        progress.stop()
    }

    private func updateTotal() {
        guard let line = state.withLock({ $0.totalLine }) else { return }
        progress.update(line, detail: totalText())
    }

    /// "2 of 6 files · 45.0 MB of 300 MB"
    private func totalText() -> String {
        state.withLock { state in
            let bytes = state.transfers.values.reduce(Int64(0)) { $0 + $1.bytes }
            let totals = state.transfers.values.compactMap(\.total)
            var text = "\(state.finished) of \(Quantity.text(count, "file")) · \(ByteCount.text(bytes))"
            if totals.count == state.transfers.count, !totals.isEmpty { text += " of " + ByteCount.text(totals.reduce(0, +)) }
            return text
        }
    }

    /// "45.2 MB of 120 MB · 37% · 85.0 MB/s · 0:01 left"
    private static func detail(_ transfer: Transfer) -> String {
        var parts = [ByteCount.text(transfer.bytes)]
        if let total = transfer.total, total > 0 {
            parts[0] += " of " + ByteCount.text(total)
            parts.append("\(Int(saturating: Double(transfer.bytes) * 100 / Double(total)))%")
        }
        let elapsed = ContinuousClock.now - transfer.startTime
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let fetched = transfer.bytes - (transfer.startBytes ?? transfer.bytes)
        if seconds >= 0.5, fetched > 0 {
            let rate = Double(fetched) / seconds
            parts.append(ByteCount.text(Int64(Int(saturating: rate))) + "/s")
            if let total = transfer.total, total > transfer.bytes {
                let left = Int(saturating: Double(total - transfer.bytes) / rate, rounding: .up)
                parts.append(String(format: "%d:%02d left", left / 60, left % 60))
            }
        }
        return parts.joined(separator: " · ")
    }
}
