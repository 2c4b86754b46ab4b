import ConferenceData
import ConferenceMedia
import ConferenceModel
import Foundation
import Operations
import PlainText
import TerminalUI

/// Shows downloads on stderr through the terminal owner: on a terminal, a live line per active file
/// (bytes, %, rate, time left, recomputed every second even while no byte comes; at narrow widths
/// the title is cut first, then the bytes and rate go) and a total line; in a pipe (or with
/// `TERM=dumb`), a line when a file starts, one every few seconds for each file under way, and one
/// when it ends. With `quiet`, only failures.
public final class DownloadProgressDisplay: DownloadReporting {
    /// How often a line per file under way is printed when lines cannot be redrawn in place.
    static let plainInterval: DispatchTimeInterval = .seconds(3)
    /// How often the live lines' rates and times left are recomputed.
    static let liveInterval: DispatchTimeInterval = .seconds(1)

    private let progress: LiveProgress
    private let owner: TerminalOwner
    private let wording: ErrorWording
    private let noteText: @Sendable (DownloadNote) -> String
    private let quiet: Bool
    private let count: Int
    private let state = Locked(State())
    private let timerQueue = DispatchQueue(label: "wwdc.download-progress")

    private struct Transfer {
        var line: LiveProgress.LineID?
        var bytes: Int64 = 0
        var total: Int64?
        /// Bytes on disk when this run's transfer started, and when: the rate counts only this run's.
        var startBytes: Int64?
        var startTime = ContinuousClock.now
        /// Started and not ended.
        var running = false
        /// Waiting to retry: the line says so until bytes come again.
        var retrying = false
        /// What the line says while the subtitles are fetched, the video complete.
        var subtitles: String?
    }

    private struct State {
        var transfers: [DownloadItem: Transfer] = [:]
        var totalLine: LiveProgress.LineID?
        /// Files ended complete, and failed.
        var completed = 0
        var failed = 0
        /// Refreshes the live lines, or prints the plain ones.
        var timer: (any DispatchSourceTimer)?
    }

    /// `wording` words a failure and `noteText` a note (a program names its own commands there).
    public init(owner: TerminalOwner, count: Int, quiet: Bool, wording: ErrorWording = .plain,
                noteText: @escaping @Sendable (DownloadNote) -> String = DownloadProgressDisplay.noteText) {
        self.owner = owner
        self.wording = wording
        self.noteText = noteText
        self.quiet = quiet
        self.count = count
        progress = LiveProgress(owner: owner)
    }

    /// A note in words that name no program's commands.
    public static func noteText(_ note: DownloadNote) -> String {
        switch note {
        case let .subtitles(file, language, source, passedOver):
            "\(language) subtitles " + (source == .transcript ? "made from the transcript" : "from \(sourceText(source))") + " in \(file)"
                + (passedOver.isEmpty ? "" : " (" + passedOver.joined(separator: "; ") + ")")
        case let .subtitlesMissing(languages, reasons):
            "no \(languages.joined(separator: " or ")) subtitles" + (reasons.isEmpty ? "" : ": " + reasons.joined(separator: "; ")) + "; the video is kept"
        }
    }

    /// Where subtitles came from, in words: "the stream (日本語)", "the feed's file", "the transcript".
    public static func sourceText(_ source: SubtitlesOperation.Source) -> String {
        switch source {
        case let .stream(name): "the stream (\(name))"
        case .feedFile: "the feed's file"
        case .transcript: "the transcript"
        }
    }

    public func started(_ item: DownloadItem) {
        guard !quiet else { return }
        if progress.isLive {
            let line = progress.begin(item.title.isEmpty ? item.label : "\(item.label) \(item.title)")
            state.withLock { state in
                state.transfers[item, default: Transfer()].line = line
                state.transfers[item]?.running = true
                if state.totalLine == nil, count > 1 { state.totalLine = progress.begin("total") }
            }
            updateTotal()
        } else {
            state.withLock { $0.transfers[item, default: Transfer()].running = true }
            owner.print("Downloading \(item.label) to \(item.path)")
        }
        startTimer()
    }

