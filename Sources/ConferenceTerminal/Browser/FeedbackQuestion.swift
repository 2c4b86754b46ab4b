import ConferenceModel
import TerminalUI

/// The feedback form (``FeedbackForm``, the same as the `feedback` command's) in a dialog over
/// the browser; the answer is the ratings and comment submitted, nil when cancelled.
struct FeedbackQuestion: BrowserQuestion {
    private var form: FeedbackForm
    private var scroll = 0
    private let answer: QuestionAnswer<FeedbackAnswer>

    init(form: FeedbackFormRequest, answer: QuestionAnswer<FeedbackAnswer>) {
        self.form = FeedbackForm(title: form.title, initial: form.initial)
        self.answer = answer
    }

    mutating func handle(_ key: Key) -> Bool {
        switch form.handle(key) {
        case .none, .changed: return false
        case .submitted(let given): answer.settle(given)
        case .cancelled: answer.settle(nil)
        }
        return true
    }

    mutating func draw(in screen: inout ScreenBuffer) {
        let width = min(72, max(1, screen.width - 4))
        // The form's own lines, escapes and all, drawn as cells: one drawing of the form for both places.
        let frame = form.frame(width: max(20, width), height: max(1, screen.height - 4), style: Style(enabled: true), scroll: &scroll, status: nil)
        let dialog = Dialog(title: "Feedback", width: width, height: frame.lines.count)
        let content = dialog.draw(in: &screen, bounds: screen.bounds)
        guard content.width >= 20, content.height > 0 else { return }
        for (row, line) in frame.lines.prefix(content.height).enumerated() {
            screen.write(StyledLine(marked: line), column: content.x, row: content.y + row, width: content.width)
        }
        if let cursor = frame.cursor, cursor.row < content.height {
            screen.restyle(Rect(x: content.x + cursor.column, y: content.y + cursor.row, width: 1, height: 1)) { $0.attributes.formUnion(.reverse) }
        }
    }

    func dismiss() { answer.settle(nil) }
    var isSettled: Bool { answer.isSettled }
}
