#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// A full-screen program's hold on the terminal, from ``run(_:)`` to ``quit()``.
///
/// The session belongs to the ``TerminalOwner``: it draws on the owner's queue, which does nothing
/// else meanwhile, and nothing else writes to the terminal while it runs. It enters the alternate
/// screen, raw mode, a hidden cursor, mouse reporting (clicks and the wheel) and bracketed paste,
/// and leaves all of them exactly as they were however it ends: ``quit()``, an error, a fatal
/// signal (SIGTERM, SIGHUP, SIGINT, a crash: see ``TerminalRestorer``), `exit()`.
///
/// - Keys are read on a thread of their own and handed to the app on the owner's queue; so are
///   results of background work, with ``post(_:)``. After a batch of them one frame is drawn,
///   written in one piece with only the cells that changed (``ScreenRenderer``).
/// - A window resized (SIGWINCH) reaches the app as ``Key/resize``, and the next frame is drawn
///   whole at the new size. Below ``Options/minimumSize`` the screen shows one line saying so.
/// - Ctrl-Z puts the terminal back as it was, stops the process (the shell's job control takes
///   over), and on `fg` enters the full screen again and draws it whole (``suspend()``). A SIGTSTP
///   sent from elsewhere does the same.
/// - ``runInForeground(_:)`` hands the terminal to another program (a player, an editor) and takes
///   it back after.
///
/// ```swift
/// final class Browser: FullScreenApp { … }
/// let session = FullScreenSession<Browser>()
/// try session.run(Browser())   // returns after the app calls session.quit()
/// ```
// @unchecked Sendable: everything but the `let`s is touched only on the owner's queue (checked with
// dispatchPrecondition), and `run` hands over to and back from it with `perform`.
public final class FullScreenSession<App: FullScreenApp>: @unchecked Sendable {
    /// How the session behaves.
    public struct Options: Sendable {
        /// Below this size the screen shows only a line asking for more room.
        public var minimumSize: Terminal.Size
        /// Whether clicks and the wheel are reported (they then no longer select text, but with
        /// Shift in most terminals).
        public var mouse: Bool
        /// Whether Ctrl-Z suspends (``suspend()``) without the app seeing it.
        public var suspendsOnControlZ: Bool

        public init(minimumSize: Terminal.Size = Terminal.Size(columns: 40, rows: 12), mouse: Bool = true,
                    suspendsOnControlZ: Bool = true) {
            self.minimumSize = minimumSize
            self.mouse = mouse
            self.suspendsOnControlZ = suspendsOnControlZ
        }
    }

    public let owner: TerminalOwner
    public let options: Options
    private let finished = DispatchSemaphore(value: 0)

    private var app: App?
    private var renderer: ScreenRenderer
    private var input: TerminalInput?
    private var drawScheduled = false
    private var ended = false
    private var failure: TerminalError?
    private var currentSize = Terminal.Size(columns: 0, rows: 0)
    private var frameObserver: (@Sendable (Int) -> Void)?

    public init(owner: TerminalOwner = .shared, options: Options = Options()) {
        self.owner = owner
        self.options = options
        renderer = ScreenRenderer(depth: ColorDepth.detect(environment: owner.terminal.environment))
    }

    private var terminal: Terminal { owner.terminal }

    /// The screen's size now (owner's queue).
    public var size: Terminal.Size {
        dispatchPrecondition(condition: .onQueue(owner.queue))
        return currentSize
    }

    /// Runs `app` on the full screen until it calls ``quit()``; blocks the calling thread, which
    /// must not be the owner's queue. The first frame is on the screen before the first key is read.
    ///
    /// - Throws: ``TerminalError/notInteractive`` off a terminal (nothing is drawn then),
    ///   ``TerminalError/inputClosed`` when the terminal went away, a system call's failure.
    public func run(_ app: App) throws(TerminalError) {
        precondition(!owner.isCurrent, "FullScreenSession.run waits for the owner's queue: call it from elsewhere")
        guard terminal.isInteractive, let reader = terminal.keyReader else { throw TerminalError.notInteractive }
        try owner.perform { (context) throws(TerminalError) in
            try terminal.enterRawMode()
            terminal.setFullScreen(true, mouse: options.mouse)
            self.app = app
            ended = false
            failure = nil
            currentSize = terminal.size
            renderer.invalidate()
            drawNow()
            input = TerminalInput(reader: reader) { [self] result in
                owner.performAsync { _ in self.receive(result) }
            }
            app.started(in: self)
            setNeedsDraw()
        }
        finished.wait()
        owner.perform { _ in input }?.stop()
        owner.perform { _ in
            terminal.setFullScreen(false, mouse: options.mouse)
            terminal.leaveRawMode()
            self.app = nil
            input = nil
        }
        if let failure = owner.perform({ _ in failure }) { throw failure }
    }

    /// Ends the session: ``run(_:)`` restores the terminal and returns. Call it on the owner's
    /// queue (from the app) or from anywhere else.
    public func quit() {
        guard owner.isCurrent else { return owner.performAsync { _ in self.quit() } }
        guard !ended else { return }
        ended = true
        finished.signal()
    }

