extension Layout {
    /// The width from which a list and its page go side by side (about 100 columns, as lazygit).
    public static let sideBySideWidth = 100

    /// Where a list and the page of its selected item go in `rect`: side by side from
    /// ``sideBySideWidth`` columns, split in halves by a rule drawn in `screen`; below that, only
    /// the one shown, the page when `pageOpen`. The page has a column of margin each side; nil for
    /// the one not shown.
    public static func listAndPage(_ rect: Rect, pageOpen: Bool, drawingRuleIn screen: inout ScreenBuffer) -> (list: Rect?, page: Rect?) {
        guard rect.width >= sideBySideWidth else {
            return pageOpen ? (nil, rect.inset(columns: 1, rows: 0)) : (rect, nil)
        }
        let panes = split(rect, .horizontal, [.percentage(50), .fixed(1), .minimum(20)])
        for row in panes[1].y..<panes[1].maxY { screen.write("│", column: panes[1].x, row: row, style: .dim) }
        return (panes[0], panes[2].inset(columns: 1, rows: 0))
    }
}
