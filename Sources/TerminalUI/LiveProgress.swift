import PlainText
import Dispatch
import Operations

/// The sync display: one line per task, with a spinner while it runs and ✓, ✗ or "skipped — reason"
/// when it ends, plus item counts, bytes and elapsed time.
///
/// On a terminal the lines are redrawn in place (cursor up, clear line) and a timer on the owner
/// queue turns the spinner; finished lines at the top are printed for good and leave the live
/// region. Elsewhere (a pipe, a file, `TERM=dumb`) each task prints one plain line when it ends,
/// with no escape codes. Colour follows the owner's ``Style`` (none with `NO_COLOR` or off a
/// terminal). Task titles and reasons are sanitised.
///
/// Every method may be called from any thread; drawing happens on the owner queue. A prompt run
/// with ``TerminalOwner/interact(token:_:)`` takes the lines off the screen and they come back after;
/// ``suspend()`` and ``resume()`` do the same by hand. Call ``stop()`` when done.
public final class LiveProgress: Sendable {
    /// Identifies one task's line.
    public struct LineID: Hashable, Sendable {
        let value: Int
    }

    /// How a task ended.
    public enum Outcome: Sendable, Equatable {
        case succeeded
        case failed(String)
        /// Not done, by design: "– Title skipped — reason".
        case skipped(String)
        /// Stopped before its end (interrupted): "– Title — reason".
        case stopped(String)
    }

    /// Whether lines are redrawn in place (a terminal) rather than printed once (a pipe).
    public let isLive: Bool
    let owner: TerminalOwner
    private let spinnerInterval: Duration
    let state = Locked(State())

    /// What one line shows: a task's title, counters and, once it has ended, its outcome.
    struct Line {
        let id: Int
        var title: String
        var detail: String?
        /// Shorter forms of `detail`, most complete first, for when it does not fit beside the title.
        var shorterDetails: [String] = []
        var items: Int?
        var bytes: Int64?
        let started: ContinuousClock.Instant
        var ended: ContinuousClock.Instant?
        var outcome: Outcome?
    }

    struct State {
        var lines: [Line] = []
        var nextID = 0
        /// Lines at the head whose task has ended, printed for good.
        var committed = 0
        /// The live region currently on the screen, above the cursor (nil: none).
        var drawn: DrawnRegion?
        var frame = 0
        var timer: (any DispatchSourceTimer)?
        var started = false
        var stopped = false
        var redrawQueued = false
    }

    /// A display on `owner`'s terminal; `live` forces or forbids in-place redrawing.
    public init(owner: TerminalOwner, live: Bool? = nil, spinnerInterval: Duration = .milliseconds(100)) {
        self.owner = owner
        self.isLive = live ?? owner.terminal.supportsCursorControl
        self.spinnerInterval = spinnerInterval
    }

    /// Adds a running task's line.
    @discardableResult
    public func begin(_ title: String) -> LineID {
        let (id, first) = state.withLock { state -> (Int, Bool) in
            let id = state.nextID
            state.nextID += 1
            state.lines.append(Line(id: id, title: TextSanitizer.singleLine.sanitize(title), started: .now))
            let first = !state.started
            state.started = true
            return (id, first)
        }
        if isLive {
            if first { owner.performAsync { [self] context in start(in: context) } }
            scheduleRedraw()
        }
        return LineID(value: id)
    }

    /// Updates a running task's counters or detail text (nil leaves a value as it was).
    ///
    /// On a terminal, a running line keeps its detail whole and cuts the title to make room; when
    /// even that does not fit, it takes the first of `shorter` (shorter forms of the detail, most
    /// complete first) that does.
    public func update(_ line: LineID, items: Int? = nil, bytes: Int64? = nil, detail: String? = nil, shorter: [String] = []) {
        state.withLock { state in
            guard let index = state.lines.firstIndex(where: { $0.id == line.value }) else { return }
            if let items { state.lines[index].items = items }
            if let bytes { state.lines[index].bytes = bytes }
            if let detail {
                state.lines[index].detail = TextSanitizer.singleLine.sanitize(detail)
                state.lines[index].shorterDetails = shorter.map { TextSanitizer.singleLine.sanitize($0) }
            }
        }
        if isLive { scheduleRedraw() }
    }

    /// Ends a task with its outcome, final counters and, for a success, what it did (`detail`; the
    /// running detail is dropped).
    public func finish(_ line: LineID, _ outcome: Outcome, items: Int? = nil, bytes: Int64? = nil, detail: String? = nil) {
        let plainLine = state.withLock { state -> String? in
            guard let index = state.lines.firstIndex(where: { $0.id == line.value }),
                  state.lines[index].outcome == nil else { return nil }
            state.lines[index].detail = detail.map { TextSanitizer.singleLine.sanitize($0) }
            if let items { state.lines[index].items = items }
            if let bytes { state.lines[index].bytes = bytes }
            state.lines[index].outcome = Self.sanitized(outcome)
            state.lines[index].ended = .now
            return isLive ? nil : Self.line(for: state.lines[index], frame: 0, style: owner.style, width: nil)
        }
        if let plainLine {
            owner.performAsync { $0.write(plainLine + "\n") }
        } else if isLive {
            scheduleRedraw()
        }
    }

