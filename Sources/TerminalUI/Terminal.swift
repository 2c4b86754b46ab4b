#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Operations

/// The terminal the program talks to: where keys come from and where screen output goes.
///
/// ``standard(environment:)`` picks the controlling terminal this way:
/// - Output is always standard error, so data on standard output stays clean for pipes.
/// - Input is standard input when it is a terminal. When it is not (`cat list | wwdc …`) but
///   standard error is, `/dev/tty` is opened instead, as `ssh` and `sudo` do, so a prompt can still
///   be answered on the terminal the user sees. Otherwise there is no input.
/// - The terminal is interactive only with input and with output on a terminal whose `TERM` is not
///   `dumb`; prompts refuse to run otherwise (``TerminalError/notInteractive``).
///
/// Only ``TerminalOwner`` writes to the terminal; everyone else goes through it. Raw mode and the
/// hidden cursor are undone on every exit path: the scope's end, `exit()` and fatal signals
/// (see the restorer's notes in the source).
public final class Terminal: Sendable {
    /// A terminal size in character cells.
    public struct Size: Sendable, Equatable {
        public var columns: Int
        public var rows: Int
        public init(columns: Int, rows: Int) {
            self.columns = columns
            self.rows = rows
        }
    }

    /// Where keys are read from, when there is a terminal to read from.
    public let inputFD: Int32?
    /// Where output goes.
    public let outputFD: Int32
    /// Whether output goes to a terminal.
    public let isOutputTerminal: Bool
    /// Whether output is a terminal that understands cursor movement (`TERM` is not `dumb`).
    public let supportsCursorControl: Bool
    /// The environment consulted for `NO_COLOR`, `TERM`, `COLUMNS` and `LINES`.
    public let environment: [String: String]
    /// Whether prompts can run: keys can be read and output can be redrawn in place.
    public var isInteractive: Bool { inputFD != nil && supportsCursorControl }

    let keyReader: KeyReader?
    private let openedFD: Int32?
    private let state = Locked(State())

    private struct State {
        var rawDepth = 0
        var saved: termios?
        var cursorHidden = false
        var fullScreen = false
    }

