/// Where a list is: how many items, which one is selected, which is the first one shown.
///
/// The items are the app's; the state knows only their number. It answers the moving keys (↑↓ and
/// j k, PgUp/PgDn, Home/End and g G) and the mouse (a click selects, the wheel scrolls), and keeps
/// the selection in view. ``reload(count:selecting:)`` takes a new list (a refresh, a narrowing)
/// keeping the selected item on the row it was on. ``ListView`` draws it.
public struct ListState: Sendable, Equatable {
    /// How many items the list has.
    public private(set) var count: Int
    /// The selected item's index; nil only when the list is empty.
    public private(set) var selection: Int?
    /// The index of the first item shown.
    public private(set) var offset = 0
    /// How many rows the list had when last drawn: what a page is.
    public private(set) var visibleRows = 1

    /// How far the wheel scrolls, in rows.
    public static let wheelStep = 3

    /// A list of `count` items, the first one selected.
    public init(count: Int = 0) {
        self.count = max(0, count)
        selection = self.count > 0 ? 0 : nil
    }

    /// A list of `count` items, item `index` selected (clamped), shown from its first: the rows
    /// above the selection (headings, say) stay in view when it fits.
    public init(count: Int, selecting index: Int) {
        self.init(count: count)
        if self.count > 0 { selection = min(max(0, index), self.count - 1) }
    }

    /// The items on screen.
    public var visibleRange: Range<Int> { offset..<min(count, offset + visibleRows) }

    /// Selects item `index` (clamped to the list) and scrolls it into view.
    public mutating func select(_ index: Int) {
        guard count > 0 else { return }
        selection = min(max(0, index), count - 1)
        scrollToSelection()
    }

    /// Takes a list of `count` items (a refresh, a narrowing), selecting `index` (the new place of
    /// the item that was selected, say; clamped) on the row of the screen the selection was on,
    /// as far as the list allows.
    public mutating func reload(count: Int, selecting index: Int?) {
        let row = selection.map { $0 - offset } ?? 0
        self.count = max(0, count)
        guard self.count > 0 else {
            selection = nil
            offset = 0
            return
        }
        let selected = min(max(0, index ?? 0), self.count - 1)
        selection = selected
        offset = selected - row
        clampOffset()
        scrollToSelection()
    }

    /// Applies a moving key; false for a key that does not move the list.
    public mutating func handle(_ key: Key) -> Bool {
        guard let selection else { return false }
        let page = max(1, visibleRows)
        switch key {
        case .up, .character("k"): select(selection - 1)
        case .down, .character("j"): select(selection + 1)
        case .pageUp, .control("b"):
            offset -= page
            select(selection - page)
        case .pageDown, .control("f"):
            offset += page
            select(selection + page)
        case .home, .character("g"): select(0)
        case .end, .character("G"): select(count - 1)
        default: return false
        }
        return true
    }

    /// Applies a click or a wheel turn inside `rect`, where the list was drawn: a press selects the
    /// row's item and returns its index; the wheel scrolls (returning nil). Nil for anything else.
    public mutating func handle(_ event: MouseEvent, in rect: Rect) -> Int? {
        guard rect.contains(column: event.column, row: event.row) else { return nil }
        switch event.action {
        case .wheelUp: scroll(by: -Self.wheelStep)
        case .wheelDown: scroll(by: Self.wheelStep)
        case .press(.left):
            let index = offset + event.row - rect.y
            guard index < count else { return nil }
            select(index)
            return index
        default: break
        }
        return nil
    }

    /// Scrolls the view by `rows` (down when positive), the selection moved as little as keeps it in view.
    public mutating func scroll(by rows: Int) {
        guard let selection else { return }
        offset += rows
        clampOffset()
        self.selection = min(max(selection, offset), offset + max(1, visibleRows) - 1, count - 1)
    }

    /// Records the rows the list has on screen and keeps the selection among them (``ListView``).
    mutating func fit(rows: Int) {
        visibleRows = max(1, rows)
        clampOffset()
        scrollToSelection()
    }

    private mutating func scrollToSelection() {
        guard let selection else { return }
        if selection < offset { offset = selection }
        if selection >= offset + visibleRows { offset = selection - visibleRows + 1 }
        clampOffset()
    }

    /// No row left empty below the last item while items above are hidden.
    private mutating func clampOffset() {
        offset = max(0, min(offset, count - visibleRows))
    }
}