    /// From the first start until ``stop(interrupted:)``: on a terminal, the live lines' rates and
    /// times left recomputed every second (a stalled file's rate falls); elsewhere, a line every few
    /// seconds for each file under way, so that a long download is never silent.
    private func startTimer() {
        let live = progress.isLive
        state.withLock { state in
            guard state.timer == nil else { return }
            let interval = live ? Self.liveInterval : Self.plainInterval
            let timer = DispatchSource.makeTimerSource(queue: timerQueue)
            timer.schedule(deadline: .now() + interval, repeating: interval)
            timer.setEventHandler { [weak self] in self?.tick(live: live) }
            timer.resume()
            state.timer = timer
        }
    }

    private func tick(live: Bool) {
        let running = state.withLock { state in
            state.transfers.filter { $0.value.running && !$0.value.retrying && ($0.value.startBytes != nil || $0.value.subtitles != nil) }
                .sorted { $0.key.label < $1.key.label }
                .map { (item: $0.key, line: $0.value.line, details: $0.value.subtitles.map { [$0] } ?? Self.details($0.value)) }
        }
        for transfer in running {
            if live, let line = transfer.line {
                progress.update(line, detail: transfer.details[0], shorter: Array(transfer.details.dropFirst()))
            } else if !live {
                owner.print("\(transfer.item.label): " + transfer.details[0])
            }
        }
    }

    public func progressed(_ item: DownloadItem, bytes: Int64, total: Int64?) {
        guard !quiet else { return }
        let (line, detail) = state.withLock { state -> (LiveProgress.LineID?, [String]) in
            var transfer = state.transfers[item, default: Transfer()]
            if transfer.startBytes == nil {
                transfer.startBytes = bytes
                transfer.startTime = .now
            }
            transfer.bytes = bytes
            transfer.total = total
            transfer.retrying = false
            state.transfers[item] = transfer
            return (transfer.line, Self.details(transfer))
        }
        guard progress.isLive, let line else { return }
        progress.update(line, detail: detail[0], shorter: Array(detail.dropFirst()))
        updateTotal()
    }

    public func waiting(_ item: DownloadItem, holder: Int32?) {
        let who = holder.map { "another wwdc (process \($0))" } ?? "another wwdc"
        owner.print("Waiting for \(who) downloading \(item.label)…")
    }

    public func retrying(_ item: DownloadItem, attempt: Int, delay: Double, errors: [any Error]) {
        let cause = OperationError.rootCause(in: errors).map(wording.message) ?? "failed"
        let wait = delay < 1 ? "" : " in \(Int(saturating: delay, rounding: .up)) s"
        let text = "\(item.label): \(cause); retrying\(wait) (attempt \(attempt))"
        let line = state.withLock { state in
            state.transfers[item]?.retrying = true
            return state.transfers[item]?.line
        }
        if let line, progress.isLive {
            progress.update(line, detail: text)
        } else if !quiet {
            owner.print(text)
        }
    }

    public func note(_ item: DownloadItem, _ note: DownloadNote) {
        owner.print("\(item.label): \(noteText(note))")
    }

    /// On a terminal the file's line counts the segments; elsewhere a line says how many there are,
    /// and the lines every few seconds count them.
    public func subtitlesProgressed(_ item: DownloadItem, language: String, done: Int, of total: Int) {
        guard !quiet else { return }
        let text = "\(language) subtitles: \(done) of \(Quantity.text(total, "segment"))"
        let line = state.withLock { state -> LiveProgress.LineID? in
            state.transfers[item, default: Transfer()].subtitles = text
            return state.transfers[item]?.line
        }
        if progress.isLive, let line {
            progress.update(line, detail: text)
        } else if !progress.isLive, done == 0 {
            owner.print("\(item.label): " + text)
        }
    }