    /// Takes the lines off the screen (for a prompt) until ``resume()``.
    public func suspend() {
        owner.perform { $0.suspendLiveDisplays() }
    }

    /// Draws the lines again after ``suspend()``.
    public func resume() {
        owner.perform { $0.resumeLiveDisplays() }
    }

    /// Stops the spinner and leaves every line on the screen for good; waits until that is drawn.
    /// Tasks still running are shown as not finished.
    public func stop() {
        owner.perform { context in
            let lines = state.withLock { state -> [String] in
                guard !state.stopped else { return [] }
                state.stopped = true
                state.timer?.cancel()
                state.timer = nil
                let unfinished = state.lines[state.committed...].filter { $0.outcome == nil }
                if !isLive {
                    return unfinished.map { Self.line(for: $0, frame: 0, style: owner.style, width: nil, unfinished: true) }
                }
                return []
            }
            for line in lines { context.write(line + "\n") }
            if isLive {
                render(in: context, final: true)
                context.unregister(self)
                context.showCursor()
            }
        }
    }

    private static func sanitized(_ outcome: Outcome) -> Outcome {
        switch outcome {
        case .succeeded: return .succeeded
        case let .failed(reason): return .failed(TextSanitizer.singleLine.sanitize(reason))
        case let .skipped(reason): return .skipped(TextSanitizer.singleLine.sanitize(reason))
        case let .stopped(reason): return .stopped(TextSanitizer.singleLine.sanitize(reason))
        }
    }

    // MARK: - Drawing, on the owner queue

    private func start(in context: TerminalContext) {
        context.register(self)
        let (seconds, attoseconds) = spinnerInterval.components
        let interval = DispatchTimeInterval.milliseconds(max(20, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)))
        let queue = owner.queue
        state.withLock { state in
            guard !state.stopped else { return }
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(10))
            timer.setEventHandler { [weak self] in self?.tick() }
            timer.resume()
            state.timer = timer
        }
    }

    private func tick() {
        let running = state.withLock { state -> Bool in
            state.frame += 1
            return state.lines[state.committed...].contains { $0.outcome == nil }
        }
        if running {
            render(in: owner.context, final: false)
            owner.context.flush()
        }
    }

    private func scheduleRedraw() {
        let needed = state.withLock { state -> Bool in
            guard !state.redrawQueued else { return false }
            state.redrawQueued = true
            return true
        }
        guard needed else { return }
        owner.performAsync { [self] context in
            state.withLock { $0.redrawQueued = false }
            render(in: context, final: false)
        }
    }

    /// Redraws the live region in place: up to its first line, each line rewritten and cleared to its
    /// end, then everything below cleared. Finished lines at the top are printed for good.
    func render(in context: TerminalContext, final: Bool) {
        guard isLive, !context.areLiveDisplaysSuspended else { return }
        let size = context.size
        let width = max(10, size.columns - 1)  // never the last column: that would wrap the line
        let style = context.style
        let (output, hasLines) = state.withLock { state -> (String, Bool) in
            guard !state.stopped || final else { return ("", false) }
            var output: String
            if let drawn = state.drawn, drawn.wasResized(columns: size.columns) {
                // The window changed size: the old lines may have been rewrapped; clear them all first.
                output = drawn.eraseSequence(columns: size.columns)
            } else {
                let rows = state.drawn?.cursorLine ?? 0
                output = rows > 0 ? "\r\u{1B}[\(rows)A" : "\r"
            }
            while state.committed < state.lines.count,
                  final || state.lines[state.committed].outcome != nil {
                output += Self.line(for: state.lines[state.committed], frame: state.frame, style: style, width: width, unfinished: final)
                output += "\u{1B}[K\n"
                state.committed += 1
            }
            var live = Array(state.lines[state.committed...])
            let room = max(1, size.rows - 1)
            var more = 0
            if live.count > room {
                more = live.count - (room - 1)
                live = Array(live.prefix(room - 1))
            }
            var drawnLines = live.map { Self.line(for: $0, frame: state.frame, style: style, width: width) }
            if more > 0 {
                drawnLines.append(style.dim("… \(more) more running".truncated(toWidth: width)))
            }
            for line in drawnLines { output += line + "\u{1B}[K\n" }
            output += "\u{1B}[J"
            state.drawn = drawnLines.isEmpty ? nil : DrawnRegion(lines: drawnLines + [""], cursorLine: drawnLines.count, cursorColumn: 0,
                                                                        columns: size.columns)
            return (output, !drawnLines.isEmpty)
        }
        if hasLines { context.hideCursor() }
        context.writeRaw(output)
    }
}

extension LiveProgress: LiveRegion {
    func erase(in context: TerminalContext) {
        let drawn = state.withLock { state -> DrawnRegion? in
            defer { state.drawn = nil }
            return state.drawn
        }
        if let drawn { context.writeRaw(drawn.eraseSequence(columns: context.size.columns)) }
    }

    func draw(in context: TerminalContext) {
        render(in: context, final: false)
    }
}
