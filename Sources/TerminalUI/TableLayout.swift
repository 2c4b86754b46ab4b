/// Lays rows of cells out in columns.
///
/// On a terminal the flexible column (the title) gets the room first: the droppable columns shrink
/// to their minimum, then go one at a time in their drop order, until the titles are whole (nine
/// in ten of them: one outlier does not empty a listing of its details); the columns that stay
/// then shrink for every longer title they can make room for. Titles are cut only after that,
/// with an ellipsis, never wrapped. In a pipe nothing is cut:
/// columns take their natural width, the flexible one padded up to `pipeWidth` (longer cells run
/// past it, whole).
public struct TableLayout: Sendable {
    public struct Column: Sendable {
        /// The narrowest a droppable column may shrink to on a terminal.
        public var minimum: Int
        /// Left out first when the terminal is too narrow (higher goes first); nil: always shown,
        /// whole.
        public var dropOrder: Int?
        public var flexible: Bool
        public var alignRight: Bool
        /// For the flexible column: the most it claims of the droppable columns' room; nil, as
        /// much as keeps its cells whole. (A listing whose details matter more than its titles.)
        public var claim: Int?

        public init(minimum: Int = 4, dropOrder: Int? = nil, flexible: Bool = false, alignRight: Bool = false, claim: Int? = nil) {
            self.minimum = minimum
            self.dropOrder = dropOrder
            self.flexible = flexible
            self.alignRight = alignRight
            self.claim = claim
        }
    }

    public var columns: [Column]
    public var separator = "  "
    /// The width the flexible column is padded to in a pipe.
    public var pipeWidth: Int
    /// The share of titles a terminal's layout keeps whole before it cuts any: columns make way
    /// for the titles up to the width that holds this share of them.
    public static let wholeTitles = 0.9

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
        let claim = columns[flexible].claim ?? .max
        let titles = rows.compactMap { flexible < $0.count ? min(claim, $0[flexible].displayWidth) : nil }
        let wanted = Self.wantedWidth(titles)
        let droppable = columns.indices.filter { columns[$0].dropOrder != nil }.sorted { columns[$0].dropOrder! > columns[$1].dropOrder! }
        let narrowest = { (index: Int) in min(self.columns[index].minimum, natural[index]) }
        var candidate = widths
        func room() -> Int {
            let shown = candidate.indices.filter { $0 != flexible && candidate[$0] != nil }
            return width - shown.reduce(0) { $0 + (candidate[$1] ?? 0) } - separator.count * shown.count
        }
        /// Shrinks the droppable columns shown, widest first, until the title has `target`.
        func shrink(to target: Int) {
            while room() < target {
                let shrinkable = droppable.filter { candidate[$0] != nil && candidate[$0]! > narrowest($0) }
                guard let widest = shrinkable.max(by: { candidate[$0]! < candidate[$1]! }) else { break }
                candidate[widest]! -= 1
            }
        }
        // Which columns stay: none left out, then one more at a time, the columns kept shrinking
        // before another goes, until the titles the layout wants whole are.
        for dropped in 0...droppable.count {
            candidate = widths
            for index in droppable.prefix(dropped) { candidate[index] = nil }
            shrink(to: wanted)
            if room() >= wanted { break }
        }
        // How wide they are: they shrink further for every longer title that can then be whole.
        var least = candidate
        for index in droppable where least[index] != nil { least[index] = narrowest(index) }
        let most = width - least.indices.filter { $0 != flexible && least[$0] != nil }.reduce(0) { $0 + least[$1]! + separator.count }
        shrink(to: titles.filter { $0 <= most }.max() ?? 0)
        candidate[flexible] = max(1, min(natural[flexible], room()))
        return candidate
    }

    /// The width that holds ``wholeTitles`` of these title widths whole.
    static func wantedWidth(_ titles: [Int]) -> Int {
        guard !titles.isEmpty else { return 0 }
        let sorted = titles.sorted()
        let kept = Int((Double(sorted.count) * wholeTitles).rounded(.up))
        return sorted[max(0, min(sorted.count, kept) - 1)]
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
