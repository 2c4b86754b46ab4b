import TerminalUI

/// One line of text asked for over the browser (a bookmark's moment, say): a title, a field
/// offering `initial` to edit, and a line saying what goes in it. Enter answers, Esc dismisses.
struct TextQuestion: BrowserQuestion {
    private let title: String
    private let prompt: String
    private let help: String
    private var field: TextArea
    private var scroll = 0
    private let answer: QuestionAnswer<String>

    init(title: String, prompt: String, initial: String, help: String, answer: QuestionAnswer<String>) {
        self.title = title
        self.prompt = prompt
        self.help = help
        field = TextArea(text: initial, multiline: false, maximumLength: 200)
        self.answer = answer
    }

    mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .escape:
            answer.settle(nil)
        case .enter:
            answer.settle(field.text)
        case .paste(let text):
            for character in text where !character.isNewline { _ = field.handle(.character(character)) }
            return false
        default:
            _ = field.handle(key)
            return false
        }
        return true
    }

    mutating func draw(in screen: inout ScreenBuffer) {
        let dialog = Dialog(title: title, width: min(56, max(1, screen.width - 4)), height: 3)
        let content = dialog.draw(in: &screen, bounds: screen.bounds)
        guard content.height >= 1 else { return }
        TextField.draw(field, prompt: prompt, scroll: &scroll, in: &screen, rect: content.row(0))
        if content.height >= 3 {
            screen.write(help, column: content.x, row: content.y + 2, width: content.width, style: .dim)
        }
    }

    func dismiss() { answer.settle(nil) }
    var isSettled: Bool { answer.isSettled }
}
