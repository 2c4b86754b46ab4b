/// A row of tabs, the selected one marked, and a text at its right end.
///
/// Each tab shows `1 Explore`, the selected one `[1 Explore]` in bold reverse video (as wide as
/// when unselected, so nothing moves when the selection does). When the row is too narrow, the
/// right-hand text goes first, then the tabs not selected show only their key.
public struct TabBar: Sendable, Equatable {
    public struct Tab: Sendable, Equatable {
        /// What selects the tab from the keyboard (`1`), shown before the title; nil for none.
        public var key: String?
        public var title: String

        public init(key: String? = nil, title: String) {
            self.key = key
            self.title = title
        }
    }

    public var tabs: [Tab]
    public var selected: Int
    /// Shown at the right end when there is room: where the data comes from, when it was synced.
    public var trailing: String

    public init(tabs: [Tab], selected: Int = 0, trailing: String = "") {
        self.tabs = tabs
        self.selected = selected
        self.trailing = trailing
    }

    /// Draws the bar on the first row of `rect`.
    public func draw(in screen: inout ScreenBuffer, rect: Rect) {
        guard !rect.isEmpty else { return }
        let placed = layout(width: rect.width)
        for (index, range, text) in placed {
            screen.write(text, column: rect.x + range.lowerBound, row: rect.y, width: range.count,
                         style: index == selected ? CellStyle(attributes: [.bold, .reverse]) : .plain)
        }
        let used = placed.last.map { $0.range.upperBound } ?? 0
        let trailingWidth = trailing.displayWidth
        if !trailing.isEmpty, used + 2 + trailingWidth <= rect.width - 1 {
            screen.write(trailing, column: rect.maxX - 1 - trailingWidth, row: rect.y, style: .dim)
        }
    }

    /// The tab drawn at `column` of a bar drawn in `rect`, for a click.
    public func tab(atColumn column: Int, in rect: Rect) -> Int? {
        layout(width: rect.width).first { $0.range.contains(column - rect.x) }?.index
    }

    /// Where each tab goes on a bar `width` columns wide, and its text.
    private func layout(width: Int) -> [(index: Int, range: Range<Int>, text: String)] {
        func label(_ index: Int, compact: Bool) -> String {
            let tab = tabs[index]
            let name = compact && index != selected ? (tab.key ?? tab.title) : [tab.key, tab.title].compactMap { $0 }.joined(separator: " ")
            return index == selected ? "[" + name + "]" : " " + name + " "
        }
        var labels = tabs.indices.map { label($0, compact: false) }
        if 1 + labels.reduce(0, { $0 + $1.displayWidth }) > width {
            labels = tabs.indices.map { label($0, compact: true) }
        }
        var column = 1
        var placed: [(Int, Range<Int>, String)] = []
        for (index, text) in labels.enumerated() where column < width {
            let shown = text.displayWidth > width - column ? text.truncated(toWidth: width - column) : text
            let range = column..<(column + shown.displayWidth)
            placed.append((index, range, shown))
            column = range.upperBound
        }
        return placed
    }
}
