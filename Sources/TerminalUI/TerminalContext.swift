import PlainText
import Operations

/// Exclusive access to the terminal, handed to blocks running on the ``TerminalOwner``'s queue.
///
/// Output is buffered and written when the block ends, before a key is read, or on ``flush()``,
/// so a redraw reaches the terminal in one piece. Writing while live progress lines are on the
/// screen first takes them away; they are drawn again, below what was written, when the block
/// ends. Use a context only inside the block it was given to.
public final class TerminalContext: Sendable {
    public let terminal: Terminal
    /// Colour for this output; plain when colour is off.
    public let style: Style

    private let state = Locked(State())

    private struct State {
        var buffer: [UInt8] = []
        var regions: [any LiveRegion] = []
        var suspendDepth = 0
        /// Live regions erased by a write in the current block, to be redrawn when it ends.
        var erasedForWrite = false
        var token: InteractionToken?
    }

    init(terminal: Terminal, style: Style) {
        self.terminal = terminal
        self.style = style
    }

    /// The terminal's current size.
    public var size: Terminal.Size { terminal.size }

    /// Queues text for output. Server text must go through ``TextSanitizer`` first.
    public func write(_ text: String) {
        let regions = state.withLock { state -> [any LiveRegion] in
            guard !state.erasedForWrite, state.suspendDepth == 0, !state.regions.isEmpty else { return [] }
            state.erasedForWrite = true
            return state.regions
        }
        for region in regions.reversed() { region.erase(in: self) }
        writeRaw(text)
    }

    /// Queues text followed by a line break.
    public func writeLine(_ text: String = "") {
        write(text + "\n")
    }

    /// Prints text as whole lines (a line break is added when missing), above any live lines.
    public func print(_ text: String) {
        writeLine(text.hasSuffix("\n") ? String(text.dropLast()) : text)
    }

    /// Writes what has been queued.
    public func flush() {
        let bytes = state.withLock { state -> [UInt8] in
            defer { state.buffer.removeAll(keepingCapacity: true) }
            return state.buffer
        }
        if !bytes.isEmpty { terminal.writeAll(bytes) }
    }

    /// Queues text without regard to live regions (their own drawing).
    func writeRaw(_ text: String) {
        state.withLock { $0.buffer.append(contentsOf: text.utf8) }
    }

    /// Ends a block run on the owner queue: redraws live regions a write took away, then flushes.
    func endBlock() {
        let regions = state.withLock { state -> [any LiveRegion] in
            guard state.erasedForWrite else { return [] }
            state.erasedForWrite = false
            return state.suspendDepth == 0 ? state.regions : []
        }
        for region in regions { region.draw(in: self) }
        flush()
    }

    /// Reads one key, blocking until it arrives; raw mode must be on.
    /// Throws ``TerminalError/cancelled`` when the interaction's token is cancelled.
    public func readKey() throws(TerminalError) -> Key {
        guard let reader = terminal.keyReader else { throw TerminalError.notInteractive }
        flush()
        return try reader.readKey(token: state.withLock { $0.token })
    }

    /// Whether the current interaction's token was cancelled.
    public var isCancelled: Bool { state.withLock { $0.token?.isCancelled ?? false } }

    /// Hides the cursor; it is shown again by ``showCursor()`` or on any exit path.
    public func hideCursor() {
        flush()
        terminal.setCursorVisible(false)
    }

    public func showCursor() {
        flush()
        terminal.setCursorVisible(true)
    }

    /// Takes the live progress lines off the screen until the matching ``resumeLiveDisplays()``.
    public func suspendLiveDisplays() {
        let regions = state.withLock { state -> [any LiveRegion] in
            state.suspendDepth += 1
            guard state.suspendDepth == 1, !state.erasedForWrite else { return [] }
            return state.regions
        }
        for region in regions.reversed() { region.erase(in: self) }
        if !regions.isEmpty { showCursor() }
    }

    /// Draws the live progress lines again once every suspension has been resumed.
    public func resumeLiveDisplays() {
        let regions = state.withLock { state -> [any LiveRegion] in
            guard state.suspendDepth > 0 else { return [] }
            state.suspendDepth -= 1
            guard state.suspendDepth == 0 else { return [] }
            state.erasedForWrite = false
            return state.regions
        }
        for region in regions { region.draw(in: self) }
    }

    /// Whether live displays are currently off the screen.
    public var areLiveDisplaysSuspended: Bool { state.withLock { $0.suspendDepth > 0 } }

    func register(_ region: any LiveRegion) {
        state.withLock { $0.regions.append(region) }
    }

    func unregister(_ region: any LiveRegion) {
        state.withLock { $0.regions.removeAll { $0 === region } }
    }

    /// Installs `token` for the duration of an interaction; returns the one it replaces.
    func swapToken(_ token: InteractionToken?) -> InteractionToken? {
        state.withLock { state in
            let previous = state.token
            state.token = token
            return previous
        }
    }
}
