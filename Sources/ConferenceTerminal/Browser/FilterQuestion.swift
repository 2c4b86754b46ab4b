import TerminalUI

/// The Videos tab's filters in a dialog: ↑↓ choose a line, ←→ (or Space) its value, `x` clears
/// them all, Enter applies, Esc leaves them as they were.
struct FilterQuestion: BrowserQuestion {
    private var filter: BrowserFilter
    private let choices: BrowserFilter.Choices
    private var row = 0
    private let answer: QuestionAnswer<BrowserFilter>

    init(filter: BrowserFilter, choices: BrowserFilter.Choices, answer: QuestionAnswer<BrowserFilter>) {
        self.filter = filter
        self.choices = choices
        self.answer = answer
    }

    mutating func handle(_ key: Key) -> Bool {
        let rows = BrowserFilter.Row.allCases
        switch key {
        case .escape:
            answer.settle(nil)
            return true
        case .enter:
            answer.settle(filter)
            return true
        case .up, .character("k"), .backTab:
            row = (row + rows.count - 1) % rows.count
        case .down, .character("j"), .tab:
            row = (row + 1) % rows.count
        case .right, .character("l"), .character(" "):
            filter.step(rows[row], by: 1, choices)
        case .left, .character("h"):
            filter.step(rows[row], by: -1, choices)
        case .character("x"):
            filter.clear()
        default:
            break
        }
        return false
    }

    mutating func draw(in screen: inout ScreenBuffer) {
        let rows = BrowserFilter.Row.allCases
        let dialog = Dialog(title: "Filter the videos", width: min(52, max(1, screen.width - 4)), height: rows.count + 2)
        let content = dialog.draw(in: &screen, bounds: screen.bounds)
        guard content.height > 0 else { return }
        let labelWidth = 12
        // Scrolled so that the chosen line shows on a short screen.
        let shown = max(1, content.height - 2)
        let first = max(0, min(row - shown + 1, rows.count - shown))
        for (line, filterRow) in rows.enumerated().dropFirst(first).prefix(shown) {
            let y = content.y + line - first
            let options = filter.options(filterRow, choices)
            let value = options[filter.selected(filterRow, choices)]
            let style: CellStyle = line == row ? .reverse : .plain
            screen.write(filterRow.label, column: content.x, row: y, width: labelWidth, style: line == row ? .bold : .plain)
            screen.write("‹ " + value + " ›", column: content.x + labelWidth, row: y, width: max(0, content.width - labelWidth), style: style)
        }
        if content.height >= 3 {
            screen.write("←→ change · x clear all · Enter apply · Esc cancel", column: content.x, row: content.maxY - 1,
                         width: content.width, style: .dim)
        }
    }

    func dismiss() { answer.settle(nil) }
    var isSettled: Bool { answer.isSettled }
}
