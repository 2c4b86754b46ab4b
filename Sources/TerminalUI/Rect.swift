/// A rectangle of cells on the screen: the top-left cell (`x` the column, `y` the row, from 0) and
/// a size.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The whole of a screen of `size`.
    public init(_ size: Terminal.Size) {
        self.init(x: 0, y: 0, width: size.columns, height: size.rows)
    }

    /// The column just right of the rectangle.
    public var maxX: Int { x + width }
    /// The row just below the rectangle.
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    public var description: String { "(\(x),\(y) \(width)×\(height))" }

    /// Whether the cell at `column`, `row` is inside.
    public func contains(column: Int, row: Int) -> Bool {
        column >= x && column < maxX && row >= y && row < maxY
    }

    /// The rectangle made smaller by `columns` on the left and right and `rows` at the top and bottom.
    public func inset(columns: Int, rows: Int) -> Rect {
        Rect(x: x + columns, y: y + rows, width: width - 2 * columns, height: height - 2 * rows)
    }

    /// The part of this rectangle inside `other`.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        return Rect(x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
    }

    /// Row `index` of the rectangle (from 0) as a rectangle one row high.
    public func row(_ index: Int) -> Rect {
        Rect(x: x, y: y + index, width: width, height: index >= 0 && index < height ? 1 : 0)
    }

    /// A rectangle of at most `width` × `height` in the middle of this one.
    public func centered(width: Int, height: Int) -> Rect {
        let width = min(width, self.width), height = min(height, self.height)
        return Rect(x: x + (self.width - width) / 2, y: y + (self.height - height) / 2, width: width, height: height)
    }
}