    public func finished(_ item: DownloadItem, _ result: DownloadsOperation.Result) {
        let line = state.withLock { state -> LiveProgress.LineID? in
            switch result {
            case .downloaded, .alreadyComplete: state.completed += 1
            case .failed: state.failed += 1
            case .cancelled: break
            }
            state.transfers[item]?.running = false
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
            outcome = .failed(wording.message(error))
        case .cancelled:
            outcome = .stopped("interrupted; the partial file is kept")
        }
        if case .failed = outcome {} else if quiet { return }
        if progress.isLive, let line {
            progress.finish(line, outcome, detail: detail)
            updateTotal()
        } else {
            switch outcome {
            case .succeeded: owner.print("Downloaded \(item.label): \(detail ?? "")")
            // A single download's failure is the summary's Error line.
            case .failed(let reason): if count > 1 { owner.print("Failed \(item.label): \(reason)") }
            case .skipped(let reason), .stopped(let reason): owner.print("Stopped \(item.label): \(reason)")
            }
        }
    }

    /// Ends the lines; call once the downloads are over. The total line says how they ended:
    /// interrupted, some failed, or all complete.
    public func stop(interrupted: Bool) {
        let (line, timer, ended) = state.withLock { state in
            defer { state.timer = nil }
            return (state.totalLine, state.timer, (completed: state.completed, failed: state.failed))
        }
        timer?.cancel()
        // A tick under way ends before the last lines are drawn.
        timerQueue.sync {}
        if let line {
            let complete = "\(ended.completed) of \(Quantity.text(count, "file")) complete"
            if interrupted {
                progress.finish(line, .stopped("interrupted: " + complete + (ended.failed > 0 ? ", \(ended.failed) failed" : "")))
            } else if ended.failed > 0 {
                progress.finish(line, .failed("\(ended.failed) of \(Quantity.text(count, "file")) failed, \(ended.completed) complete"))
            } else {
                progress.finish(line, .succeeded, detail: totalText())
            }
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
            var text = "\(state.completed) of \(Quantity.text(count, "file")) · \(ByteCount.text(bytes))"
            if totals.count == state.transfers.count, !totals.isEmpty { text += " of " + ByteCount.text(totals.reduce(0, +)) }
            return text
        }
    }

    /// "45.2 MB of 120 MB · 37% · 85.0 MB/s · 0:01 left", then shorter forms for narrow terminals:
    /// without the rate, then the share done and the time left alone ("37% · 0:01 left").
    private static func details(_ transfer: Transfer) -> [String] {
        let size = ByteCount.text(transfer.bytes) + (transfer.total.map { $0 > 0 ? " of " + ByteCount.text($0) : "" } ?? "")
        let percent = transfer.total.flatMap { $0 > 0 ? "\(Int(saturating: Double(transfer.bytes) * 100 / Double($0)))%" : nil }
        var rate: String?
        var left: String?
        let elapsed = ContinuousClock.now - transfer.startTime
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let fetched = transfer.bytes - (transfer.startBytes ?? transfer.bytes)
        if seconds >= 0.5, fetched > 0 {
            let perSecond = Double(fetched) / seconds
            rate = ByteCount.text(Int64(Int(saturating: perSecond))) + "/s"
            if let total = transfer.total, total > transfer.bytes {
                let remaining = Int(saturating: Double(total - transfer.bytes) / perSecond, rounding: .up)
                left = remaining >= 3600
                    ? String(format: "%d:%02d:%02d left", remaining / 3600, remaining / 60 % 60, remaining % 60)
                    : String(format: "%d:%02d left", remaining / 60, remaining % 60)
            }
        }
        let full = [size, percent, rate, left].compactMap { $0 }.joined(separator: " · ")
        let withoutRate = [size, percent, left].compactMap { $0 }.joined(separator: " · ")
        let least = [percent ?? ByteCount.text(transfer.bytes), left].compactMap { $0 }.joined(separator: " · ")
        return [full, withoutRate, least]
    }
}
