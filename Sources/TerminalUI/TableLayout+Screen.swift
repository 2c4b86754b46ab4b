extension TableLayout {
    /// Draws one row's cells on the first row of `rect`, in the columns `widths` gives (from
    /// ``widths(for:width:)`` with `rect.width`: the flexible column, a title, has the room first,
    /// the droppable ones go first), each cell cut with an ellipsis or padded to its column, in
    /// the style `style` gives its column.
    public func draw(_ cells: [String], widths: [Int?], in screen: inout ScreenBuffer, rect: Rect,
                     style: (Int) -> CellStyle = { _ in .plain }) {
        guard !rect.isEmpty else { return }
        let separatorWidth = separator.displayWidth
        var column = rect.x
        for (index, text) in fitted(cells, widths: widths) where column < rect.maxX {
            screen.write(text, column: column, row: rect.y, width: rect.maxX - column, style: style(index))
            column += (widths[index] ?? 0) + separatorWidth
        }
    }
}
