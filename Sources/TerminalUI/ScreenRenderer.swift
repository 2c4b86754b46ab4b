/// Turns frames into what the terminal is sent: only the cells that changed since the frame
/// before, in one piece.
///
/// Each frame is wrapped in synchronized output (mode 2026: a terminal that knows it shows the
/// frame at once, one that does not ignores it); the cursor stays hidden throughout (the
/// full-screen session hides it). The first frame, one of another size and the one after
/// ``invalidate()`` clear the screen and draw every cell that is not blank. The cursor is moved
/// only where a change does not follow the last one, and the style set only where it changes;
/// after a grapheme whose width terminals may count differently (emoji) the cursor is placed
/// again, so the rest of the row lands where it belongs whatever the terminal counted.
public struct ScreenRenderer: Sendable {
    /// How colours are written (none at all with `NO_COLOR`).
    public var depth: ColorDepth
    private var previous: ScreenBuffer?

    static let beginSynchronized = "\u{1B}[?2026h"
    static let endSynchronized = "\u{1B}[?2026l"

    public init(depth: ColorDepth) {
        self.depth = depth
    }

    /// Makes the next frame a full one: the screen is no longer what the last frame left (the
    /// program came back from the background, another program used the terminal).
    public mutating func invalidate() {
        previous = nil
    }

    /// The bytes that take the terminal from the last frame to `next`; empty when nothing changed.
    public mutating func render(_ next: ScreenBuffer) -> [UInt8] {
        defer { previous = next }
        let old = previous.flatMap { $0.size == next.size ? $0 : nil }
        var output: [UInt8] = []
        output.reserveCapacity(old == nil ? next.width * next.height + 64 : 256)
        var pen = CellStyle.plain
        // Where the terminal's cursor is, when known.
        var cursor: (column: Int, row: Int)?
        if old == nil {
            output.append(contentsOf: "\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)
            cursor = (0, 0)
        }
        let blank = Cell.blank()
        var changed = old == nil
        for row in 0..<next.height {
            for column in 0..<next.width {
                let cell = next[column, row]
                if cell.isContinuation { continue }
                if let old {
                    if cell == old[column, row], cell.width == 1 || old[column + 1, row] == next[column + 1, row] { continue }
                } else if cell == blank {
                    continue
                }
                changed = true
                if let at = cursor, at.row == row, at.column <= column {
                    if at.column < column { output.append(contentsOf: "\u{1B}[\(column - at.column)C".utf8) }
                } else {
                    output.append(contentsOf: "\u{1B}[\(row + 1);\(column + 1)H".utf8)
                }
                if cell.style != pen {
                    output.append(contentsOf: cell.style.sequence(depth: depth).utf8)
                    pen = cell.style
                }
                output.append(contentsOf: cell.text.utf8)
                let end = column + Int(cell.width)
                cursor = cell.hasDisputableWidth || end >= next.width ? nil : (end, row)
            }
        }
        guard changed else { return [] }
        if pen != .plain { output.append(contentsOf: "\u{1B}[0m".utf8) }
        return Array(Self.beginSynchronized.utf8) + output + Array(Self.endSynchronized.utf8)
    }
}
