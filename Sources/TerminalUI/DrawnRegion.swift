/// What a region drawn in place (a form, a menu, a prompt, the progress lines) left on the screen,
/// so the next paint can take it away exactly, even after the window was resized.
///
/// Lines are drawn narrower than the terminal, so without a resize the region is one row a line
/// and the cursor is ``cursorLine`` rows below its top. After a resize (SIGWINCH since the region
/// was drawn) a terminal that rewraps its contents, as tmux, VTE and iTerm2 do, may have split each
/// line over several rows: the region is then erased by the height its lines take at the new width,
/// so no stale row is left above the next paint. (A terminal that cuts lines instead loses at most
/// a few rows above the region, never shows a line twice.)
public struct DrawnRegion: Sendable, Equatable {
    /// The columns each line takes, escape sequences left out.
    public let widths: [Int]
    /// The line the cursor was left on, and its column.
    public let cursorLine: Int
    public let cursorColumn: Int
    private let generation: Int
    /// The terminal's width when the region was drawn, when the drawer knew it.
    private let columns: Int?

    /// `lines` as drawn (styled or not), the cursor left on `cursorLine` at `cursorColumn`, on a
    /// terminal `columns` wide when known.
    public init(lines: [String], cursorLine: Int, cursorColumn: Int, columns: Int? = nil) {
        widths = lines.map(\.visibleWidth)
        self.cursorLine = cursorLine
        self.cursorColumn = cursorColumn
        self.columns = columns
        generation = WindowResize.generation
    }

    /// Whether the window was resized since the region was drawn: a SIGWINCH came, or the width
    /// is not the one it was drawn at. The width catches a resize whose signal has not been
    /// handled yet, when a paint in between would otherwise erase by the old height.
    public func wasResized(columns now: Int) -> Bool {
        generation != WindowResize.generation || (columns.map { $0 != now } ?? false)
    }

    /// How many rows the cursor is below the region's first row on a terminal `columns` wide.
    public func rowsAbove(columns: Int) -> Int {
        guard wasResized(columns: columns) else { return cursorLine }
        let columns = max(1, columns)
        let above = widths.prefix(cursorLine).reduce(0) { $0 + max(1, ($1 + columns - 1) / columns) }
        return above + cursorColumn / columns
    }

    /// Moves the cursor to the region's first row, column 0, and clears from there down.
    public func eraseSequence(columns: Int) -> String {
        let rows = rowsAbove(columns: columns)
        return "\r" + (rows > 0 ? "\u{1B}[\(rows)A" : "") + "\u{1B}[J"
    }
}

extension StringProtocol {
    /// Columns the text takes once its escape sequences (colour, cursor moves) are left out.
    public var visibleWidth: Int {
        guard contains("\u{1B}") else { return displayWidth }
        var plain = ""
        var inEscape = false
        var afterBracket = false
        for character in self {
            if inEscape {
                if !afterBracket, character == "[" { afterBracket = true; continue }
                if !afterBracket || (character.asciiValue.map { (0x40...0x7E).contains($0) } ?? true) { inEscape = false }
                continue
            }
            if character == "\u{1B}" { inEscape = true; afterBracket = false; continue }
            plain.append(character)
        }
        return plain.displayWidth
    }
}
