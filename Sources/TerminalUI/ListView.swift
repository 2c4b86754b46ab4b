/// Draws a ``ListState`` in a rectangle: only the rows on screen, each by the app.
///
/// ```swift
/// ListView.draw(&state, in: &screen, rect: listRect) { row, screen in
///     screen.write(items[row.index].title, column: row.rect.x + 2, row: row.rect.y, width: row.rect.width - 2)
/// }
/// ```
/// The app's `draw` closure is called for the visible items only, top to bottom (it must not read
/// the state being drawn: it gets what it needs in `row`); afterwards the selected row is marked
/// with `selection` (reverse video unless told otherwise: it stays visible with `NO_COLOR`). A
/// list whose focus is elsewhere may pass a softer mark, or none.
public enum ListView {
    /// One visible row.
    public struct Row: Sendable, Equatable {
        /// The item's index in the list.
        public let index: Int
        /// Where the row is on the screen (one row high).
        public let rect: Rect
        public let isSelected: Bool
    }

    public static func draw(_ state: inout ListState, in screen: inout ScreenBuffer, rect: Rect,
                            selection: CellStyle.Attributes = .reverse,
                            row draw: (_ row: Row, _ screen: inout ScreenBuffer) -> Void) {
        state.fit(rows: rect.height)
        for index in state.visibleRange {
            let row = Row(index: index, rect: rect.row(index - state.offset), isSelected: index == state.selection)
            draw(row, &screen)
            if row.isSelected, !selection.isEmpty {
                screen.restyle(row.rect) { $0.attributes.formUnion(selection) }
            }
        }
    }
}
