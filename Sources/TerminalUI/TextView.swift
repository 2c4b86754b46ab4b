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
    private var wrappedWidth: Int?
    private var visibleRows = 1

    public init(lines: [StyledLine] = []) {
        self.lines = lines
    }

    /// How many rows the text took when last drawn.
    public var wrappedLineCount: Int { wrapped.count }

    /// Draws the lines that fit in `rect` from ``offset``.
    public mutating func draw(in screen: inout ScreenBuffer, rect: Rect) {
        if wrappedWidth != rect.width {
            wrapped = lines.flatMap { $0.wrapped(width: rect.width) }
            wrappedWidth = rect.width
        }
        visibleRows = max(1, rect.height)
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

    /// Scrolls by `rows` (down when positive), within the text.
    public mutating func scroll(by rows: Int) {
        offset += rows
        clamp()
    }

    private mutating func clamp() {
        offset = max(0, min(offset, wrapped.count - visibleRows))
    }
}