    /// Hands `update` to the owner's queue, where it runs with the app and a frame is drawn after;
    /// from any thread (an operation's completion, a timer). Once the session ended `update` never
    /// runs, and `ifEnded` runs in its place (to give up what waited on it).
    public func post(_ update: @escaping @Sendable (App) -> Void, ifEnded: (@Sendable () -> Void)? = nil) {
        owner.performAsync { [self] _ in
            guard !ended, let app else { return ifEnded?() ?? () }
            update(app)
            setNeedsDraw()
        }
    }

    /// Asks for a frame after what is queued now (owner's queue). Keys and posts ask for one
    /// themselves.
    public func setNeedsDraw() {
        dispatchPrecondition(condition: .onQueue(owner.queue))
        guard !drawScheduled, !ended else { return }
        drawScheduled = true
        owner.performAsync { [self] _ in
            drawScheduled = false
            drawNow()
        }
    }

    /// Makes the next frame a whole one (owner's queue): after something else wrote on the screen.
    public func redrawAll() {
        dispatchPrecondition(condition: .onQueue(owner.queue))
        renderer.invalidate()
        setNeedsDraw()
    }

    /// Calls `observer` (on the owner's queue) with the number of bytes each frame wrote: for
    /// tests and benchmarks.
    public func observeFrames(_ observer: @escaping @Sendable (Int) -> Void) {
        owner.performAsync { [self] _ in frameObserver = observer }
    }

    /// Gives the terminal back to the shell and stops the process, as Ctrl-Z does in a shell;
    /// on `fg` takes the full screen again and draws it whole (owner's queue).
    ///
    /// Where nothing can stop the process (a process group no shell controls), it goes on at once.
    public func suspend() {
        handOver {
            // To this thread, unblocked for it (a dispatch queue's threads block signals): the
            // process stops before the call returns, not a moment later on another thread, when
            // the full screen would already be back.
            var stop = sigset_t()
            sigemptyset(&stop)
            sigaddset(&stop, SIGTSTP)
            var mask = sigset_t()
            pthread_sigmask(SIG_UNBLOCK, &stop, &mask)
            raise(SIGTSTP)
            pthread_sigmask(SIG_SETMASK, &mask, nil)
        }
    }

    /// Runs `body`, which runs another program in the foreground (a player, an editor), with the
    /// terminal as it was before the session: the alternate screen left, raw mode off, the keyboard
    /// not read, Ctrl-C and Ctrl-\ the program's (``TerminalChild``). Then takes the full screen
    /// back and draws it whole. Call it on the owner's queue (from the app); nothing is drawn
    /// meanwhile, and what is posted waits. The terminal's settings are put back as they were
    /// before the program, whatever it left (killed in its own raw mode, say).
    public func runInForeground<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try handOver { () throws(E) -> T in
            let signals = TerminalChild.holdSignals()
            // Raw mode, entered again after, keeps what it finds for the way out: a program killed
            // before it could undo its own settings must not leave them there.
            let settings = terminal.settings()
            defer {
                signals.restore()
                if let settings { terminal.apply(settings) }
            }
            return try body()
        }
    }

    /// Leaves the full screen and raw mode for `body`, then comes back.
    private func handOver<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        dispatchPrecondition(condition: .onQueue(owner.queue))
        input?.pause()
        terminal.setFullScreen(false, mouse: options.mouse)
        terminal.leaveRawMode()
        defer {
            if (try? terminal.enterRawMode()) == nil { failure = failure ?? TerminalError.inputClosed }
            terminal.setFullScreen(true, mouse: options.mouse)
            input?.resume()
            let size = terminal.size
            if size != currentSize {
                currentSize = size
                app?.handle(.resize, in: self)
            }
            redrawAll()
        }
        return try body()
    }

    /// A key (or the end of the input) from the reading thread, on the owner's queue.
    private func receive(_ result: Result<Key, TerminalError>) {
        guard !ended, let app else { return }
        switch result {
        case .failure(let error):
            failure = error
            quit()
        case .success(.control("z")) where options.suspendsOnControlZ:
            suspend()
        case .success(.resize):
            currentSize = terminal.size
            renderer.invalidate()
            app.handle(.resize, in: self)
            setNeedsDraw()
        case .success(let key):
            app.handle(key, in: self)
            setNeedsDraw()
        }
    }

    /// Draws a frame and writes what changed (owner's queue).
    private func drawNow() {
        guard !ended, let app else { return }
        var screen = ScreenBuffer(size: currentSize)
        if currentSize.columns < options.minimumSize.columns || currentSize.rows < options.minimumSize.rows {
            let message = "Terminal too small: \(currentSize.columns)×\(currentSize.rows), needs "
                + "\(options.minimumSize.columns)×\(options.minimumSize.rows)"
            screen.write(message.truncated(toWidth: currentSize.columns), column: 0, row: 0)
        } else {
            app.draw(into: &screen)
        }
        let bytes = renderer.render(screen)
        if !bytes.isEmpty { terminal.writeAll(bytes) }
        frameObserver?(bytes.count)
    }
}