    /// The process's terminal, chosen as described above.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> Terminal {
        let errorIsTerminal = isatty(STDERR_FILENO) == 1
        if isatty(STDIN_FILENO) == 1 {
            return Terminal(inputFD: STDIN_FILENO, outputFD: STDERR_FILENO, environment: environment)
        }
        if errorIsTerminal {
            let fd = open("/dev/tty", O_RDWR | O_CLOEXEC)
            if fd >= 0 {
                return Terminal(inputFD: fd, outputFD: STDERR_FILENO, environment: environment, openedFD: fd)
            }
        }
        return Terminal(inputFD: nil, outputFD: STDERR_FILENO, environment: environment)
    }

    /// A terminal on the given descriptors; `inputFD` is used only if it is a terminal.
    public convenience init(inputFD: Int32?, outputFD: Int32, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(inputFD: inputFD, outputFD: outputFD, environment: environment, openedFD: nil)
    }

    private init(inputFD: Int32?, outputFD: Int32, environment: [String: String], openedFD: Int32?) {
        let input = inputFD.flatMap { isatty($0) == 1 ? $0 : nil }
        self.inputFD = input
        self.outputFD = outputFD
        self.environment = environment
        self.openedFD = openedFD
        self.isOutputTerminal = isatty(outputFD) == 1
        self.supportsCursorControl = isOutputTerminal && environment["TERM"] != "dumb"
        // Drawn in place, output must hear when the window changes size.
        if supportsCursorControl { WindowResize.install() }
        self.keyReader = input.map { KeyReader(fd: $0) }
    }

    deinit {
        leaveAllModes()
        if let openedFD { close(openedFD) }
    }

    /// The size of the output terminal: `TIOCGWINSZ`, else `COLUMNS`/`LINES`, else 80×24.
    public var size: Size {
        var window = winsize()
        for fd in [outputFD, inputFD].compactMap({ $0 }) where isatty(fd) == 1 {
            if ioctl(fd, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 {
                return Size(columns: Int(window.ws_col), rows: window.ws_row > 0 ? Int(window.ws_row) : 24)
            }
        }
        let columns = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 80
        let rows = environment["LINES"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 24
        return Size(columns: columns, rows: rows)
    }

    /// The input's settings now (`tcgetattr`); nil without a terminal to read them from.
    func settings() -> termios? {
        guard let fd = inputFD else { return nil }
        var settings = termios()
        return tcgetattr(fd, &settings) == 0 ? settings : nil
    }

    /// Puts `settings` on the input (`tcsetattr`), outside raw mode: what another program changed
    /// and did not undo.
    func apply(_ settings: termios) {
        guard let fd = inputFD else { return }
        var settings = settings
        _ = tcsetattr(fd, TCSANOW, &settings)
    }

    /// Whether raw mode is on.
    public var isRawMode: Bool { state.withLock { $0.rawDepth > 0 } }

    /// Switches input to raw mode: no echo, no line editing, and Ctrl-C, Ctrl-Z and Ctrl-\ arrive as
    /// keys instead of signals. Calls nest; the outermost ``leaveRawMode()`` restores the saved state.
    public func enterRawMode() throws(TerminalError) {
        guard let fd = inputFD else { throw TerminalError.notInteractive }
        try state.withLock { (state) throws(TerminalError) in
            if state.rawDepth == 0 {
                var saved = termios()
                guard tcgetattr(fd, &saved) == 0 else { throw TerminalError.systemCall(name: "tcgetattr", errno: errno) }
                var raw = saved
                raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
                raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
                raw.c_cflag |= tcflag_t(CS8)
                withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                    cc[Int(VMIN)] = 1
                    cc[Int(VTIME)] = 0
                }
                // Registered before the change, so a signal arriving in between still restores.
                TerminalRestorer.rawModeEntered(fd: fd, saved: saved, raw: raw)
                guard tcsetattr(fd, TCSANOW, &raw) == 0 else {
                    let code = errno
                    TerminalRestorer.rawModeLeft()
                    throw TerminalError.systemCall(name: "tcsetattr", errno: code)
                }
                state.saved = saved
            }
            state.rawDepth += 1
        }
    }

    /// Undoes one ``enterRawMode()``.
    public func leaveRawMode() {
        state.withLock { state in
            guard state.rawDepth > 0 else { return }
            state.rawDepth -= 1
            if state.rawDepth == 0 { Self.restore(&state, fd: inputFD) }
        }
    }

    /// Runs `body` in raw mode, restoring the terminal when it returns or throws.
    public func withRawMode<T>(_ body: () throws -> T) throws -> T {
        try enterRawMode()
        defer { leaveRawMode() }
        return try body()
    }

    /// Leaves the full screen, undoes raw mode and shows the cursor, whatever the nesting; for
    /// shutdown paths.
    public func leaveAllModes() {
        setFullScreen(false, mouse: false)
        state.withLock { state in
            if state.rawDepth > 0 {
                state.rawDepth = 0
                Self.restore(&state, fd: inputFD)
            }
            if state.cursorHidden {
                state.cursorHidden = false
                writeAll(Array("\u{1B}[?25h".utf8))
                TerminalRestorer.cursorShown()
            }
        }
    }

    private static func restore(_ state: inout State, fd: Int32?) {
        if var saved = state.saved, let fd {
            _ = tcsetattr(fd, TCSANOW, &saved)
        }
        state.saved = nil
        TerminalRestorer.rawModeLeft()
    }

    /// Hides or shows the cursor (owner queue only); a hidden cursor is shown again on any exit.
    func setCursorVisible(_ visible: Bool) {
        guard supportsCursorControl else { return }
        state.withLock { state in
            guard state.cursorHidden == visible else { return }
            state.cursorHidden = !visible
            if visible {
                writeAll(Array("\u{1B}[?25h".utf8))
                TerminalRestorer.cursorShown()
            } else {
                TerminalRestorer.cursorHidden(fd: outputFD)
                writeAll(Array("\u{1B}[?25l".utf8))
            }
        }
    }

    /// Whether the full screen is on (``FullScreenSession``).
    var isFullScreen: Bool { state.withLock { $0.fullScreen } }

    /// Turns the full screen on or off (owner queue only): the alternate screen, the cursor hidden,
    /// no line wrapping, bracketed paste, and clicks and the wheel reported when `mouse`. Any exit
    /// turns it off (``TerminalRestorer``).
    func setFullScreen(_ on: Bool, mouse: Bool) {
        guard supportsCursorControl else { return }
        state.withLock { state in
            guard state.fullScreen != on else { return }
            state.fullScreen = on
            if on {
                let enter = Array(("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h" + (mouse ? "\u{1B}[?1000h\u{1B}[?1006h" : "")).utf8)
                // Registered before the change, so a signal arriving in between still restores.
                TerminalRestorer.fullScreenEntered(fd: outputFD, enter: enter)
                writeAll(enter)
            } else {
                writeAll(TerminalRestorer.fullScreenLeave)
                TerminalRestorer.fullScreenLeft()
            }
        }
    }

    /// Writes every byte to the output (see ``FileDescriptor/writeAll(_:to:)``). Errors (a closed
    /// terminal) are dropped: there is nowhere left to report them.
    func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            try? FileDescriptor.writeAll(buffer, to: outputFD)
        }
    }
}
