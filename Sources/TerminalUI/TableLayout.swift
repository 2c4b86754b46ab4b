/// Lays rows of cells out in columns.
///
/// On a terminal the flexible column (the title) takes the width the others leave; when that is
/// too little, the other columns shrink to their minimum, then the droppable ones go, and cells
/// are cut with an ellipsis, never wrapped. In a pipe nothing is cut: columns take their natural
/// width, the flexible one padded up to `pipeWidth` (longer cells run past it, whole).
public struct TableLayout: Sendable {
    public struct Column: Sendable {
        /// The narrowest this column may shrink to on a terminal.
        public var minimum: Int
        /// Left out first when the terminal is too narrow (higher goes first); nil: always shown.
        public var dropOrder: Int?
        public var flexible: Bool
        public var alignRight: Bool
        /// Left out (in its drop order) rather than have the flexible column cut at all: a detail
        /// worth less than a whole title.
        public var dropsBeforeCutting: Bool

        public init(minimum: Int = 4, dropOrder: Int? = nil, flexible: Bool = false, alignRight: Bool = false, dropsBeforeCutting: Bool = false) {
            self.minimum = minimum
            self.dropOrder = dropOrder
            self.flexible = flexible
            self.alignRight = alignRight
            self.dropsBeforeCutting = dropsBeforeCutting
        }
    }

    public var columns: [Column]
    public var separator = "  "
    /// The width the flexible column is padded to in a pipe.
    public var pipeWidth: Int

    public init(columns: [Column], pipeWidth: Int = 60) {
        self.columns = columns
        self.pipeWidth = pipeWidth
    }

    /// Leaves out the first column, and the first cell of each row, unless `shown`: a mark (a
    /// listing's ★) there only when some row has it.
    public mutating func markColumn(of rows: inout [[String]], shown: Bool) {
        guard !shown else { return }
        columns.removeFirst()
        rows = rows.map { Array($0.dropFirst()) }
    }

    /// The width of each column for these rows within `width` columns (nil: a pipe); nil for a
    /// column left out.
    public func widths(for rows: [[String]], width: Int?) -> [Int?] {
        var natural = Array(repeating: 0, count: columns.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < natural.count {
                natural[index] = max(natural[index], cell.displayWidth)
            }
        }
        var widths: [Int?] = natural.map { $0 }
        guard let flexible = columns.firstIndex(where: \.flexible) else { return widths }
        guard let width else {
            widths[flexible] = min(natural[flexible], pipeWidth)
            return widths
        }
        let flexibleMinimum = min(columns[flexible].minimum, natural[flexible])
        let droppable = columns.indices.filter { columns[$0].dropOrder != nil }.sorted { columns[$0].dropOrder! > columns[$1].dropOrder! }
        // As many columns as leave the flexible one its minimum: drop none, then one more at a time;
        // the columns kept shrink, widest first, before another is dropped.
        for dropped in 0...droppable.count {
            var candidate = widths
            for index in droppable.prefix(dropped) { candidate[index] = nil }
            func room() -> Int {
                let shown = candidate.indices.filter { $0 != flexible && candidate[$0] != nil }
                let separators = separator.count * (shown.count)
                return width - shown.reduce(0) { $0 + (candidate[$1] ?? 0) } - separators
            }
            // While a column that goes before any cut is shown, the title needs its whole width.
            let needed = candidate.indices.contains { columns[$0].dropsBeforeCutting && candidate[$0] != nil }
                ? natural[flexible] : flexibleMinimum
            while room() < needed {
                let shrinkable = candidate.indices.filter { index in
                    index != flexible && columns[index].dropOrder != nil && candidate[index] != nil
                        && candidate[index]! > min(columns[index].minimum, natural[index])
                }
                guard needed == flexibleMinimum, let widest = shrinkable.max(by: { candidate[$0]! < candidate[$1]! }) else { break }
                candidate[widest]! -= 1
            }
            if room() >= needed || dropped == droppable.count {
                candidate[flexible] = max(1, min(natural[flexible], room()))
                return candidate
            }
        }
        return widths
    }

    /// One row as a line: cells padded (or cut, with an ellipsis) to their widths, styled by
    /// `style(column, text)` after padding so escape codes never count as width. No trailing spaces.
    /// Rows under their headings (`headings[i]` goes before row `i`), indented and fitted to `width`
    /// columns on a terminal; whole, with no colour, in a pipe (`width` nil).
    ///
    /// `link(row, column)` names the address a cell links to with `links` on (the whole address,
    /// even when the cell shows it cut).
    public func render(_ rows: [[String]], headings: [Int: String], indent: String, width: Int?,
                heading: (String) -> String, links: Hyperlinks = .plain, link: (Int, Int) -> String? = { _, _ in nil },
                paint: (Int, String) -> String) -> String {
        let widths = widths(for: rows, width: width.map { $0 - indent.count })
        var output = ""
        for (index, row) in rows.enumerated() {
            if let title = headings[index] {
                if index > 0 { output += "\n" }
                output += heading(width.map { title.truncated(toWidth: $0) } ?? title) + "\n"
            }
            let style: (Int, String) -> String = { column, text in
                guard links.isEnabled, let url = link(index, column) else { return paint(column, text) }
                // The padding stays outside the link, so only the text is clickable.
                let core = text.trimmingSuffix(" ")
                return paint(column, links.link(url, text: String(core)) + text.dropFirst(core.count))
            }
            output += indent + (width == nil ? pipeLine(row, widths: widths, style: style) : line(row, widths: widths, style: style)) + "\n"
        }
        return output
    }

    public func line(_ cells: [String], widths: [Int?], style: (Int, String) -> String = { $1 }) -> String {
        var line = fitted(cells, widths: widths).map { style($0.column, $0.text) }.joined(separator: separator)
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    /// The cells shown, each cut (with an ellipsis) or padded to its column's width, but the last
    /// one, which is not padded; with the index of its column.
    func fitted(_ cells: [String], widths: [Int?]) -> [(column: Int, text: String)] {
        var fitted: [(column: Int, text: String)] = []
        let lastShown = widths.lastIndex { $0 != nil }
        for (index, cell) in cells.enumerated() where index < widths.count {
            guard let width = widths[index] else { continue }
            let isLast = index == lastShown
            var text = cell.displayWidth > width ? cell.truncated(toWidth: width) : cell
            let padding = String(repeating: " ", count: max(0, width - text.displayWidth))
            if columns[index].alignRight {
                text = padding + text
            } else if !isLast {
                text += padding
            }
            fitted.append((index, text))
        }
        return fitted
    }

    /// In a pipe, cells are never cut: `line` only cuts on a terminal, so pipes pass widths that fit.
    public func pipeLine(_ cells: [String], widths: [Int?], style: (Int, String) -> String = { $1 }) -> String {
        var uncut = widths
        for (index, cell) in cells.enumerated() where index < uncut.count {
            if let width = uncut[index], cell.displayWidth > width { uncut[index] = cell.displayWidth }
        }
        return line(cells, widths: uncut, style: style)
    }
}

private extension String {
    /// The text without the `character`s it ends with.
    func trimmingSuffix(_ character: Character) -> Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == character { end = index(before: end) }
        return self[..<end]
    }
}
