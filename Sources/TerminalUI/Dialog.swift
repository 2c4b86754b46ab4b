/// A box drawn over the screen, with a title in its top border: what a login, an alert or a form
/// shows over a full-screen program.
///
/// The app draws the screen as usual, then the dialog over it, then the dialog's content in the
/// rectangle ``draw(in:bounds:)`` returns. The box is centred and made smaller to fit a small screen.
public struct Dialog: Sendable, Equatable {
    public var title: String
    /// The content's size wanted, inside the border and a column of margin on each side.
    public var width: Int
    public var height: Int

    public init(title: String, width: Int, height: Int) {
        self.title = title
        self.width = width
        self.height = height
    }

    /// Where the box goes within `bounds` (its border included).
    public func frame(in bounds: Rect) -> Rect {
        bounds.centered(width: width + 4, height: height + 2)
    }

    /// Draws the box over what is there, its inside cleared, and returns where the content goes.
    @discardableResult
    public func draw(in screen: inout ScreenBuffer, bounds: Rect, style: CellStyle = .plain) -> Rect {
        let box = frame(in: bounds)
        guard box.width >= 2, box.height >= 2 else { return Rect(x: box.x, y: box.y, width: 0, height: 0) }
        screen.clear(box, style: style)
        let inner = String(repeating: "─", count: box.width - 2)
        screen.write("┌" + inner + "┐", column: box.x, row: box.y, style: style)
        screen.write("└" + inner + "┘", column: box.x, row: box.maxY - 1, style: style)
        for row in (box.y + 1)..<(box.maxY - 1) {
            screen.write("│", column: box.x, row: row, style: style)
            screen.write("│", column: box.maxX - 1, row: row, style: style)
        }
        if box.width > 6, !title.isEmpty {
            let shown = title.truncated(toWidth: box.width - 6)
            screen.write(" " + shown + " ", column: box.x + 2, row: box.y, style: style.adding(.bold))
        }
        return box.inset(columns: 2, rows: 1)
    }

    /// Draws a row of buttons centred on the first row of `rect`, the selected one `[ in brackets ]`
    /// and in reverse video.
    public static func drawButtons(_ titles: [String], selected: Int, in screen: inout ScreenBuffer, rect: Rect) {
        for (index, range) in buttonRanges(titles, in: rect).enumerated() {
            let text = index == selected ? "[ " + titles[index] + " ]" : "  " + titles[index] + "  "
            screen.write(text, column: range.lowerBound, row: rect.y, width: range.count,
                         style: index == selected ? .reverse : .plain)
        }
    }

    /// The button drawn at `column` by ``drawButtons(_:selected:in:rect:)``, for a click.
    public static func button(atColumn column: Int, _ titles: [String], in rect: Rect) -> Int? {
        buttonRanges(titles, in: rect).firstIndex { $0.contains(column) }
    }

    private static func buttonRanges(_ titles: [String], in rect: Rect) -> [Range<Int>] {
        let widths = titles.map { $0.displayWidth + 4 }
        let total = widths.reduce(0, +) + max(0, titles.count - 1)
        var column = rect.x + max(0, (rect.width - total) / 2)
        return widths.map { width in
            defer { column += width + 1 }
            return column..<min(column + width, rect.maxX)
        }
    }
}
