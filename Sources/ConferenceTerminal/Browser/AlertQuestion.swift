import TerminalUI

/// An alert over the browser: a title, a message and buttons (TerminalUI's ``Menu``); the answer
/// is the index of the button chosen, nil when dismissed with Esc.
struct AlertQuestion: BrowserQuestion {
    private var menu: Menu
    private let answer: QuestionAnswer<Int>

    init(title: String, message: String, buttons: [String], answer: QuestionAnswer<Int>) {
        menu = Menu(title: title, message: message, buttons: buttons)
        self.answer = answer
    }

    mutating func handle(_ key: Key) -> Bool {
        switch menu.handle(key) {
        case .none, .moved: return false
        case .chosen(let index): answer.settle(index)
        case .cancelled: answer.settle(nil)
        }
        return true
    }

    mutating func draw(in screen: inout ScreenBuffer) {
        menu.draw(in: &screen, bounds: screen.bounds)
    }

    func dismiss() { answer.settle(nil) }
    var isSettled: Bool { answer.isSettled }
}
