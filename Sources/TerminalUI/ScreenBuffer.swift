import PlainText

/// A screen's worth of cells: what a full-screen program draws a frame into.
///
/// Widgets write text into rectangles of it; ``ScreenRenderer`` then writes to the terminal only the
/// cells that differ from the frame before. Every text written goes through ``TextSanitizer`` here,
/// so no escape or control character from outside can reach the terminal, and takes its true width
/// (``TextWidth``): a wide character takes two cells, a combining mark joins the character before
/// it. A wide character that does not fit before the edge of the space given (a column's end, the
/// screen's) is replaced by a space, and one overwritten by half is blanked whole, so the cells of
/// every row always add up to the screen's width.
public struct ScreenBuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    private var cells: [Cell]

    /// A blank screen of `width` × `height` cells.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank(), count: self.width * self.height)
    }

    public init(size: Terminal.Size) {
        self.init(width: size.columns, height: size.rows)
    }

    public var size: Terminal.Size { Terminal.Size(columns: width, rows: height) }

    /// The whole screen.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at `column`, `row` (both from 0, inside the screen).
    public subscript(column: Int, row: Int) -> Cell {
        cells[row * width + column]
    }

    /// Blanks `rect` (the whole screen when nil), in `style`: a background colour, or reverse video,
    /// fills it.
    public mutating func clear(_ rect: Rect? = nil, style: CellStyle = .plain) {
        let area = (rect ?? bounds).intersection(bounds)
        for row in area.y..<area.maxY {
            for column in area.x..<area.maxX { put(.blank(style), column: column, row: row) }
        }
    }

    /// Writes `text` on one row from `column`, in at most `width` columns (to the screen's edge when
    /// nil); returns the columns it took. Line breaks and tabs become spaces; nothing is written
    /// outside the screen. Cut text is cut, not ended with an ellipsis: pass
    /// `text.truncated(toWidth:)` for that.
    @discardableResult
    public mutating func write(_ text: some StringProtocol, column: Int, row: Int, width: Int? = nil, style: CellStyle = .plain) -> Int {
        let end = min(self.width, width.map { column + max(0, $0) } ?? self.width)
        guard row >= 0, row < height, column < end else { return 0 }
        let clean = TextSanitizer.singleLine.sanitize(String(text))
        var x = column
        for character in clean {
            let characterWidth = TextWidth.of(character)
            if characterWidth == 0 { continue }
            if x + characterWidth > end {
                // Half a wide character never reaches the screen: a space stands in for it.
                if x >= 0, x < end { put(.blank(style), column: x, row: row) }
                x = end
                break
            }
            if x < 0 {
                if x + characterWidth > 0 { put(.blank(style), column: 0, row: row) }
            } else {
                put(Cell(text: String(character), width: UInt8(characterWidth), style: style), column: x, row: row)
            }
            x += characterWidth
        }
        return max(0, x - max(column, 0))
    }

    /// Writes the spans of `line` one after the other; returns the columns they took.
    @discardableResult
    public mutating func write(_ line: StyledLine, column: Int, row: Int, width: Int? = nil) -> Int {
        let limit = width ?? (self.width - column)
        var used = 0
        for span in line.spans where used < limit {
            used += write(span.text, column: column + used, row: row, width: limit - used, style: span.style)
        }
        return used
    }

    /// Changes the style of every cell in `rect`, keeping what they show: to mark a selected row
    /// in reverse video, say.
    public mutating func restyle(_ rect: Rect, _ change: (inout CellStyle) -> Void) {
        let area = rect.intersection(bounds)
        for row in area.y..<area.maxY {
            for column in area.x..<area.maxX { change(&cells[row * width + column].style) }
        }
    }

    /// What each row shows, as text, its trailing spaces removed (for tests and captures).
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width where !self[column, row].isContinuation { line += self[column, row].text }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Places `cell` (a wide one has room for its second half), blanking whatever wide character
    /// it overwrites half of.
    private mutating func put(_ cell: Cell, column: Int, row: Int) {
        let index = row * width + column
        unlinkWide(at: index, column: column)
        cells[index] = cell
        if cell.width == 2 {
            unlinkWide(at: index + 1, column: column + 1)
            cells[index + 1] = .continuation(cell.style)
        }
    }

    /// Before the cell at `index` is replaced: the other half of a wide character it is part of
    /// becomes a space.
    private mutating func unlinkWide(at index: Int, column: Int) {
        let old = cells[index]
        if old.isContinuation, column > 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        } else if old.width == 2, column + 1 < width {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
    }
}
