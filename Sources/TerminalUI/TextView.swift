/// A text that scrolls: its lines wrapped to the width it is drawn at, shown from ``offset``.
///
/// Keys: ↑↓ and j k a line, PgUp/PgDn and Space a page, Home/End and g G the ends; the wheel
/// scrolls. New ``lines`` (a refresh) keep the scroll where it was, as far as the text goes.
public struct TextView: Sendable {
    /// The text, a line each (wrapped when drawn).
    public var lines: [StyledLine] {
        didSet { wrappedWidth = nil }
    }
    /// The first wrapped line shown.
    public private(set) var offset = 0
    private var wrapped: [StyledLine] = []
    /// The first wrapped line of each line.
    private var starts: [Int] = []
    private var wrappedWidth: Int?
    private var visibleRows = 1
    /// A line to put at the top once the text is laid out (``scroll(toLine:)``).
    private var pendingTop: Int?

    public init(lines: [StyledLine] = []) {
        self.lines = lines
    }

    /// How many rows the text took when last drawn.
    public var wrappedLineCount: Int { wrapped.count }

    /// Draws the lines that fit in `rect` from ``offset``.
    public mutating func draw(in screen: inout ScreenBuffer, rect: Rect) {
        if wrappedWidth != rect.width {
            wrapped = []
            starts = []
            for line in lines {
                starts.append(wrapped.count)
                wrapped += line.wrapped(width: rect.width)
            }
            wrappedWidth = rect.width
        }
        visibleRows = max(1, rect.height)
        if let line = pendingTop, line < starts.count {
            offset = starts[line]
        }
        pendingTop = nil
        clamp()
        for (row, line) in wrapped.dropFirst(offset).prefix(rect.height).enumerated() {
            screen.write(line, column: rect.x, row: rect.y + row, width: rect.width)
        }
    }

    /// Applies a scrolling key; false for a key that does not scroll.
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .up, .character("k"): scroll(by: -1)
        case .down, .character("j"): scroll(by: 1)
        case .pageUp, .control("b"): scroll(by: -visibleRows)
        case .pageDown, .control("f"), .character(" "): scroll(by: visibleRows)
        case .home, .character("g"): offset = 0
        case .end, .character("G"): scroll(by: wrapped.count)
        case .mouse(let event) where event.action == .wheelUp: scroll(by: -ListState.wheelStep)
        case .mouse(let event) where event.action == .wheelDown: scroll(by: ListState.wheelStep)
        default: return false
        }
        return true
    }

    /// The row of the view where line `index` (of ``lines``) starts, as last drawn; nil when it
    /// is scrolled out of view.
    public func row(ofLine index: Int) -> Int? {
        guard index >= 0, index < starts.count else { return nil }
        let row = starts[index] - offset
        return row >= 0 && row < visibleRows ? row : nil
    }

    /// Scrolls as little as brings line `index` (of ``lines``) into view, as last drawn.
    public mutating func reveal(line index: Int) {
        guard index >= 0, index < starts.count else { return }
        let start = starts[index]
        if start < offset {
            offset = start
        } else if start >= offset + visibleRows {
            offset = start - visibleRows + 1
        }
        clamp()
    }

    /// Scrolls so that line `index` (of ``lines``) is at the top, as far as the text goes: at
    /// the next draw, when the lines are wrapped to its width (new lines may just have been set).
    public mutating func scroll(toLine index: Int) {
        pendingTop = index
    }

    /// Scrolls by `rows` (down when positive), within the text.
    public mutating func scroll(by rows: Int) {
        offset += rows
        clamp()
    }

    private mutating func clamp() {
        offset = max(0, min(offset, wrapped.count - visibleRows))
    }
}
