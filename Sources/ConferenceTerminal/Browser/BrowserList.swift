import ConferenceData
import ConferenceModel
import TerminalUI

/// A tab's list: its rows, the columns they are laid out in, and which of them the person sees
/// (all, or those a narrowing leaves) with the selection and the scroll.
struct BrowserList: Sendable {
    var rows: [BrowserRow]
    /// The columns: the title is the flexible one, and the others go, in their order, before a
    /// title is cut.
    let layout: TableLayout
    /// The title's column.
    let title: Int
    /// The rows shown, as indexes into ``rows``.
    private(set) var shown: [Int]
    var state: ListState
    /// The words typed to narrow the list (folded), and the query that marks them in a title.
    private(set) var narrowing: [String] = []
    private(set) var marking: SearchQuery?
    /// The columns' widths for a width, computed once per width and rows (from all of them: a
    /// narrowing keeps them, and reading them over 20,000 rows at each key typed would be slow).
    private var widths: (width: Int, widths: [Int?])?

    init(rows: [BrowserRow], layout: TableLayout, title: Int) {
        self.rows = rows
        self.layout = layout
        self.title = title
        shown = Array(rows.indices)
        state = ListState(count: rows.count, selecting: rows.firstIndex { !$0.isHeading } ?? 0)
    }

    /// The row selected, if any.
    var selectedRow: BrowserRow? { state.selection.map { rows[shown[$0]] } }

    /// The session selected, if any.
    var selectedSession: String? { selectedRow?.sessionID }

    /// Keeps the rows whose title has, for every word of `text`, a word it starts (case and
    /// accents ignored); headings go while narrowed. The selection stays on its session when it
    /// is still shown.
    mutating func narrow(_ text: String) {
        let words = SearchQuery.foldedWords(in: text)
        guard words != narrowing else { return }
        // A word typed on (or one more word) keeps a part of what is shown: only that is looked at.
        let refines = !narrowing.isEmpty && words.count >= narrowing.count && zip(narrowing, words).allSatisfy { $1.hasPrefix($0) }
        narrowing = words
        marking = words.isEmpty ? nil : SearchQuery(words.map { $0 + "*" }.joined(separator: " "))
        reshow(selectedRow, among: refines ? shown : nil)
    }

    /// New rows (a refresh): the narrowing, the selection (by its session) and the scroll kept.
    mutating func replace(_ rows: [BrowserRow]) {
        // Read while the selection still indexes the rows it was made in.
        let selected = selectedRow
        self.rows = rows
        widths = nil
        reshow(selected)
    }

    /// Shows the rows the narrowing keeps, of `candidates` (indexes into ``rows``; nil: all of them).
    private mutating func reshow(_ selected: BrowserRow?, among candidates: [Int]? = nil) {
        shown = (candidates ?? Array(rows.indices)).filter { index in
            let row = rows[index]
            if narrowing.isEmpty { return true }
            return !row.isHeading && narrowing.allSatisfy { word in row.words.contains { $0.hasPrefix(word) } }
        }
        let again = selected.flatMap { selected in
            shown.firstIndex { rows[$0].sessionID != nil && rows[$0].sessionID == selected.sessionID && rows[$0].at == selected.at }
                ?? shown.firstIndex { rows[$0] == selected }
        }
        state.reload(count: shown.count, selecting: again ?? shown.firstIndex { !rows[$0].isHeading })
    }

    /// Moves the selection by a key; skips a heading in the direction moved. False for a key that
    /// does not move a list.
    mutating func handle(_ key: Key) -> Bool {
        let before = state.selection
        guard state.handle(key) else { return false }
        guard let now = state.selection, rows[shown[now]].isHeading, shown.contains(where: { !rows[$0].isHeading }) else { return true }
        let step = (before ?? 0) <= now ? 1 : -1
        var index = now
        while index >= 0, index < shown.count, rows[shown[index]].isHeading { index += step }
        if index < 0 || index >= shown.count {
            index = now
            while index >= 0, index < shown.count, rows[shown[index]].isHeading { index -= step }
        }
        if index >= 0, index < shown.count { state.select(index) }
        return true
    }

    /// Draws the visible rows in `rect`: the selection in reverse video when the list has the
    /// focus (underlined when not), a heading in bold, the words a narrowing matched marked.
    mutating func draw(in screen: inout ScreenBuffer, rect: Rect, focused: Bool) {
        let width = max(1, rect.width - 2)
        if widths?.width != width {
            widths = (width, layout.widths(for: rows.filter { !$0.isHeading }.map(\.cells), width: width))
        }
        let widths = widths!.widths
        let rows = rows
        let shown = shown
        let layout = layout
        let title = title
        let marking = marking
        ListView.draw(&state, in: &screen, rect: rect, selection: focused ? .reverse : .underline) { row, screen in
            let item = rows[shown[row.index]]
            if row.isSelected { screen.write("▸", column: row.rect.x, row: row.rect.y) }
            let line = Rect(x: row.rect.x + 2, y: row.rect.y, width: width, height: 1)
            if item.isHeading {
                screen.write(item.cells[title], column: line.x, row: line.y, width: line.width, style: .bold)
                return
            }
            layout.draw(item.cells, widths: widths, in: &screen, rect: line) { column in
                column == title ? .plain : column == item.cells.count - 1 ? CellStyle(foreground: .yellow) : .dim
            }
            guard let marking, let titleWidth = widths[title] else { return }
            // The matched words, where they fall in the title's cell as drawn.
            let start = line.x + widths[..<title].reduce(0) { $0 + ($1.map { $0 + layout.separator.displayWidth } ?? 0) }
            let text = item.cells[title]
            for range in marking.matches(in: text) {
                let from = text[..<range.lowerBound].displayWidth
                guard from < titleWidth else { break }
                let length = min(text[range].displayWidth, titleWidth - from)
                screen.restyle(Rect(x: start + from, y: line.y, width: length, height: 1)) {
                    $0.attributes.formUnion([.bold, .underline])
                    $0.foreground = .yellow
                }
            }
        }
    }
}
